/**
 * The console's translator: nested message objects per language, key lookup with a fallback
 * language, `{{name}}` interpolation, and a React hook that re-renders on a language change
 * or when messages arrive. It is all the console asks of a translation library, in a few
 * hundred bytes, so that the sign-in page stays within its download budget (docs/console.md).
 */
import { useMemo, useSyncExternalStore } from 'react';
import { DEFAULT_LOCALE } from '../constants/spec.ts';

export type Messages = { [key: string]: unknown };
export type TranslateOptions = { defaultValue?: string; [name: string]: unknown };
/** A key, or keys tried in order (the first that has a message wins). */
export type TFunction = (key: string | readonly string[], options?: TranslateOptions) => string;

function isObject(value: unknown): value is Messages {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Copies `source` into `target`; nested objects merge, and existing strings stay unless `overwrite`. */
function merge(target: Messages, source: Messages, overwrite: boolean): void {
  for (const [key, value] of Object.entries(source)) {
    const current = target[key];
    if (isObject(value) && isObject(current)) merge(current, value, overwrite);
    else if (isObject(value)) merge((target[key] = {}), value, overwrite);
    else if (current === undefined || overwrite) target[key] = value;
  }
}

function lookup(messages: Messages | undefined, key: string): string | undefined {
  let node: unknown = messages;
  for (const part of key.split('.')) {
    if (!isObject(node)) return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

function interpolate(text: string, options: TranslateOptions | undefined): string {
  if (!options) return text;
  return text.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (match, name: string) => (name in options ? String(options[name]) : match));
}

export class Translator {
  language: string;
  private readonly fallback: string;
  private readonly resources = new Map<string, Messages>();
  private readonly listeners = new Set<() => void>();
  private version = 0;

  constructor(language: string, fallback: string) {
    this.language = language;
    this.fallback = fallback;
  }

  /** Adds messages for a language; with `overwrite` false, messages already there win. */
  addMessages(language: string, messages: Messages, overwrite = true): void {
    let bundle = this.resources.get(language);
    if (!bundle) this.resources.set(language, (bundle = {}));
    merge(bundle, messages, overwrite);
    this.changed();
  }

  changeLanguage(language: string): void {
    if (language === this.language) return;
    this.language = language;
    this.changed();
  }

  exists(key: string): boolean {
    return this.find(key) !== undefined;
  }

  private find(key: string): string | undefined {
    return lookup(this.resources.get(this.language), key) ?? lookup(this.resources.get(this.fallback), key);
  }

  /** The message in the current language, else in the fallback language, else `defaultValue`, else the (last) key. */
  readonly t: TFunction = (key, options) => {
    const keys = typeof key === 'string' ? [key] : key;
    let text: string | undefined;
    for (const k of keys) if ((text = this.find(k)) !== undefined) break;
    return interpolate(text ?? options?.defaultValue ?? keys[keys.length - 1] ?? '', options);
  };

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  snapshot = (): number => this.version;

  private changed(): void {
    this.version += 1;
    for (const listener of this.listeners) listener();
  }
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
