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
  'example/list': () => import('./example/ArticleListPage.tsx'),
  'example/create': () => import('./example/ArticleEditorPage.tsx'),
  'example/edit': () => import('./example/ArticleEditorPage.tsx'),
  'charts/keyboard': () => import('./charts/KeyboardChartPage.tsx'),
  'charts/line': () => import('./charts/LineChartPage.tsx'),
  'charts/mix-chart': () => import('./charts/MixChartPage.tsx'),
  'components-demo/dnd-list': () => import('./components/DndListPage.tsx'),
  'components-demo/drag-kanban': () => import('./components/DragKanbanPage.tsx'),
  'components-demo/drag-dialog': () => import('./components/DragDialogPage.tsx'),
  'components-demo/drag-select': () => import('./components/DragSelectPage.tsx'),
  'components-demo/split-pane': () => import('./components/SplitPanePage.tsx'),
  'components-demo/json-editor': () => import('./components/JsonEditorPage.tsx'),
  'components-demo/tinymce': () => import('./components/TinymcePage.tsx'),
  'components-demo/mixin': () => import('./components/MixinPage.tsx'),
  'components-demo/dropzone': () => import('./components/DropzonePage.tsx'),
  'components-demo/avatar-upload': () => import('./components/AvatarUploadPage.tsx'),
  zip: () => import('./components/ZipPage.tsx'),
  pdf: () => import('./components/PdfPage.tsx'),
  'pdf/download': () => import('./components/PdfDownloadPage.tsx'),
  theme: () => import('./components/ThemePage.tsx'),
  'i18n-demo': () => import('./components/I18nPage.tsx'),
  guide: () => import('./components/GuidePage.tsx'),
};

export async function loadDemoPage(name: DemoPageName): Promise<PageModule> {
  const [page] = await Promise.all([PAGES[name](), loadDemoMessages(translator.language)]);
  return page;
}
