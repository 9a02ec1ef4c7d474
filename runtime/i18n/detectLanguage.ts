import { LOCALES, type Locale } from '../../schemas/registry/limits.ts';
import { DEFAULT_LOCALE } from '../constants/spec.ts';

function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** Maps one browser language tag to a console locale: zh-TW / zh-HK / zh-Hant are tw. */
export function matchBrowserLanguage(tag: string): Locale | undefined {
  const lower = tag.toLowerCase();
  if (lower.startsWith('zh')) {
    return /^zh-(tw|hk|mo)\b|^zh-hant\b/.test(lower) ? 'tw' : 'zh';
  }
  if (lower === 'tw') return 'tw';
  return LOCALES.find((locale) => lower === locale || lower.startsWith(`${locale}-`));
}

/** The stored language first, then the browser languages matched against en, zh, tw; default en. */
export function detectLanguage(stored: string | null | undefined, browserLanguages: readonly string[]): Locale {
  if (isLocale(stored)) return stored;
  for (const tag of browserLanguages) {
    const match = matchBrowserLanguage(tag);
    if (match) return match;
  }
  return DEFAULT_LOCALE;
}
