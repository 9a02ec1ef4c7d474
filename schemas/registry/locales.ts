/** The console's three locales and look-up of dotted message keys in their files. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { LOCALES, type Locale } from './limits.ts';

export { LOCALES, type Locale };
export type Messages = Record<string, unknown>;

export function loadLocales(schemasDir: string): Record<Locale, Messages> {
  const out = {} as Record<Locale, Messages>;
  for (const locale of LOCALES) {
    out[locale] = JSON.parse(readFileSync(join(schemasDir, 'locales', `${locale}.json`), 'utf8')) as Messages;
  }
  return out;
}

/** The message at a dotted key, or undefined. */
export function getMessage(messages: Messages, key: string): string | undefined {
  let node: unknown = messages;
  for (const part of key.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

export function hasMessage(messages: Messages, key: string): boolean {
  return getMessage(messages, key) !== undefined;
}

/** Every dotted key of a messages tree whose value is a string. */
export function messageKeys(messages: Messages, prefix = ''): string[] {
  const keys: string[] = [];
  for (const [k, v] of Object.entries(messages)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'string') keys.push(key);
    else if (v && typeof v === 'object') keys.push(...messageKeys(v as Messages, key));
  }
  return keys;
}

/** Message trees whose keys every locale must have alike: dictionary values and dictionary types. */
const SHARED_LABEL_ROOTS = ['dict', 'dictTypes'] as const;

/**
 * A `dict.*` or `dictTypes.*` label that one locale has and another lacks, once per locale
 * lacking it, as `{locale, key, from}` (`from`: a locale that has it). A missing dictionary label
 * shows its raw key in that language only, so nothing else would catch it.
 */
export function missingSharedLabels(locales: Record<Locale, Messages>): { locale: Locale; key: string; from: Locale }[] {
  const out: { locale: Locale; key: string; from: Locale }[] = [];
  const owner = new Map<string, Locale>();
  for (const locale of LOCALES) {
    for (const root of SHARED_LABEL_ROOTS) {
      const tree = locales[locale][root];
      if (!tree || typeof tree !== 'object') continue;
      for (const key of messageKeys(tree as Messages, root)) if (!owner.has(key)) owner.set(key, locale);
    }
  }
  for (const [key, from] of owner) {
    for (const locale of LOCALES) if (!hasMessage(locales[locale], key)) out.push({ locale, key, from });
  }
  return out;
}
