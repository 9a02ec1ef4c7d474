/** The signed-in shell: menus by role, tabs, sidebar, languages, sizes, menu search. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { networkQuiet, signIn, spaNavigate, startE2E, toast, unnamedControls, type E2E } from './harness.ts';
import { resourcePages } from './resourceLocators.ts';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.close();
});

async function sidebarPaths(page: Page): Promise<string[]> {
  return page.locator('.sidebar-container [data-menu-path]').evaluateAll((els) => els.map((e) => e.getAttribute('data-menu-path') ?? ''));
}

/** Opens a path in the shell and waits until the console shows its tab as the active one. */
async function openTab(page: Page, path: string) {
  await spaNavigate(page, path);
  await page.locator(`.tags-view-item.active[data-path="${path}"]`).waitFor();
}

describe('menus by role', () => {
  it('shows a visitor only home; a page of the menu not granted goes to /401, an unknown page to /404', async () => {
    const page = await e2e.newPage();
    await signIn(page, { username: 'visitor' });
    await page.waitForURL(/\/workbench$/);
    expect(await sidebarPaths(page)).toEqual(['/workbench']);
    await page.goto('/error-log/log');
    await page.waitForURL(/\/401$/);
    await page.goto('/error-log/nothing-here');
    await page.waitForURL(/\/404$/);
  });

  it('shows an admin more than home', async () => {
    const page = await e2e.newPage();
    await signIn(page, { username: 'admin' });
    await page.locator('.sidebar-container .ant-menu-submenu, .sidebar-container [data-menu-path]').nth(1).waitFor();
    expect(await unnamedControls(page)).toEqual([]);
  });
});

describe('the settings button', () => {
  it('covers no control of the page and sits under a dialog backdrop', async () => {
    const page = await e2e.newPage();
    await signIn(page, { username: 'admin' });
    const button = page.getByTestId('settings-button');
    for (const path of ['/workbench', '/profile/index', '/sysuser']) {
      await openTab(page, path);
      await networkQuiet(page);
      const covered = await page.evaluate(() => {
        const b = document.querySelector('[data-testid=settings-button]')!.getBoundingClientRect();
        const controls = document.querySelectorAll<HTMLElement>(
          '#app-main :is(button, a[href], input, textarea, [role=button], [role=checkbox], [role=combobox], [tabindex="0"])',
        );
        return Array.from(controls)
          .filter((el) => {
            // the part of the control not clipped by a scrolling ancestor
            const r = el.getBoundingClientRect();
            let [left, right, top, bottom] = [r.left, r.right, r.top, r.bottom];
            for (let p = el.parentElement; p; p = p.parentElement) {
              const style = window.getComputedStyle(p);
              if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
              const c = p.getBoundingClientRect();
              [left, right, top, bottom] = [
                Math.max(left, c.left),
                Math.min(right, c.right),
                Math.max(top, c.top),
                Math.min(bottom, c.bottom),
              ];
            }
            if (right - left <= 0 || bottom - top <= 0) return false;
            return left < b.right && right > b.left && top < b.bottom && bottom > b.top;
          })
          .map((el) => el.outerHTML.slice(0, 120));
      });
      expect(covered, path).toEqual([]);
    }
    await page.getByTestId('avatar-menu').click();
    await page.getByRole('menuitem', { name: 'Change password' }).click();
    await page.locator('.ant-modal-mask').first().waitFor();
    const box = (await button.boundingBox())!;
    const onTop = await page.evaluate(
      ([x, y]) => document.elementFromPoint(x!, y!)?.closest('[data-testid=settings-button]') !== null,
      [box.x + box.width / 2, box.y + box.height / 2],
    );
    expect(onTop).toBe(false);
  });
});

