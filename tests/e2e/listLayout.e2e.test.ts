/**
 * The generic list on a phone and on a desktop, and the state it keeps: the users page at
 * 390 x 844 (its phone columns in view, every row action under "More", the first toolbar
 * actions with the rest under "More", the search form down to one field, the organisation tree
 * in a drawer, full-width dialogs) and at 1440 x 900 (every column in view, two row actions
 * and "More"); the page, size, sort, search and the organisation chosen in the tree in the
 * address (kept on leaving and returning to the tab and on a reload, and opened from a shared
 * address); the column widths dragged, order and
 * visibility kept per user; the row height following the console's size.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { signIn, spaNavigate, startE2E, type E2E } from './harness.ts';
import {
  dataRows,
  dialog,
  headers,
  nextCall,
  paramsOf,
  resourceNamed,
  openMenu,
  inlineRowActionNames,
  rowActionNames,
  rowWith,
  settled,
  table,
} from './resourceLocators.ts';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.close();
});

const SysUser = resourceNamed('SysUser');
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };

async function usersPage(viewport?: { width: number; height: number }, username = 'admin'): Promise<Page> {
  const page = await e2e.newPage(viewport ? { viewport } : undefined);
  await signIn(page, { username });
  await spaNavigate(page, '/sysuser');
  await settled(page, SysUser);
  return page;
}

/** The headers whose whole box is in view left of the sticky operations column (the table's visible part). */
async function headersInView(page: Page): Promise<string[]> {
  return table(page, SysUser).evaluate((el) => {
    const box = el.getBoundingClientRect();
    const actions = el.querySelector('[role=columnheader].data-table-actions')?.getBoundingClientRect();
    const right = Math.min(box.right, actions ? actions.left : box.right, window.innerWidth);
    return [...el.querySelectorAll<HTMLElement>('[role=columnheader]:not(.data-table-actions)')]
      .filter((h) => {
        const r = h.getBoundingClientRect();
        return h.innerText.trim() && r.left >= box.left - 1 && r.right <= right + 1 && r.width > 40;
      })
      .map((h) => h.innerText.trim());
  });
}

const query = (page: Page) => new URL(page.url()).searchParams;

