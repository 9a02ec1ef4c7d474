import { useEffect } from 'react';
import dayjs from 'dayjs';
import type { Locale } from '../constants/spec.ts';

const loaders: Record<Locale, () => Promise<unknown>> = {
  en: () => Promise.resolve(),
  zh: () => import('dayjs/locale/zh-cn'),
  tw: () => import('dayjs/locale/zh-tw'),
};
const NAMES: Record<Locale, string> = { en: 'en', zh: 'zh-cn', tw: 'zh-tw' };

/** Dates (pickers, relative times) follow the app language. */
export function useDayjsLocale(language: Locale): void {
  useEffect(() => {
    let live = true;
    void loaders[language]().then(() => live && dayjs.locale(NAMES[language]));
    return () => {
      live = false;
    };
  }, [language]);
}