describe('tabs', () => {
  it('scrolls the tab strip when it is full: the active tab is in view, the first one is reached by scrolling back', async () => {
    const page = await e2e.newPage();
    await signIn(page, { username: 'admin' });
    const paths = resourcePages()
      .map((p) => p.path)
      .slice(0, 16);
    for (const path of paths) await openTab(page, path);
    const strip = page.locator('.tags-view-wrapper');
    const geometry = () =>
      strip.evaluate((el) => {
        const box = el.getBoundingClientRect();
        const active = el.querySelector('.tags-view-item.active')!.getBoundingClientRect();
        return {
          overflows: el.scrollWidth > el.clientWidth,
          fitsPage: box.right <= window.innerWidth,
          activeInView: active.left >= box.left - 1 && active.right <= box.right + 1,
          scrollLeft: el.scrollLeft,
        };
      });
    await expect.poll(async () => (await geometry()).activeInView).toBe(true);
    const full = await geometry();
    expect(full.overflows).toBe(true);
    expect(full.fitsPage).toBe(true);
    expect(full.scrollLeft).toBeGreaterThan(0);
    // The wheel scrolls it back to the pinned first tab.
    await strip.hover();
    await page.mouse.wheel(0, -5000);
    await expect.poll(async () => (await geometry()).scrollLeft).toBe(0);
    await page.locator('.tags-view-item[data-path="/workbench"]').click();
    await page.waitForURL(/\/workbench$/);
  });

  it('opens, pins, closes, closes others, closes all', async () => {
    const page = await e2e.newPage();
    await signIn(page, { username: 'admin' });
    // The workbench tab is pinned: no close button.
    const home = page.locator('.tags-view-item[data-path="/workbench"]');
    await home.waitFor();
    expect(await home.locator('.tags-view-close').count()).toBe(0);

    await openTab(page, '/profile/index');
    await openTab(page, '/error-log/log');
    expect(await page.locator('.tags-view-item').count()).toBe(3);
    // Opening the same path again adds nothing.
    await openTab(page, '/profile/index');
    expect(await page.locator('.tags-view-item').count()).toBe(3);

    // Close the active tab: go to the last remaining one.
    await page.locator('.tags-view-item[data-path="/profile/index"] .tags-view-close').click();
    await page.waitForURL(/\/error-log\/log$/);
    expect(await page.locator('.tags-view-item').count()).toBe(2);

    // Close others from the context menu keeps the pinned tab and this one.
    await openTab(page, '/profile/index');
    await page.locator('.tags-view-item[data-path="/profile/index"]').click({ button: 'right' });
    await page.getByRole('menuitem', { name: 'Close Others' }).click();
    await expect.poll(() => page.locator('.tags-view-item').count()).toBe(2);
    expect(await page.locator('.tags-view-item[data-path="/error-log/log"]').count()).toBe(0);

    // Close all keeps the pinned tab and goes there.
    await page.locator('.tags-view-item[data-path="/profile/index"]').click({ button: 'right' });
    await page.getByRole('menuitem', { name: 'Close All' }).click();
    await page.waitForURL(/\/workbench$/);
    expect(await page.locator('.tags-view-item').count()).toBe(1);

    // The pinned tab's context menu cannot close it.
    await home.click({ button: 'right' });
    expect(await page.getByRole('menuitem', { name: 'Close', exact: true }).getAttribute('aria-disabled')).toBe('true');
  });

  it('keeps a cached page state (unsaved input) when switching tabs, and refresh resets it', async () => {
    const page = await e2e.newPage();
    await signIn(page, { username: 'admin' });
    await openTab(page, '/profile/index');
    const nickname = page.getByLabel('Nickname');
    await nickname.fill('typed but not saved');
    await page.locator('.tags-view-item[data-path="/workbench"]').click();
    await page.waitForURL(/\/workbench$/);
    await page.locator('.tags-view-item[data-path="/profile/index"]').click();
    await page.waitForURL(/\/profile\/index$/);
    expect(await nickname.inputValue()).toBe('typed but not saved');
    // Refresh from the context menu gives a fresh page.
    await page.locator('.tags-view-item[data-path="/profile/index"]').click({ button: 'right' });
    await page.getByRole('menuitem', { name: 'Refresh' }).click();
    await expect.poll(() => nickname.inputValue()).not.toBe('typed but not saved');
  });
});

