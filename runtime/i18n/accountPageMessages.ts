/**
 * The strings of the registration and password-recovery pages (messages/public/*.json), in
 * every language: bundled with those pages, not in the sign-in page's first-paint strings.
 * Importing this module adds them; a page that shows them imports it.
 */
import en from './messages/public/en.json';
import zh from './messages/public/zh.json';
import tw from './messages/public/tw.json';
import { translator } from './translator.ts';

for (const [locale, messages] of [
  ['en', en],
  ['zh', zh],
  ['tw', tw],
] as const)
  translator.addMessages(locale, messages, false);
