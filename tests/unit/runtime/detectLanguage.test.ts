import { describe, it, expect } from 'vitest';
import { detectLanguage, matchBrowserLanguage } from '../../../runtime/i18n/detectLanguage.ts';

describe('language detection', () => {
  it('uses the stored language first', () => {
    expect(detectLanguage('tw', ['en-US'])).toBe('tw');
    expect(detectLanguage('zh', ['en-US'])).toBe('zh');
  });
  it('ignores an unknown stored value', () => {
    expect(detectLanguage('fr', ['zh-CN'])).toBe('zh');
  });
  it('matches browser languages against en, zh, tw in order of preference', () => {
    expect(detectLanguage(undefined, ['en-GB', 'zh-CN'])).toBe('en');
    expect(detectLanguage(undefined, ['fr-FR', 'zh-CN'])).toBe('zh');
    expect(detectLanguage(undefined, ['zh-TW'])).toBe('tw');
    expect(detectLanguage(undefined, ['zh-HK'])).toBe('tw');
    expect(detectLanguage(undefined, ['zh-Hant-TW'])).toBe('tw');
    expect(detectLanguage(undefined, ['zh'])).toBe('zh');
  });
  it('defaults to en', () => {
    expect(detectLanguage(undefined, [])).toBe('en');
    expect(detectLanguage(null, ['de-DE', 'ja'])).toBe('en');
    expect(matchBrowserLanguage('enx')).toBeUndefined();
  });
});