describe('layout', () => {
  it('collapses the sidebar and remembers it in the sidebarStatus cookie', async () => {
    const page = await e2e.newPage();
    await signIn(page, { username: 'admin' });
    const wrapper = page.getByTestId('app-layout');
    await expect.poll(() => wrapper.getAttribute('class')).toContain('openSidebar');
    await page.getByRole('button', { name: 'Collapse sidebar' }).click();
    await expect.poll(() => wrapper.getAttribute('class')).toContain('hideSidebar');
    expect((await page.context().cookies()).find((c) => c.name === 'sidebarStatus')?.value).toBe('0');
    await page.reload();
    await page.getByTestId('app-layout').waitFor();
    expect(await page.getByTestId('app-layout').getAttribute('class')).toContain('hideSidebar');
    const width = await page.locator('.sidebar-container').evaluate((el) => el.getBoundingClientRect().width);
    expect(width).toBeLessThan(100);
    await page.getByRole('button', { name: 'Expand sidebar' }).click();
    expect((await page.context().cookies()).find((c) => c.name === 'sidebarStatus')?.value).toBe('1');
    await expect.poll(() => page.locator('.sidebar-container').evaluate((el) => el.getBoundingClientRect().width)).toBe(210);
  });

  it('shows the sidebar as a drawer with a backdrop under 992 px', async () => {
    const page = await e2e.newPage({ viewport: { width: 800, height: 800 } });
    await signIn(page, { username: 'admin' });
    const wrapper = page.getByTestId('app-layout');
    await expect.poll(() => wrapper.getAttribute('class')).toContain('mobile');
    expect(await wrapper.getAttribute('class')).toContain('hideSidebar');
    await page.getByRole('button', { name: 'Expand sidebar' }).click();
    await page.getByTestId('sidebar-backdrop').click();
    await expect.poll(() => wrapper.getAttribute('class')).toContain('hideSidebar');
  });

  it('switches the language in the shell', async () => {
    const page = await e2e.newPage();
    await signIn(page, { username: 'admin' });
    await page.getByTestId('language-select').click();
    await page.getByRole('menuitem', { name: '简体中文' }).click();
    await page.locator('.tags-view-item[data-path="/workbench"]').filter({ hasText: '工作台' }).waitFor();
    await page.getByRole('button', { name: '搜索菜单' }).waitFor();
    expect((await page.context().cookies()).find((c) => c.name === 'language')?.value).toBe('zh');
    expect(await unnamedControls(page)).toEqual([]);
    await page.getByTestId('language-select').click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await page.getByRole('button', { name: 'Search menu' }).waitFor();
  });

  it('switches among four real densities and keeps the size in a cookie', async () => {
    const page = await e2e.newPage();
    await signIn(page, { username: 'admin' }, '/profile/index');
    const save = page.getByRole('button', { name: 'Save' });
    const height = () => save.evaluate((el) => Math.round(el.getBoundingClientRect().height));
    // Control heights of the four densities: 40, 36, 32 and 28 px.
    for (const [label, size, px] of [
      ['Default', 'default', 40],
      ['Medium', 'medium', 36],
      ['Mini', 'mini', 28],
      ['Small', 'small', 32],
    ] as const) {
      await page.getByTestId('size-select').click();
      await page.getByRole('menuitem', { name: label, exact: true }).click();
      await toast(page, 'Size switched').first().waitFor();
      await expect.poll(() => page.locator('.console-root').getAttribute('data-size')).toBe(size);
      await expect.poll(height).toBe(px);
      expect((await page.context().cookies()).find((c) => c.name === 'size')?.value).toBe(size);
    }
    // The current size is disabled in the menu.
    await page.getByTestId('size-select').click();
    expect(await page.getByRole('menuitem', { name: 'Small' }).getAttribute('aria-disabled')).toBe('true');
  });
});

describe('menu search', () => {
  it('finds a page by its English title and opens it', async () => {
    const page = await e2e.newPage();
    await signIn(page, { username: 'admin' });
    await page.getByRole('button', { name: 'Search menu' }).click();
    const box = page.getByRole('combobox', { name: 'search menu' });
    await box.fill('error log');
    await page
      .locator('.ant-select-item-option')
      .filter({ hasText: /Error log/i })
      .first()
      .click();
    await page.waitForURL(/\/error-log\/log$/);
  });

  it('finds a page by pinyin when the language is Chinese', async () => {
    const page = await e2e.newPage();
    await signIn(page, { username: 'admin' });
    await page.getByTestId('language-select').click();
    await page.getByRole('menuitem', { name: '简体中文' }).click();
    await page.getByRole('button', { name: '搜索菜单' }).click();
    const box = page.getByRole('combobox', { name: '搜索菜单' });
    await box.fill('cuowurizhi');
    await page.locator('.ant-select-item-option').filter({ hasText: '错误日志' }).first().click();
    await page.waitForURL(/\/error-log\/log$/);
  });
});

