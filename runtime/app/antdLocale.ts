/** Ant Design's component strings, loaded for the current language only. */
import type { Locale as AntdLocale } from 'antd/es/locale';
import type { Locale } from '../constants/spec.ts';

/** English is antd's built-in default: nothing to load (undefined keeps it). */
const loaders: Record<Locale, () => Promise<AntdLocale | undefined>> = {
  en: () => Promise.resolve(undefined),
  zh: () => import('antd/es/locale/zh_CN').then((m) => m.default),
  tw: () => import('antd/es/locale/zh_TW').then((m) => m.default),
};

const loaded = new Map<Locale, AntdLocale | undefined>();

export async function loadAntdLocale(locale: Locale): Promise<AntdLocale | undefined> {
  if (!loaded.has(locale)) loaded.set(locale, await loaders[locale]());
  return loaded.get(locale);
}

export function loadedAntdLocale(locale: Locale): AntdLocale | undefined {
  return loaded.get(locale);
}
