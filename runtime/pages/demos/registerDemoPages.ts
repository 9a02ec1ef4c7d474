/**
 * The template demo pages, registered under the component names of their menu entries
 * (schemas/menu.json: `views/icons` → `icons`). One loader reaches every page through
 * demoPages.ts, so the route generation (permission/applyMenu.ts, which registers them) carries
 * only these names; each page and the demo strings load with the first demo page opened.
 */
import { registerComponent } from '../../app/componentRegistry.ts';

export const DEMO_PAGE_NAMES = [
  'icons',
  'clipboard',
  'components-demo/count-to',
  'components-demo/back-to-top',
  'components-demo/sticky',
  'tab',
  'permission/page',
  'permission/directive',
  'permission/role',
  'nested/menu1/menu1-1',
  'nested/menu1/menu1-2/menu1-2-1',
  'nested/menu1/menu1-2/menu1-2-2',
  'nested/menu1/menu1-3',
  'nested/menu2',
  'error-log',
  'excel/export-excel',
  'excel/select-excel',
  'excel/merge-header',
  'excel/upload-excel',
] as const;
export type DemoPageName = (typeof DEMO_PAGE_NAMES)[number];

let registered = false;

/** Registers the demo pages once (a second registration would drop the pages already loaded). */
export function registerDemoPages(): void {
  if (registered) return;
  registered = true;
  for (const name of DEMO_PAGE_NAMES) registerComponent(name, () => import('./demoPages.ts').then((m) => m.loadDemoPage(name)));
}
