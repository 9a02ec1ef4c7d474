/**
 * Words of the console (issue 22, item 9): one product name in every language, on the sign-in
 * page, in the sidebar and in the document title; Taiwan terms in traditional Chinese.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
const json = (path: string) => JSON.parse(readFileSync(join(root, path), 'utf8')) as Record<string, Record<string, string>>;
const LANGS = ['en', 'zh', 'tw'] as const;

describe('the product name', () => {
  it('is one name per language: sign-in title, sidebar title, the console fallbacks', () => {
    for (const lang of LANGS) {
      const schema = json(`schemas/locales/${lang}.json`).app!;
      const name = schema.sidebarTitle;
      expect(schema.loginTitle, lang).toBe(name);
      expect(json(`runtime/i18n/messages/${lang}.json`).login!.title, lang).toBe(name);
      expect(json(`runtime/i18n/messages/layout/${lang}.json`).sidebar!.title, lang).toBe(name);
    }
    const en = json('schemas/locales/en.json').app!.sidebarTitle!;
    expect(readFileSync(join(root, 'runtime/index.html'), 'utf8')).toContain(`<title>${en}</title>`);
  });
});

describe('traditional Chinese', () => {
  it('uses the Taiwan terms: 選單, 使用者, 線上, 資料', () => {
    const files = [
      'schemas/locales/tw.json',
      ...readdirSync(join(root, 'runtime/i18n/messages'), { recursive: true })
        .map(String)
        .filter((f) => f.endsWith('tw.json'))
        .map((f) => `runtime/i18n/messages/${f}`),
    ];
    expect(files.length).toBeGreaterThan(3);
    for (const file of files) {
      const text = readFileSync(join(root, file), 'utf8');
      // 用戶端 (a client program) is the Taiwan term itself
      expect(text.match(/菜單|用戶(?!端)|在線|數據/g) ?? [], file).toEqual([]);
    }
  });
});
