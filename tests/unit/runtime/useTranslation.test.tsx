// @vitest-environment jsdom
/**
 * The console's translation hook (runtime/i18n/translator.ts) in a rendered component: it
 * re-renders in the new language when the language changes at run time, and when a
 * language's messages arrive after the first paint (the lazily loaded schema labels).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { translator, useTranslation } from '../../../runtime/i18n/translator.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function Title() {
  const { t, i18n } = useTranslation();
  return (
    <p lang={i18n.language}>
      {t('login.title')} / {t('route.warehouse', { defaultValue: '-' })} / {t('login.welcome', { name: 'Ann' })}
    </p>
  );
}

const container = document.createElement('div');
document.body.append(container);
const root = createRoot(container);
afterAll(() => act(() => root.unmount()));

describe('useTranslation', () => {
  it('re-renders on a language change and when messages arrive', async () => {
    translator.addMessages('en', { login: { title: 'Sign in', welcome: 'Welcome, {{name}}' } });
    translator.addMessages('zh', { login: { title: '登录', welcome: '欢迎，{{name}}' } });
    translator.changeLanguage('en');
    await act(async () => root.render(<Title />));
    expect(container.textContent).toBe('Sign in / - / Welcome, Ann');
    expect(container.querySelector('p')!.lang).toBe('en');

    await act(async () => translator.changeLanguage('zh'));
    expect(container.textContent).toBe('登录 / - / 欢迎，Ann');
    expect(container.querySelector('p')!.lang).toBe('zh');

    await act(async () => translator.addMessages('zh', { route: { warehouse: '仓库' } }, false));
    expect(container.textContent).toBe('登录 / 仓库 / 欢迎，Ann');
  });
});
