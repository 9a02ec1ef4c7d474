/**
 * The template demo pages, registered under the component names of their menu entries
 * (schemas/menu.json: `views/icons` → `icons`). One loader reaches every page through
 * demoPages.ts, so the route generation (permission/registerLatePages.ts, which registers them) carries
 * only these names; each page and the demo strings load with the first demo page opened.
 * The custom actions of the demo lists (the excel pages' exports, `kind: "custom"` in
 * schemas/resources/mock-article-sheet.json, and the zip page's, mock-article-zip.json)
 * register here too, by name, and load when opened.
 */
import { registerComponent } from '../../app/componentRegistry.ts';
import { registerActionComponent } from '../../resource/extensions.ts';

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
  'example/list',
  'example/create',
  'example/edit',
  'charts/keyboard',
  'charts/line',
  'charts/mix-chart',
  'components-demo/dnd-list',
  'components-demo/drag-kanban',
  'components-demo/drag-dialog',
  'components-demo/drag-select',
  'components-demo/split-pane',
  'components-demo/json-editor',
  'components-demo/tinymce',
  'components-demo/mixin',
  'components-demo/dropzone',
  'components-demo/avatar-upload',
  'zip',
  'pdf',
  'pdf/download',
  'theme',
  'i18n-demo',
  'guide',
] as const;
export type DemoPageName = (typeof DEMO_PAGE_NAMES)[number];

let registered = false;

/** Registers the demo pages once (a second registration would drop the pages already loaded). */
export function registerDemoPages(): void {
  if (registered) return;
  registered = true;
  for (const name of DEMO_PAGE_NAMES) registerComponent(name, () => import('./demoPages.ts').then((m) => m.loadDemoPage(name)));
  // The demo strings they use load with them (useDemoTranslation).
  const exportActions = () => import('./excel/ExportAction.tsx');
  registerActionComponent('MockArticleSheet', 'exportSheet', async () => ({ default: (await exportActions()).ExportSheet }));
  registerActionComponent('MockArticleSheet', 'exportSelected', async () => ({ default: (await exportActions()).ExportSelected }));
  registerActionComponent('MockArticleSheet', 'exportMergedHeader', async () => ({
    default: (await exportActions()).ExportMergedHeader,
  }));
  registerActionComponent('MockArticleZip', 'exportZip', async () => ({ default: (await import('./components/ZipAction.tsx')).ExportZip }));
}
