/**
 * The pages the shell itself provides, under the names menus use for them. The demo pages
 * register with the first route generation (permission/registerLatePages.ts), so that their names stay
 * out of the sign-in page's download.
 */
import { registerComponent } from './componentRegistry.ts';

export function registerShellPages(): void {
  registerComponent('workbench', () => import('../pages/workbench/WorkbenchPage.tsx'), ['/workbench', 'dashboard']);
  registerComponent('profile', () => import('../pages/profile/ProfilePage.tsx'), ['/profile/index']);
  registerComponent('errorPage401', () => import('../pages/errors/UnauthorizedPage.tsx'), ['/error/401', 'error-page/401']);
  registerComponent('errorPage404', () => import('../pages/errors/NotFoundPage.tsx'), ['/error/404', 'error-page/404']);
  // the menu's /error-log/log (views/error-log) is the error-log demo page (pages/demos)
  registerComponent('errorLog', () => import('../pages/errorLog/ErrorLogPage.tsx'));
  // The form generator (designer/): its page, strings and Monaco load when it is opened.
  registerComponent('generator/formdesign', () => import('../../designer/loadDesignerPage.ts').then((m) => m.loadDesignerPage()));
}