describe('the users list on a phone (390 x 844)', () => {
  it('shows its phone columns in view, and the row and toolbar actions under "More"', async () => {
    const page = await usersPage(PHONE);
    await expect.poll(() => headersInView(page)).toEqual(['Username', 'Status']);
    expect((await headers(page, SysUser)).filter(Boolean)).toEqual(['Username', 'Status', 'Operations']);

    // Every row action is in the row's "More" menu.
    const row = rowWith(page, SysUser, 'editor');
    expect(await inlineRowActionNames(row)).toEqual([]);
    const actions = await rowActionNames(row);
    expect(actions.slice(0, 3)).toEqual(['Detail', 'Edit', 'Delete']);
    expect(actions).toContain('Reset password');

    // The toolbar: its first two actions, the others under "More".
    const toolbar = page.getByRole('toolbar', { name: 'Users actions' });
    expect(await toolbar.getByRole('button', { name: 'Add', exact: true }).isVisible()).toBe(true);
    expect(await toolbar.getByRole('button', { name: 'Export', exact: true }).count()).toBe(0);
    await toolbar.getByRole('button', { name: 'More actions' }).click();
    const menu = openMenu(page);
    await menu.getByRole('menuitem', { name: 'Export', exact: true }).waitFor();
    expect(await menu.getByRole('menuitem', { name: 'Print', exact: true }).count()).toBe(1);
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden' });

    // The search form shows one field until its toggle opens the others.
    const search = page.getByRole('search');
    expect(await search.getByLabel('Username').isVisible()).toBe(true);
    expect(await search.getByLabel('Nickname').count()).toBe(0);
    await search.getByRole('button', { name: 'Advanced' }).click();
    await search.getByLabel('Nickname').waitFor();
  });

  it('filters by the organisation tree in a drawer, and its dialogs take the whole width', async () => {
    const page = await usersPage(PHONE);
    expect(await page.getByRole('navigation', { name: 'Filter by Organisations' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Filter by Organisations' }).click();
    const drawer = page.locator('.resource-filter-drawer');
    const supply = nextCall(page, 'querySysUser');
    await drawer.getByRole('navigation', { name: 'Filter by Organisations' }).getByText('Supply Department').click();
    expect(paramsOf(await supply).orgId).toMatch(/^\d+$/);
    await drawer.waitFor({ state: 'hidden' });
    await expect.poll(() => dataRows(page, SysUser).count(), { timeout: 15_000 }).toBe(0);

    await page.getByRole('toolbar', { name: 'Users actions' }).getByRole('button', { name: 'Add', exact: true }).click();
    const modal = dialog(page);
    await modal.waitFor();
    // As wide as the dialog layer (the window less its scroll bar, when the form is taller than the window), once its opening zoom is over.
    const measure = () =>
      modal.evaluate((el) => {
        const room = el.closest('.ant-modal-wrap')?.clientWidth ?? 0;
        return room > 370 && el.getBoundingClientRect().width >= room - 1;
      });
    await expect.poll(measure, { timeout: 15_000 }).toBe(true);
  });
});

describe('the users list on a desktop', () => {
  it('shows every column in view at 1440 x 900, two row actions and "More"', async () => {
    const page = await usersPage(DESKTOP);
    await expect.poll(() => headersInView(page)).toEqual(['Username', 'Nickname', 'Mobile', 'Email', 'Organisation', 'Status', 'Created']);
    const row = rowWith(page, SysUser, 'editor');
    expect(await inlineRowActionNames(row)).toEqual(['Detail', 'Edit']);
    const actions = await rowActionNames(row);
    expect(actions).toEqual(expect.arrayContaining(['Detail', 'Edit', 'Delete', 'Unlock sign-in', 'Reset password']));
    // The toolbar shows every action.
    expect(await page.getByRole('toolbar', { name: 'Users actions' }).getByRole('button', { name: 'Export', exact: true }).count()).toBe(1);
  });

  it('keeps the first columns in view at 1366 x 820', async () => {
    const page = await usersPage();
    const inView = await headersInView(page);
    expect(inView.slice(0, 4)).toEqual(['Username', 'Nickname', 'Mobile', 'Email']);
  });
});

describe('the list state in the address', () => {
  it('writes search, sort and page size into the address and keeps them when the tab comes back', async () => {
    const page = await usersPage();
    await page.getByRole('search').getByLabel('Username').fill('i');
    const searched = nextCall(page, 'querySysUser');
    await page.getByRole('search').getByRole('button', { name: 'Query' }).click();
    await searched;
    await page.getByRole('columnheader', { name: 'Username' }).getByRole('button').click();
    await expect.poll(() => query(page).get('sort')).toBe('username_ascend');
    expect(JSON.parse(query(page).get('q') ?? '{}')).toEqual({ username: 'i' });
    await page.locator('.resource-pagination .ant-select').click();
    await page.locator('.ant-select-dropdown:visible').getByText('20 / page').click();
    await expect.poll(() => query(page).get('size')).toBe('20');
    await expect.poll(() => dataRows(page, SysUser).count()).toBe(3);
    const usernames = () =>
      dataRows(page, SysUser).evaluateAll((rows) =>
        rows.map((r) => (r.querySelector('[role=cell]:nth-child(2)') as HTMLElement).innerText),
      );

    // Another page, then the users tab again.
    await spaNavigate(page, '/sysorg');
    await page.locator('.tags-view-item[data-path="/sysuser"]').click();
    await page.waitForURL((u) => u.pathname === '/sysuser');
    await expect.poll(() => query(page).get('sort')).toBe('username_ascend');
    await expect.poll(() => query(page).get('size')).toBe('20');
    expect(await page.locator('.resource-pagination').innerText()).toContain('20 / page');
    expect(await page.getByRole('search').getByLabel('Username').inputValue()).toBe('i');
    await expect.poll(usernames).toEqual(['admin', 'editor', 'visitor']);

    // The bare path (the menu) brings the same list, and the address gets its state again.
    await page.evaluate(() => {
      window.history.pushState({ idx: 0, key: 'bare' }, '', '/sysuser');
      window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
    });
    await page.waitForURL((u) => u.pathname === '/sysuser' && u.searchParams.get('sort') === 'username_ascend');
    expect(await page.getByRole('columnheader', { name: 'Username' }).getAttribute('aria-sort')).toBe('ascending');
  });

  it('keeps the organisation chosen in the tree in the address: back in the tab, after a reload and in a shared link', async () => {
    const page = await usersPage();
    const tree = page.getByRole('navigation', { name: 'Filter by Organisations' });
    const chosen = () => tree.locator('.ant-tree-node-selected').innerText();
    const supply = nextCall(page, 'querySysUser');
    await tree.getByText('Supply Department').click();
    const orgId = paramsOf(await supply).orgId;
    expect(orgId).toMatch(/^\d+$/);
    await expect.poll(() => query(page).get('node')).toBe(orgId);

    // Another page, then the users tab again.
    await spaNavigate(page, '/sysorg');
    await page.locator('.tags-view-item[data-path="/sysuser"]').click();
    await page.waitForURL((u) => u.pathname === '/sysuser');
    await expect.poll(() => query(page).get('node'), { timeout: 15_000 }).toBe(orgId);
    await expect.poll(chosen).toBe('Supply Department');

    // A reload asks for the same organisation's users and shows its node chosen.
    const again = nextCall(page, 'querySysUser');
    await page.reload();
    expect(paramsOf(await again).orgId).toBe(orgId);
    await settled(page, SysUser);
    await expect.poll(chosen).toBe('Supply Department');

    // A shared link opens the same filtered list; "show all" takes the node out of the address.
    const other = await e2e.newPage();
    const shared = nextCall(other, 'querySysUser');
    await signIn(other, { username: 'admin' }, `/sysuser?node=${orgId}`);
    expect(paramsOf(await shared).orgId).toBe(orgId);
    await settled(other, SysUser);
    const otherTree = other.getByRole('navigation', { name: 'Filter by Organisations' });
    await expect.poll(() => otherTree.locator('.ant-tree-node-selected').innerText()).toBe('Supply Department');
    await other.locator('.resource-filter-tree').getByRole('button', { name: 'All', exact: true }).click();
    await expect.poll(() => new URL(other.url()).searchParams.get('node')).toBeNull();
  });

  it('opens a shared address with its search, sort, page size and page', async () => {
    const page = await e2e.newPage();
    const shared = `/sysuser?size=20&sort=username_descend&q=${encodeURIComponent(JSON.stringify({ username: 'i' }))}`;
    const first = nextCall(page, 'querySysUser');
    await signIn(page, { username: 'admin' }, shared);
    expect(paramsOf(await first)).toMatchObject({ username: 'i', pageSize: '20', sorter: 'username_descend', currentPage: '1' });
    await settled(page, SysUser);
    expect(await page.getByRole('search').getByLabel('Username').inputValue()).toBe('i');
    expect(await page.getByRole('columnheader', { name: 'Username' }).getAttribute('aria-sort')).toBe('descending');
    expect(await page.locator('.resource-pagination').innerText()).toContain('20 / page');

    // A page past the end gives the last page; a sort the list does not offer and a field it does not search are left out.
    const other = await e2e.newPage();
    const odd = `/sysuser?page=9&sort=password_ascend&q=${encodeURIComponent(JSON.stringify({ password: 'x' }))}`;
    const calls: Record<string, string>[] = [];
    other.on('request', (req) => {
      if (new URL(req.url()).pathname.endsWith('/querySysUser')) calls.push(paramsOf(req));
    });
    await signIn(other, { username: 'admin' }, odd);
    await expect.poll(() => calls.at(-1)?.currentPage, { timeout: 20_000 }).toBe('1');
    expect(calls[0]).toMatchObject({ currentPage: '9', sorter: 'createTime_descend' });
    expect(calls[0]?.password).toBeUndefined();
    await settled(other, SysUser);
    await expect.poll(() => dataRows(other, SysUser).count()).toBe(3);
    expect(new URL(other.url()).searchParams.get('page')).toBeNull();
  });
});

describe('the columns a user arranges', () => {
  it('resizes a column by drag and keeps widths, order and visibility for the user', async () => {
    const page = await usersPage();
    const header = page.getByRole('columnheader', { name: 'Nickname' });
    const before = (await header.boundingBox())!.width;
    const handle = header.getByRole('separator', { name: 'Resize column Nickname' });
    const box = (await handle.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + 60, box.y + box.height / 2, { steps: 4 });
    await page.mouse.up();
    await expect.poll(async () => Math.round((await header.boundingBox())!.width)).toBeGreaterThan(Math.round(before) + 40);
    const dragged = Math.round((await header.boundingBox())!.width);
    // The keyboard narrows it too.
    await handle.focus();
    await page.keyboard.press('ArrowLeft');
    await expect.poll(async () => Math.round((await header.boundingBox())!.width)).toBe(dragged - 16);

    const toolbar = page.getByRole('toolbar', { name: 'Users actions' });
    await toolbar.getByRole('button', { name: 'Columns' }).click();
    const popover = page.locator('.ant-popover:visible');
    await popover.getByRole('checkbox', { name: 'Mobile' }).uncheck();
    await popover.getByRole('button', { name: 'Move Status up' }).click();
    await page.keyboard.press('Escape');
    const shown = async () => (await headers(page, SysUser)).filter(Boolean);
    await expect.poll(shown).toEqual(['Username', 'Nickname', 'Email', 'Status', 'Organisation', 'Created', 'Operations']);

    // A reload keeps it all.
    await page.reload();
    await settled(page, SysUser);
    await expect.poll(shown).toEqual(['Username', 'Nickname', 'Email', 'Status', 'Organisation', 'Created', 'Operations']);
    await expect
      .poll(async () => Math.round((await page.getByRole('columnheader', { name: 'Nickname' }).boundingBox())!.width))
      .toBe(dragged - 16);

    // Another user of the same browser has the resource's own layout.
    await page.context().clearCookies();
    await signIn(page, { username: 'editor' });
    await spaNavigate(page, '/sysuser');
    await settled(page, SysUser);
    await expect.poll(shown).toContain('Mobile');

    // Reset gives the resource's layout back.
    await page.context().clearCookies();
    await signIn(page, { username: 'admin' });
    await spaNavigate(page, '/sysuser');
    await settled(page, SysUser);
    await expect.poll(shown).not.toContain('Mobile');
    await toolbar.getByRole('button', { name: 'Columns' }).click();
    await page.locator('.ant-popover:visible').getByRole('button', { name: 'Reset columns' }).click();
    await expect.poll(shown).toEqual(['Username', 'Nickname', 'Mobile', 'Email', 'Organisation', 'Status', 'Created', 'Operations']);
  });

  it('sets the row height by the console size', async () => {
    const page = await usersPage();
    const rowHeight = () =>
      dataRows(page, SysUser)
        .first()
        .evaluate((r) => r.getBoundingClientRect().height);
    expect(await rowHeight()).toBe(40);
    await page.getByTestId('size-select').click();
    await openMenu(page).getByRole('menuitem', { name: 'Default' }).click();
    await expect.poll(rowHeight).toBe(48);
  });
});
