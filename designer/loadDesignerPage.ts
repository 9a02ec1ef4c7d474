/** The designer page with its strings in the current language. */
import type { PageModule } from '../runtime/app/componentRegistry.ts';
import { translator } from '../runtime/i18n/translator.ts';
import { loadDesignerMessages } from './designerMessages.ts';

export async function loadDesignerPage(): Promise<PageModule> {
  const [page] = await Promise.all([import('./FormDesignerPage.tsx'), loadDesignerMessages(translator.language)]);
  return page;
}
