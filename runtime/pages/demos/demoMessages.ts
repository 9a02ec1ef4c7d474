/**
 * The demo pages' strings (i18n/messages/demo/*.json, the `demo` namespace): they load with the
 * first demo page and, for another language, when it is chosen while a demo page is shown.
 */
import { useEffect } from 'react';
import { translator, useTranslation, type Messages, type TFunction } from '../../i18n/translator.ts';

const files = import.meta.glob<Messages>('../../i18n/messages/demo/*.json', { import: 'default' });
const loading = new Map<string, Promise<void>>();

export function loadDemoMessages(locale: string): Promise<void> {
  let pending = loading.get(locale);
  if (!pending) {
    const entry = Object.entries(files).find(([file]) => file.endsWith(`/${locale}.json`));
    pending = (entry ? entry[1]() : Promise.resolve({})).then((messages) => translator.addMessages(locale, messages, true));
    loading.set(locale, pending);
  }
  return pending;
}

/** `useTranslation` for the demo pages: also loads the demo strings of a newly chosen language. */
export function useDemoTranslation(): { t: TFunction; language: string } {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  useEffect(() => {
    void loadDemoMessages(language);
  }, [language]);
  return { t, language };
}
