/**
 * Registers the generic resource page under the menu component "resource" (every system
 * administration menu of schemas/menu.json). It loads on demand: the sign-in page downloads
 * none of it. The built-in field kinds (fieldKinds/builtinKinds.tsx) come with the resource
 * page; the custom actions that ship with the console register with the first route
 * generation (permission/registerLatePages.ts).
 */
import { registerComponent } from '../app/componentRegistry.ts';

export function registerResourcePages(): void {
  registerComponent('resource', () => import('./ResourcePage.tsx'), ['ResourcePage']);
}
