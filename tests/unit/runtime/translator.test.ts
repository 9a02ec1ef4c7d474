import { describe, it, expect } from 'vitest';
import { Translator } from '../../../runtime/i18n/translator.ts';

function make(): Translator {
  const tr = new Translator('zh', 'en');
  tr.addMessages('en', { login: { title: 'Sign in', hello: 'Hello {{name}}, {{ count }} new' }, only: { en: 'English only' } });
  tr.addMessages('zh', { login: { title: '登录' } });
  return tr;
}

describe('translator', () => {
  it('looks up nested keys in the current language, then the fallback, then the default value, then the key', () => {
    const tr = make();
    expect(tr.t('login.title')).toBe('登录');
    expect(tr.t('only.en')).toBe('English only');
    expect(tr.t('missing.key', { defaultValue: 'Dflt' })).toBe('Dflt');
    expect(tr.t('missing.key')).toBe('missing.key');
    expect(tr.t('login')).toBe('login'); // an object is not a message
  });

  it('falls back per key: a language with some messages still answers the others from the fallback', () => {
    const tr = new Translator('tw', 'en');
    tr.addMessages('en', { a: { x: 'X', y: 'Y' } });
    tr.addMessages('tw', { a: { x: '甲' } });
    expect(tr.t('a.x')).toBe('甲');
    expect(tr.t('a.y')).toBe('Y');
    expect(tr.language).toBe('tw');
  });

  it('interpolates {{name}} without escaping and leaves unknown placeholders alone', () => {
    const tr = make();
    tr.changeLanguage('en');
    expect(tr.t('login.hello', { name: '<b>Ann</b>', count: 3 })).toBe('Hello <b>Ann</b>, 3 new');
    expect(tr.t('login.hello', { name: 'Ann' })).toBe('Hello Ann, {{ count }} new');
    expect(tr.t('missing.key', { defaultValue: 'Hi {{name}}', name: 'Bo' })).toBe('Hi Bo');
  });

  it('tries an array of keys in order', () => {
    const tr = make();
    expect(tr.t(['app.title', 'login.title'])).toBe('登录');
    expect(tr.t(['app.title', 'app.other'])).toBe('app.other');
  });

  it('reads a colon in a key as part of the key, not as a namespace', () => {
    const tr = make();
    tr.addMessages('zh', { route: { 'Ops: jobs': '运维：任务' } });
    expect(tr.exists('route.Ops: jobs')).toBe(true);
    expect(tr.t('route.Ops: jobs')).toBe('运维：任务');
    expect(tr.t('Plain: name')).toBe('Plain: name');
  });

  it('keeps existing messages when added without overwrite, and merges nested objects', () => {
    const tr = make();
    tr.addMessages('zh', { login: { title: '覆盖', extra: '额外' } }, false);
    expect(tr.t('login.title')).toBe('登录');
    expect(tr.t('login.extra')).toBe('额外');
    tr.addMessages('zh', { login: { title: '新' } }, true);
    expect(tr.t('login.title')).toBe('新');
    expect(tr.exists('login.extra')).toBe(true);
    expect(tr.exists('login.nope')).toBe(false);
    expect(tr.exists('login'), 'a group of messages is not a message').toBe(false);
    expect(tr.exists('only.en'), 'found in the fallback language').toBe(true);
  });

  it('switches language at once, so the next t answers in the new language', () => {
    const tr = make();
    tr.changeLanguage('en');
    expect(tr.language).toBe('en');
    expect(tr.t('login.title')).toBe('Sign in');
    tr.changeLanguage('zh');
    expect(tr.t('login.title')).toBe('登录');
  });

  it('notifies subscribers on a language change and on new messages, not on a same-language change', () => {
    const tr = make();
    let calls = 0;
    const off = tr.subscribe(() => (calls += 1));
    const v0 = tr.snapshot();
    tr.changeLanguage('zh');
    expect(calls).toBe(0);
    tr.changeLanguage('en');
    tr.addMessages('en', { a: 'b' });
    expect(calls).toBe(2);
    expect(tr.snapshot()).toBe(v0 + 2);
    off();
    tr.changeLanguage('zh');
    expect(calls).toBe(2);
  });
});
