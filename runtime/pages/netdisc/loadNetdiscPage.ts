/** The netdisc page with its strings in the current language. */
import type { PageModule } from '../../app/componentRegistry.ts';
import { translator } from '../../i18n/translator.ts';
import { loadNetdiscMessages } from './netdiscMessages.ts';

export async function loadNetdiscPage(): Promise<PageModule> {
  const [page] = await Promise.all([import('./NetdiscPage.tsx'), loadNetdiscMessages(translator.language)]);
  return page;
}
