/** The modeler page (bpmn-js and its styles) with its strings in the current language. */
import type { PageModule } from '../../app/componentRegistry.ts';
import { translator } from '../../i18n/translator.ts';
import { loadProcessDesignMessages } from './processDesignMessages.ts';

export async function loadProcessDesignPage(): Promise<PageModule> {
  const [page] = await Promise.all([import('./ProcessDesignPage.tsx'), loadProcessDesignMessages(translator.language)]);
  return page;
}
