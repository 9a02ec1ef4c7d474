/**
 * The console's translator: an i18next instance (one `translation` namespace of nested
 * message objects per language, a fallback language, `{{name}}` interpolation) and a React
 * hook over it that re-renders on a language change or when messages arrive.
 */
import i18next, { type i18n } from 'i18next';
import { useMemo, useSyncExternalStore } from 'react';
import { DEFAULT_LOCALE } from '../constants/spec.ts';

export type Messages = { [key: string]: unknown };
type TranslateOptions = { defaultValue?: string; [name: string]: unknown };
/** A key, or keys tried in order (the first that has a message wins). */
export type TFunction = (key: string | readonly string[], options?: TranslateOptions) => string;

export class Translator {
  readonly i18n: i18n;
  private readonly listeners = new Set<() => void>();
  private version = 0;

  constructor(language: string, fallback: string) {
    this.i18n = i18next.createInstance({
      lng: language,
      fallbackLng: fallback,
      resources: {},
      // Synchronous start: no backend, messages arrive through addMessages.
      initAsync: false,
      // Keys are dotted paths; a ':' in a server menu title is not a namespace.
      nsSeparator: false,
      // React escapes what it renders; messages are plain text.
      interpolation: { escapeValue: false },
      // A key that names a group of messages is not a message: answer the key, as for a missing one.
      returnedObjectHandler: (key) => key,
    });
    void this.i18n.init();
    this.i18n.on('languageChanged', this.changed);
    this.i18n.store.on('added', this.changed);
  }

  get language(): string {
    return this.i18n.language;
  }

  /**
   * Adds messages for a language; nested objects merge, and with `overwrite` false messages
   * already there win. Every component that translates draws again, unless `quiet`: for
   * messages only one component reads, which the adder tells it of (the form designer's
   * preview passes its record form a `messagesVersion`).
   */
  addMessages(language: string, messages: Messages, overwrite = true, quiet = false): void {
    this.i18n.addResourceBundle(language, 'translation', messages, true, overwrite, { silent: quiet });
  }

  changeLanguage(language: string): void {
    if (language === this.i18n.language) return;
    void this.i18n.changeLanguage(language);
  }

  /** Whether a message (a string, not a group) exists in the current or the fallback language. */
  exists(key: string): boolean {
    return this.i18n.exists(key, { returnObjects: false });
  }

  /** The message in the current language, else in the fallback language, else `defaultValue`, else the (last) key. */
  readonly t: TFunction = (key, options) => this.i18n.t(key as string | string[], options as Record<string, unknown> | undefined) as string;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  snapshot = (): number => this.version;

  private readonly changed = (): void => {
    this.version += 1;
    for (const listener of this.listeners) listener();
  };
}

export const translator = new Translator(DEFAULT_LOCALE, DEFAULT_LOCALE);

/**
 * `t` for components: re-renders when the language changes or messages arrive, and `t` is a
 * new function each time, so memoised values that depend on it are recomputed.
 */
export function useTranslation(): { t: TFunction; i18n: { language: string } } {
  const version = useSyncExternalStore(translator.subscribe, translator.snapshot, translator.snapshot);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- version is what makes a new t
  const t = useMemo<TFunction>(() => (key, options) => translator.t(key, options), [version]);
  return { t, i18n: translator };
}
