/**
 * Registers the generic resource page under the menu component "resource" (every system
 * administration menu of schemas/menu.json), and the custom actions that ship with the console.
 * Everything registered here loads on demand: the sign-in page downloads none of it. The
 * built-in field kinds (fieldKinds/builtinKinds.tsx) come with the resource page.
 */
import { registerComponent } from '../app/componentRegistry.ts';
import { registerSystemActions } from './actions/registerSystemActions.ts';

export function registerResourcePages(): void {
  registerComponent('resource', () => import('./ResourcePage.tsx'), ['ResourcePage']);
  // The custom actions of the system pages (grant role, force sign-out, ...).
  registerSystemActions();
}