describe('error log and switchers', () => {
  it('records client errors, shows them behind the bug button and clears them', async () => {
    const page = await e2e.newPage();
    await signIn(page, { username: 'admin' });
    expect(await page.getByTestId('error-log-button').count()).toBe(0);
    await page.evaluate(() => {
      window.setTimeout(() => {
        throw new Error('e2e boom');
      });
    });
    await page.getByTestId('error-log-button').click();
    const dialog = page.getByRole('dialog').filter({ hasText: 'Error Log' });
    await dialog.getByText('e2e boom', { exact: true }).waitFor();
    await dialog.getByText(page.url()).first().waitFor();
    await dialog.getByRole('button', { name: 'Clear' }).click();
    // With nothing recorded the bug button (and its dialog) goes away.
    const button = page.getByTestId('error-log-button');
    const gone = await button.waitFor({ state: 'detached', timeout: 15_000 }).then(
      () => true,
      () => false,
    );
    // if something was recorded after Clear, say what
    const recorded = gone ? '' : await button.click().then(() => page.getByRole('dialog').last().innerText());
    expect(gone, `recorded after Clear: ${recorded}`).toBe(true);
  });

  it('reloads the menu for the chosen organisation', async () => {
    const page = await e2e.newPage();
    await signIn(page, { username: 'admin' });
    const switcher = page.getByRole('combobox', { name: 'Organisation' });
    await switcher.click();
    const option = page.locator('.ant-select-item-option').first();
    await option.waitFor();
    const reload = page.waitForRequest((r) => r.url().includes('/queryCurrentAuthority') && new URL(r.url()).searchParams.has('parentId'));
    await option.click();
    await reload;
  });

  it('sends the signed-in headers: bearer token and RoleCode', async () => {
    const page = await e2e.newPage();
    const request = page.waitForRequest((r) => r.url().includes('/api/account/sysuserdetail/queryCurrentAuthority'));
    await signIn(page, { username: 'editor' });
    const headers = (await request).headers();
    expect(headers['authorization']).toMatch(/^Bearer \S+/);
    expect(headers['rolecode']).toBe('ROLE_EDITOR');
  });
});

describe('own account', () => {
  it('changes the password: a mismatch shown under the confirmation without a call, then success', async () => {
    const page = await e2e.newPage();
    await signIn(page, { username: 'editor' });
    let calls = 0;
    page.on('request', (r) => {
      if (r.url().includes('/api/account/sysuserdetail/updatePassword')) calls += 1;
    });
    await page.getByTestId('avatar-menu').click();
    await page.getByRole('menuitem', { name: 'Change password' }).click();
    const dialog = page.getByRole('dialog').filter({ hasText: 'Change password' });
    for (const label of ['Old password', 'New password', 'Confirm new password']) {
      expect(await dialog.getByLabel(label, { exact: true }).getAttribute('maxlength')).toBe('31');
    }
    await dialog.getByLabel('Old password', { exact: true }).fill('Demo@2026');
    await dialog.getByLabel('New password', { exact: true }).fill('Demo@2027!');
    await dialog.getByLabel('Confirm new password', { exact: true }).fill('Demo@2028!');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    const mismatch = 'The new password and the confirmed new password are inconsistent!';
    const confirmItem = dialog.locator('.ant-form-item').filter({ has: page.getByLabel('Confirm new password', { exact: true }) });
    await confirmItem.locator('.ant-form-item-explain-error').filter({ hasText: mismatch }).waitFor();
    expect(await toast(page, mismatch).count()).toBe(0);
    expect(calls).toBe(0);
    await dialog.getByLabel('Confirm new password', { exact: true }).fill('Demo@2027!');
    const answered = page.waitForResponse((r) => r.url().includes('/api/account/sysuserdetail/updatePassword'));
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    expect((await answered).ok()).toBe(true);
    await toast(page, 'Change password success').waitFor();
    await dialog.waitFor({ state: 'hidden' });
  });

  it('saves the profile with updateSysUserDetail', async () => {
    const page = await e2e.newPage();
    await signIn(page, { username: 'admin' }, '/profile/index');
    await page.getByLabel('Nickname').fill('Chief admin');
    const saved = page.waitForRequest((r) => r.url().includes('/api/account/sysuserdetail/updateSysUserDetail') && r.method() === 'PUT');
    await page.getByRole('button', { name: 'Save' }).click();
    expect(JSON.parse((await saved).postData() ?? '{}')).toMatchObject({ nickname: 'Chief admin' });
    await toast(page, 'Saved').waitFor();
    await page.getByTestId('avatar-menu').filter({ hasText: 'Chief admin' }).waitFor();
  });
});
