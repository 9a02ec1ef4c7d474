/**
 * The form generator's strings (designer/messages/*.json): they load with the page and, for
 * another language, when it is chosen while the page is shown.
 */
import { useMemo } from 'react';
import { translator, type Messages, type TFunction } from '../runtime/i18n/translator.ts';
import { lazyMessages } from '../runtime/i18n/lazyMessages.ts';

const designerMessages = lazyMessages(import.meta.glob<Messages>('./messages/*.json', { import: 'default' }));

export const loadDesignerMessages = designerMessages.load;
/**
 * `useTranslation` for the designer: also loads its strings for a newly chosen language. Its `t`
 * is a new function only when the language changes or the designer's strings arrive, not on
 * every change of the translator's messages: the preview adds the document's labels on each
 * keystroke in a label, and the designer's panels, which take `t`, need not be drawn again for it.
 */
export function useDesignerTranslation(): { t: TFunction; language: string } {
  const { language } = designerMessages.useTranslation();
  const loaded = translator.i18n.getResource(language, 'translation', 'designer.design') !== undefined;
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the language and the strings' arrival are what make a new t
  const t = useMemo<TFunction>(() => (key, options) => translator.t(key, options), [language, loaded]);
  return { t, language };
}
