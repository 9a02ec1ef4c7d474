/**
 * Each locale speaks its own script: no English label holds Chinese characters (unless it is a
 * proper name listed here), and no traditional-Chinese (tw) label holds a simplified-only
 * character, so a tw label is never the zh one copied where zh writes simplified characters.
 * Covers the schema labels (schemas/locales: routes, resources, dictionaries) and the console's
 * own strings (runtime/i18n/messages). Simplified-only characters are the ones OpenCC's
 * mainland-to-Taiwan conversion changes.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Converter } from 'opencc-js';
import { messageKeys, getMessage, type Messages } from '../../schemas/registry/locales.ts';

const root = join(import.meta.dirname, '../..');
const DIRS = [
  'schemas/locales',
  'runtime/i18n/messages',
  'runtime/i18n/messages/layout',
  'runtime/i18n/messages/demo',
  'runtime/i18n/messages/public',
];
/** English labels that may keep Chinese characters: proper names, by key. */
const EN_PROPER_NAMES = new Set<string>();
/** Characters common to both scripts that OpenCC still rewrites for Taiwan (平台, 工作台). */
const TW_ACCEPTED = new Set(['台']);
const CJK = /[\u3400-\u9fff\uf900-\ufaff]/;

const toTaiwan = Converter({ from: 'cn', to: 'tw' });
const simplifiedOnly = (text: string) => [...text].filter((ch) => !TW_ACCEPTED.has(ch) && toTaiwan(ch) !== ch);

function labels(dir: string, locale: string): Map<string, string> {
  const messages = JSON.parse(readFileSync(join(root, dir, `${locale}.json`), 'utf8')) as Messages;
  return new Map(messageKeys(messages).map((key) => [key, getMessage(messages, key)!]));
}

describe('locale scripts', () => {
  it('finds simplified-only characters the way the checks below rely on', () => {
    expect(simplifiedOnly('入库管理')).toEqual(['库']);
    expect(simplifiedOnly('入庫管理')).toEqual([]);
    expect(simplifiedOnly('工作台')).toEqual([]);
  });

  for (const dir of DIRS) {
    it(`${dir}: no English label holds Chinese characters`, () => {
      const mixed = [...labels(dir, 'en')].filter(([key, text]) => CJK.test(text) && !EN_PROPER_NAMES.has(key));
      expect(mixed.map(([key, text]) => `${key}: ${text}`)).toEqual([]);
    });

    it(`${dir}: no traditional-Chinese label holds a simplified-only character`, () => {
      const zh = labels(dir, 'zh');
      const problems: string[] = [];
      for (const [key, text] of labels(dir, 'tw')) {
        const chars = simplifiedOnly(text);
        if (chars.length) problems.push(`${key}: ${text} (${chars.join('')})`);
        const source = zh.get(key);
        if (source !== undefined && source === text && simplifiedOnly(source).length) problems.push(`${key}: same as zh`);
      }
      expect(problems).toEqual([]);
    });
  }
});
