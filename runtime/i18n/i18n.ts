/**
 * i18next setup: the console's own strings (messages/*.json) merged over the schema
 * labels (schemas/locales/*.json: resources, routes, dictionaries, app titles). Only the
 * current language is loaded before the first paint; the others load when chosen.
 */
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import Cookies from 'js-cookie';
import { DEFAULT_LOCALE, LANGUAGE_COOKIE, type Locale } from '../constants/spec.ts';
import { detectLanguage } from './detectLanguage.ts';

type Messages = Record<string, unknown>;

const consoleMessages = import.meta.glob<Messages>('./messages/*.json', { import: 'default' });
/** Schema locale files, if the schemas module has written them (resolved at build time). */
const schemaMessages = import.meta.glob<Messages>('../../schemas/locales/*.json', { import: 'default' });

function loaderFor(files: Record<string, () => Promise<Messages>>, locale: Locale): Promise<Messages> {
  const entry = Object.entries(files).find(([file]) => file.endsWith(`/${locale}.json`));
  return entry ? entry[1]() : Promise.resolve({});
}

function isObject(v: unknown): v is Messages {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Deep merge: `over` wins on conflicts. */
export function mergeMessages(base: Messages, over: Messages): Messages {
  const out: Messages = { ...base };
  for (const [k, v] of Object.entries(over)) {
    const prev = out[k];
    out[k] = isObject(prev) && isObject(v) ? mergeMessages(prev, v) : v;
  }
  return out;
}

export function initialLanguage(): Locale {
  return detectLanguage(Cookies.get(LANGUAGE_COOKIE), typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]));
}

void i18next.use(initReactI18next).init({
  resources: {},
  lng: initialLanguage(),
  fallbackLng: DEFAULT_LOCALE,
  partialBundledLanguages: true,
  interpolation: { escapeValue: false },
  returnNull: false,
});

const loading = new Map<Locale, Promise<void>>();

/** Loads a language's strings once (console and schema labels). */
export function loadLanguage(locale: Locale): Promise<void> {
  let pending = loading.get(locale);
  if (!pending) {
    pending = Promise.all([loaderFor(schemaMessages, locale), loaderFor(consoleMessages, locale)]).then(([schema, own]) => {
      i18next.addResourceBundle(locale, 'translation', mergeMessages(schema, own), true, true);
    });
    loading.set(locale, pending);
  }
  return pending;
}

/** HTML lang attribute per locale. */
export const HTML_LANG: Record<Locale, string> = { en: 'en', zh: 'zh-CN', tw: 'zh-TW' };

export default i18next;
