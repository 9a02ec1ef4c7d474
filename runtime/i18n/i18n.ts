/**
 * i18next setup: the console's own strings (messages/*.json) merged over the schema
 * labels (schemas/locales/*.json: resources, routes, dictionaries, app titles).
 */
import i18next, { type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import Cookies from 'js-cookie';
import { LANGUAGE_COOKIE, LOCALES, type Locale } from '../constants/spec.ts';
import { detectLanguage } from './detectLanguage.ts';
import en from './messages/en.json';
import zh from './messages/zh.json';
import tw from './messages/tw.json';

type Messages = Record<string, unknown>;

/** Schema locale files, if the schemas module has written them (resolved at build time). */
const schemaLocales = import.meta.glob<Messages>('../../schemas/locales/*.json', { eager: true, import: 'default' });

export const consoleMessages: Record<Locale, Messages> = { en, zh, tw };

function schemaMessages(locale: Locale): Messages {
  const entry = Object.entries(schemaLocales).find(([file]) => file.endsWith(`/${locale}.json`));
  return entry?.[1] ?? {};
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

export function buildResources(): Resource {
  const resources: Resource = {};
  for (const locale of LOCALES) {
    resources[locale] = { translation: mergeMessages(schemaMessages(locale), consoleMessages[locale]) } as Resource[string];
  }
  return resources;
}

export function initialLanguage(): Locale {
  return detectLanguage(Cookies.get(LANGUAGE_COOKIE), typeof navigator === 'undefined' ? [] : navigator.languages ?? [navigator.language]);
}

void i18next.use(initReactI18next).init({
  resources: buildResources(),
  lng: initialLanguage(),
  fallbackLng: 'en',
  interpolation: { escapeValue: false },
  returnNull: false,
});

/** HTML lang attribute per locale. */
export const HTML_LANG: Record<Locale, string> = { en: 'en', zh: 'zh-CN', tw: 'zh-TW' };

export default i18next;
