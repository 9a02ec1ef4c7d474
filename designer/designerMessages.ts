/**
 * The form generator's strings (designer/messages/*.json): they load with the page and, for
 * another language, when it is chosen while the page is shown.
 */
import { useEffect } from 'react';
import { translator, useTranslation, type Messages, type TFunction } from '../runtime/i18n/translator.ts';

const files = import.meta.glob<Messages>('./messages/*.json', { import: 'default' });
const loading = new Map<string, Promise<void>>();

export function loadDesignerMessages(locale: string): Promise<void> {
  let pending = loading.get(locale);
  if (!pending) {
    const entry = Object.entries(files).find(([file]) => file.endsWith(`/${locale}.json`));
    pending = (entry ? entry[1]() : Promise.resolve({})).then((messages) => translator.addMessages(locale, messages, true));
    loading.set(locale, pending);
  }
  return pending;
}

/** `useTranslation` for the designer: also loads its strings for a newly chosen language. */
export function useDesignerTranslation(): { t: TFunction; language: string } {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  useEffect(() => {
    void loadDesignerMessages(language);
  }, [language]);
  return { t, language };
}
