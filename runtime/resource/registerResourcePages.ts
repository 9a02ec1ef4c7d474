/**
 * Registers the generic resource page under the menu component "resource" (every system
 * administration menu of schemas/menu.json), and the resource extensions that ship with the
 * console. Everything registered here loads on demand: the sign-in page downloads none of it.
 */
import { registerComponent } from '../app/componentRegistry.ts';
import { registerExtensionModule } from './extensions.ts';
import { registerSystemActions } from './actions/registerSystemActions.ts';

export function registerResourcePages(): void {
  registerComponent('resource', () => import('./ResourcePage.tsx'), ['ResourcePage']);
  // The column renderers resource files may name (statusTag, dictTag, icon, flagTag).
  registerExtensionModule(() => import('./builtinRenderers.tsx'));
  // The form widget of many-valued relations (relationMultiple: the recipients of a notification).
  registerExtensionModule(() => import('./form/RelationMultipleWidget.tsx'));
  // The custom actions of the system pages (grant role, force sign-out, ...).
  registerSystemActions();
}
