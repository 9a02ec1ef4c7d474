/**
 * The console without a mouse, in Chromium: only keys are pressed (Tab, Shift+Tab, Enter, the
 * arrows, Escape, typing). Sign in; open the parameters page from the menu and the users page
 * from the header's menu search; switch back by the tab strip; search the list; add a record,
 * meet a validation error, fix it and save; the dialog keeps the focus inside while it is open,
 * and gives it back to the button that opened it when it closes (saved, or closed by Escape).
 * The control that has the focus shows it (an outline or a focus ring).
 * The field messages of the Ant Design forms outside the record form (sign-in, change password)
 * are announced: each is an alert, and its input is invalid and described by it (that test
 * clicks the avatar menu's entry and the dialog's button).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { DEMO_PASSWORD, startE2E, type E2E } from './harness.ts';
import {
  action,
  actionLabel,
  dialog,
  labelOf,
  resourceNamed,
  rowWith,
  say,
  searchOf,
  settled,
  table,
  titleOf,
  toolbarOf,
} from './resourceLocators.ts';

const SysParam = resourceNamed('SysParam');
const SysUser = resourceNamed('SysUser');
const WAIT = { timeout: 20_000 };

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.close();
});

/** What the focused element is: its accessible name as a screen reader would start to read it, its role and where it is. */
async function focused(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body)
      return { html: 'body', name: '', role: '', tag: 'body', inDialog: false, inMenu: false, visible: false };
    const labelledBy = el.getAttribute('aria-labelledby');
    const byIds = labelledBy
      ? labelledBy
          .split(/\s+/)
          .map((id) => document.getElementById(id)?.textContent ?? '')
          .join(' ')
      : '';
    const labels = (el as HTMLInputElement).labels ? Array.from((el as HTMLInputElement).labels ?? []).map((l) => l.textContent ?? '') : [];
    const name = [el.getAttribute('aria-label'), byIds, ...labels, el.textContent, el.getAttribute('title')]
      .map((s) => (s ?? '').replace(/\s+/g, ' ').trim())
      .find(Boolean);
    // The focus shows: an outline, a ring (box-shadow) on the element, its wrapper or the strip item holding it.
    const shows = (node: Element | null) => {
      if (!node) return false;
      const style = window.getComputedStyle(node);
      return (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) || style.boxShadow !== 'none';
    };
    const visible = shows(el) || shows(el.parentElement) || shows(el.closest('.ant-input-affix-wrapper, .ant-select, .tags-view-item'));
    return {
      html: el.outerHTML.slice(0, 160),
      name: name ?? '',
      role: el.getAttribute('role') ?? el.tagName.toLowerCase(),
      tag: el.tagName.toLowerCase(),
      inDialog: !!el.closest('.ant-modal'),
      inMenu: !!el.closest('.sidebar-container .ant-menu'),
      visible,
    };
  });
}

/**
 * Presses `key` (Tab by default) until the focused element's name is `name` (exactly, or
 * matching), or until `name` (a check) holds; fails after `max` presses.
 */
async function pressUntil(page: Page, name: string | RegExp | (() => Promise<boolean>), key = 'Tab', max = 60): Promise<void> {
  const seen: string[] = [];
  for (let i = 0; i < max; i += 1) {
    await page.keyboard.press(key);
    // the menu moves its focus in the next animation frame, and a key pressed before that frame
    // cancels the move: the next press waits for the frame after it, as a user's eyes do
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    const f = await focused(page);
    seen.push(`${f.role}:${f.name}`);
    if (typeof name === 'function' ? await name() : typeof name === 'string' ? f.name === name : name.test(f.name)) return;
  }
  throw new Error(`${key} never reached "${String(name)}"; the focus went: ${seen.join(' | ')}`);
}

/**
 * The field labelled `label` in `scope` says `message` to a screen reader: the input is
 * aria-invalid, and the element its aria-describedby names holds the message as an alert.
 */
