import type { Locale } from '../constants/spec.ts';

/** Each language names itself, in its own script; menu order zh, tw, en. */
export const LANGUAGE_NAMES: Record<Locale, string> = { zh: '简体中文', tw: '繁體中文', en: 'English' };
export const LANGUAGE_ORDER: readonly Locale[] = ['zh', 'tw', 'en'];
/** BCP 47 tag of each locale, for lang attributes. */
export const LANGUAGE_TAGS: Record<Locale, string> = { en: 'en', zh: 'zh-CN', tw: 'zh-TW' };
