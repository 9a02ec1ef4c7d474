/**
 * What the demo pages' end-to-end tests share: their texts in English and Chinese (demo strings,
 * route titles, shell strings), the sidebar walk that opens a page, and the shown page's locators.
 */
import type { Page } from 'playwright-core';
import { textsOf } from './harness.ts';

export type Lang = 'en' | 'zh';
const texts = (lang: Lang) =>
  textsOf(
    `runtime/i18n/messages/demo/${lang}.json`,
    `schemas/locales/${lang}.json`,
    `runtime/i18n/messages/${lang}.json`,
    `runtime/i18n/messages/layout/${lang}.json`,
  );
const textsIn: Record<Lang, ReturnType<typeof textsOf>> = { en: texts('en'), zh: texts('zh') };

/** The text of a key in a language (demo strings, route titles, shell strings). */
export const say = (lang: Lang, key: string, values: Record<string, string | number> = {}): string => textsIn[lang](key, values);

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Opens a page from the sidebar: the submenus by title (opened unless open), then the entry. */
export async function openFromMenu(page: Page, lang: Lang, titleKeys: string[]): Promise<void> {
  const nav = page.locator('.sidebar-container');
  const item = (key: string) => nav.getByRole('menuitem', { name: new RegExp(`(^|\\s)${escape(say(lang, key))}$`) });
  for (const key of titleKeys.slice(0, -1)) {
    const parent = item(key).first();
    if ((await parent.getAttribute('aria-expanded')) !== 'true') await parent.click();
  }
  await item(titleKeys.at(-1)!).last().click();
}

/** The page shown (cached pages stay mounted, hidden). */
export const here = (page: Page) => page.locator('.app-page:visible');
export const cardTitle = (page: Page, text: string) => page.locator('.ant-card-head-title', { hasText: text }).first();

/** Chooses the console's language (the cookie the language menu sets) and reloads. */
export async function speak(page: Page, url: string, lang: Lang): Promise<void> {
  if (lang === 'en') return;
  await page.context().addCookies([{ name: 'language', value: lang, url }]);
  await page.reload();
  await page.getByTestId('app-layout').waitFor();
}