async function expectAnnounced(page: Page, scope: Locator, label: string, message: string): Promise<void> {
  const input = scope.getByLabel(label, { exact: true });
  await expect.poll(() => input.getAttribute('aria-invalid'), { message: `${label} is invalid` }).toBe('true');
  const ids = ((await input.getAttribute('aria-describedby')) ?? '').split(/\s+/).filter(Boolean);
  expect(ids.length, `${label} names its message`).toBeGreaterThan(0);
  const alerts = page.locator(ids.map((id) => `[id="${id}"] [role=alert], [id="${id}"][role=alert]`).join(', '));
  await alerts.first().waitFor(WAIT);
  expect(await alerts.allInnerTexts(), `the alert ${label} is described by`).toContain(message);
}

describe('the console by keyboard alone', () => {
  it('signs in, opens pages from the menu and the search box, switches tabs, searches, adds a record through a validation error', async () => {
    const page = await e2e.newPage();
    await page.goto('/login');
    await page.getByLabel('Tenant code').waitFor(WAIT);

    // Sign in.
    await pressUntil(page, 'Tenant code');
    expect((await focused(page)).visible, 'the focused tenant code shows its focus').toBe(true);
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('demo');
    await pressUntil(page, 'Username');
    await page.keyboard.type('admin');
    await pressUntil(page, 'Password');
    await page.keyboard.type(DEMO_PASSWORD);
    await page.keyboard.press('Enter');
    await page.getByTestId('app-layout').waitFor(WAIT);
    await page.waitForURL(/\/workbench$/);

    // The parameters page from the menu: its group opens by Enter, the arrows walk to the entry.
    const group = say('route.admin');
    await pressUntil(page, async () => (await focused(page)).inMenu);
    if ((await focused(page)).name !== group) await pressUntil(page, group, 'ArrowDown', 40);
    await page.keyboard.press('Enter');
    await pressUntil(page, titleOf(SysParam), 'ArrowDown', 40);
    expect((await focused(page)).visible, 'the focused menu entry shows its focus').toBe(true);
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/sysparam$/);
    await settled(page, SysParam);

    // The users page from the header's menu search.
    await pressUntil(page, say('navbar.search'), 'Shift+Tab', 80);
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await focused(page)).name).toBe(say('navbar.searchPlaceholder'));
    await page.keyboard.type(titleOf(SysUser));
    // the arrows walk the results to the users page (the first result is active)
    const activeOption = page.locator('.ant-select-dropdown:visible .ant-select-item-option-active');
    await activeOption.waitFor(WAIT);
    for (let i = 0; i < 10 && !(await activeOption.innerText()).trim().endsWith(`> ${titleOf(SysUser)}`); i += 1) {
      await page.keyboard.press('ArrowDown');
    }
    expect((await activeOption.innerText()).trim()).toBe(`${say('route.admin')} > ${titleOf(SysUser)}`);
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/sysuser$/);
    await settled(page, SysUser);

    // Back to the parameters by the tab strip.
    await pressUntil(page, titleOf(SysParam), 'Shift+Tab', 80);
    expect((await focused(page)).role).toBe('tab');
    expect((await focused(page)).visible, 'the focused tab shows its focus').toBe(true);
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/sysparam$/);
    await settled(page, SysParam);

    // Search the list.
    const nameLabel = labelOf(SysParam, 'paramName');
    await searchOf(page, SysParam).waitFor(WAIT);
    await pressUntil(page, nameLabel);
    await page.keyboard.type('no such parameter');
    const searched = page.waitForRequest((r) => new URL(r.url()).pathname.endsWith('/querySysParam') && r.url().includes('paramName=no'));
    await page.keyboard.press('Enter');
    await searched;
    await settled(page, SysParam);
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Enter');
    await settled(page, SysParam);

    // Add: the dialog takes the focus and keeps it.
    const add = actionLabel(action(SysParam, 'add')!, 'toolbar');
    await toolbarOf(page, SysParam).waitFor(WAIT);
    await pressUntil(page, add);
    expect((await focused(page)).visible, 'the focused Add button shows its focus').toBe(true);
    await page.keyboard.press('Enter');
    const modal = dialog(page);
    await modal.waitFor(WAIT);
    // the record form is loaded on demand: until it is there, the dialog holds only its buttons
    await modal.getByLabel(nameLabel, { exact: true }).waitFor(WAIT);
    await expect.poll(async () => (await focused(page)).inDialog, { message: 'the dialog takes the focus' }).toBe(true);
    for (let i = 0; i < 25; i += 1) {
      await page.keyboard.press(i % 5 === 4 ? 'Shift+Tab' : 'Tab');
      const f = await focused(page);
      expect(f.inDialog, `Tab stays in the dialog (press ${i + 1}: ${f.html})`).toBe(true);
    }

    // Save with nothing filled: the required name is said under its field.
    const save = say('common.save');
    await pressUntil(page, save);
    await page.keyboard.press('Enter');
    const nameAlert = modal.locator('[data-field="paramName"] [role=alert]');
    await nameAlert.waitFor(WAIT);
    expect(await dialog(page).count()).toBe(1);
    // a screen reader hears it: the input is invalid and described by the message
    const nameInput = modal.getByLabel(nameLabel, { exact: true });
    expect(await nameInput.getAttribute('aria-invalid')).toBe('true');
    const describedBy = (await nameInput.getAttribute('aria-describedby')) ?? '';
    expect(describedBy, 'the input names its message').toBe(await nameAlert.getAttribute('id'));
    expect((await nameAlert.innerText()).trim().length).toBeGreaterThan(0);

    // Fix it and save.
    const key = `kb.param${Date.now() % 100000}`;
    await pressUntil(page, nameLabel, 'Shift+Tab');
    await page.keyboard.type('Keyboard parameter');
    await pressUntil(page, labelOf(SysParam, 'paramKey'));
    await page.keyboard.type(key);
    await pressUntil(page, save);
    const added = page.waitForResponse((r) => new URL(r.url()).pathname.endsWith('/addSysParam'));
    await page.keyboard.press('Enter');
    expect((await added).ok()).toBe(true);
    await modal.waitFor({ state: 'hidden', ...WAIT });
    await rowWith(page, SysParam, key).waitFor(WAIT);
    // The focus is back on the button that opened the dialog.
    await expect.poll(async () => (await focused(page)).name, { message: 'the focus returns to Add' }).toBe(add);

    // Escape closes a dialog, and the focus comes back again.
    await page.keyboard.press('Enter');
    await dialog(page).waitFor(WAIT);
    await expect.poll(async () => (await focused(page)).inDialog).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator('.ant-modal:visible').count()).toBe(0);
    await expect.poll(async () => (await focused(page)).name).toBe(add);
    expect(await table(page, SysParam).count()).toBe(1);
  });

  it('announces the field messages of the sign-in and change-password forms', async () => {
    const page = await e2e.newPage();
    await page.goto('/login');
    await page.getByLabel('Username', { exact: true }).waitFor(WAIT);

    // Sign in with nothing typed: Enter in the empty username submits the form.
    await pressUntil(page, 'Username');
    await page.keyboard.press('Enter');
    const signIn = page.locator('form#account-login');
    await expectAnnounced(page, signIn, say('login.username'), say('login.rules.usernameRequired'));
    await expectAnnounced(page, signIn, say('login.password'), say('login.rules.passwordRequired'));

    // Sign in, then confirm an empty change-password dialog from the avatar menu.
    await pressUntil(page, 'Tenant code', 'Shift+Tab');
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('demo');
    await pressUntil(page, 'Username');
    await page.keyboard.type('admin');
    await pressUntil(page, 'Password');
    await page.keyboard.type(DEMO_PASSWORD);
    await page.keyboard.press('Enter');
    await page.getByTestId('app-layout').waitFor(WAIT);
    await page.getByTestId('avatar-menu').focus();
    await page.keyboard.press('Enter');
    const item = page.getByRole('menuitem', { name: say('password.change') });
    await item.waitFor(WAIT);
    await item.click();
    const modal = dialog(page);
    await modal.waitFor(WAIT);
    await modal.getByRole('button', { name: say('common.confirm') }).click();
    await expectAnnounced(page, modal, say('password.old'), say('password.oldRequired'));
    await expectAnnounced(page, modal, say('password.new'), say('password.newRequired'));
    await expectAnnounced(page, modal, say('password.confirm'), say('password.confirmRequired'));
  });
});
