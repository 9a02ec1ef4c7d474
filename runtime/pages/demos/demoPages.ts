/** The demo pages by registry name; each loads with the demo strings of the current language. */
import type { PageModule } from '../../app/componentRegistry.ts';
import type { DemoPageName } from './registerDemoPages.ts';
import { loadDemoMessages } from './demoMessages.ts';
import './demos.css';
import { translator } from '../../i18n/translator.ts';

const PAGES: Record<DemoPageName, () => Promise<PageModule>> = {
  icons: () => import('./IconsPage.tsx'),
  clipboard: () => import('./ClipboardPage.tsx'),
  'components-demo/count-to': () => import('./CountToPage.tsx'),
  'components-demo/back-to-top': () => import('./BackToTopPage.tsx'),
  'components-demo/sticky': () => import('./StickyPage.tsx'),
  tab: () => import('./TabPage.tsx'),
  'permission/page': () => import('./permission/PagePermissionPage.tsx'),
  'permission/directive': () => import('./permission/DirectivePermissionPage.tsx'),
  'permission/role': () => import('./permission/RolePermissionPage.tsx'),
  'nested/menu1/menu1-1': () => import('./NestedPage.tsx'),
  'nested/menu1/menu1-2/menu1-2-1': () => import('./NestedPage.tsx'),
  'nested/menu1/menu1-2/menu1-2-2': () => import('./NestedPage.tsx'),
  'nested/menu1/menu1-3': () => import('./NestedPage.tsx'),
  'nested/menu2': () => import('./NestedPage.tsx'),
  'error-log': () => import('./ErrorLogDemoPage.tsx'),
  'excel/export-excel': () => import('./excel/ExportExcelPage.tsx'),
  'excel/select-excel': () => import('./excel/SelectExcelPage.tsx'),
  'excel/merge-header': () => import('./excel/MergeHeaderPage.tsx'),
  'excel/upload-excel': () => import('./excel/UploadExcelPage.tsx'),
};

export async function loadDemoPage(name: DemoPageName): Promise<PageModule> {
  const [page] = await Promise.all([PAGES[name](), loadDemoMessages(translator.language)]);
  return page;
}
