/**
 * Message loading: the console's own strings over the schema labels (schemas/locales/*.json:
 * resources, routes, dictionaries, app titles). The strings of the sign-in and public pages
 * (messages/*.json) load before the first paint in the current language; the strings of the
 * signed-in layout and its pages (messages/layout/*.json) load with the schema labels, which
 * the layout waits for; other languages load when chosen.
 */
import Cookies from 'js-cookie';
import { LANGUAGE_COOKIE, type Locale } from '../constants/spec.ts';
import { detectLanguage } from './detectLanguage.ts';
import { translator, type Messages } from './translator.ts';

const consoleMessages = import.meta.glob<Messages>('./messages/*.json', { import: 'default' });
/** The console strings only the signed-in layout and its pages use (messages/layout/*.json). */
const layoutMessages = import.meta.glob<Messages>('./messages/layout/*.json', { import: 'default' });
/** Schema locale files, if the schemas module has written them (resolved at build time). */
const schemaMessages = import.meta.glob<Messages>('../../schemas/locales/*.json', { import: 'default' });

function loaderFor(files: Record<string, () => Promise<Messages>>, locale: Locale): Promise<Messages> {
  const entry = Object.entries(files).find(([file]) => file.endsWith(`/${locale}.json`));
  return entry ? entry[1]() : Promise.resolve({});
}

export function initialLanguage(): Locale {
  return detectLanguage(
    Cookies.get(LANGUAGE_COOKIE),
    typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]),
  );
}

translator.changeLanguage(initialLanguage());

const loading = new Map<Locale, Promise<void>>();
const loadingLabels = new Map<Locale, Promise<void>>();

/** Loads a language's console strings once (all the sign-in pages need). */
export function loadLanguage(locale: Locale): Promise<void> {
  let pending = loading.get(locale);
  if (!pending) {
    pending = loaderFor(consoleMessages, locale).then((own) => {
      translator.addMessages(locale, own, true);
    });
    loading.set(locale, pending);
  }
  return pending;
}

/**
 * Loads a language's schema labels once (routes, resources, dictionaries), under the
 * console's own strings; the signed-in layout asks for them, the sign-in page does not.
 */
export function loadSchemaLabels(locale: Locale): Promise<void> {
  let pending = loadingLabels.get(locale);
  if (!pending) {
    pending = Promise.all([loaderFor(schemaMessages, locale), loaderFor(layoutMessages, locale), loadLanguage(locale)]).then(
      ([schema, layout]) => {
        translator.addMessages(locale, layout, true);
        translator.addMessages(locale, schema, false);
      },
    );
    loadingLabels.set(locale, pending);
  }
  return pending;
}

/** HTML lang attribute per locale (the BCP 47 tags of languageNames.ts). */
export { LANGUAGE_TAGS as HTML_LANG } from './languageNames.ts';
