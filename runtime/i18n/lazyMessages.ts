/**
 * Strings of a lazily loaded part of the console (the demo pages, the form generator): one JSON
 * file per language, loaded with the part's first page and, for another language, when it is
 * chosen while the part is shown.
 */
import { useEffect } from 'react';
import { translator, useTranslation, type Messages, type TFunction } from './translator.ts';

export interface LazyMessages {
  /** Adds the part's strings of `locale` (once; later calls share the first load). */
  load(locale: string): Promise<void>;
  /** `useTranslation` for the part's pages: also loads its strings of a newly chosen language. */
  useTranslation(): { t: TFunction; language: string };
}

/** `files`: an `import.meta.glob` of the part's `<locale>.json` files, `{ import: 'default' }`. */
export function lazyMessages(files: Record<string, () => Promise<Messages>>): LazyMessages {
  const loading = new Map<string, Promise<void>>();
  const load = (locale: string): Promise<void> => {
    let pending = loading.get(locale);
    if (!pending) {
      const entry = Object.entries(files).find(([file]) => file.endsWith(`/${locale}.json`));
      pending = (entry ? entry[1]() : Promise.resolve({})).then((messages) => translator.addMessages(locale, messages, true));
      loading.set(locale, pending);
    }
    return pending;
  };
  return {
    load,
    useTranslation() {
      const { t, i18n } = useTranslation();
      const language = i18n.language;
      useEffect(() => {
        void load(language);
      }, [language]);
      return { t, language };
    },
  };
}
