/**
 * Permission matrix, generated from the registry: every call that needs a URL grant is
 * refused (403) to a role without the grant, and changes nothing; every call that also needs
 * a button is refused to a role holding every button but not its URL and to a role holding
 * every URL but not its button, and made by a role holding just the two; a grant taken away
 * holds from the next request on.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { loadRegistry } from '../../schemas/registry/loadRegistry.ts';
import type { CallDef, Resource } from '../../schemas/registry/types.ts';
import { callUrl, client, signIn, startTestServer, type ApiResponse, type Envelope, type PageData, type TestServer } from './harness.ts';
import { VALID_SECRET, validRecord } from './validRecord.ts';

const registry = loadRegistry('schemas');
const granted = registry.calls.filter((c) => c.auth === 'grant');
/** Calls that need a URL grant and a button. */
const withButton = granted.filter((c) => c.permission);

let server: TestServer;
let admin: ReturnType<typeof client>;
let visitor: ReturnType<typeof client>;

beforeAll(async () => {
  server = await startTestServer();
  admin = client(server.url, await signIn(server.url, 'demo', 'admin'));
  visitor = client(server.url, await signIn(server.url, 'demo', 'visitor'));
});

afterAll(async () => {
  await server?.stop();
});

/** A fingerprint of every entity table of tenant demo, as the admin sees it. */
async function snapshot(): Promise<string> {
  const parts: string[] = [];
  for (const r of registry.resources.filter((x) => x.kind === 'entity' && x.scope === 'tenant')) {
    const q = registry.calls.find((c) => c.resource === r.name && c.verb === 'query')!;
    const res = await admin.get<Envelope<PageData>>(q.url, { pageSize: 10000 });
    parts.push(`${r.name}:${JSON.stringify(res.body.data?.list.map((x) => [x.id, x.updateTime]))}`);
  }
  return parts.join('\n');
}

describe('a role without URL grants', () => {
  it('is refused every granted call with 403 and changes nothing', async () => {
    const before = await snapshot();
    const failures: string[] = [];
    for (const call of granted) {
      const res = await visitor.call<Envelope>(call.method, call.url, {
        params: call.verb === 'delete' ? { id: 1 } : undefined,
        body: call.method === 'GET' ? undefined : {},
      });
      if (res.status !== 403 || res.body.status !== 403) failures.push(`${call.method} ${call.url}: ${res.status}`);
    }
    expect(failures).toEqual([]);
    expect(await snapshot()).toBe(before);
  });
});

describe('a grant taken away', () => {
  it('holds from the next request on', async () => {
    const editor = client(server.url, await signIn(server.url, 'demo', 'editor'));
    const target = '/api/admin/sysparam/querySysParam';
    expect((await editor.get(target)).status).toBe(200);

    const urls = await admin.get<Envelope<PageData>>('/api/admin/sysurl/querySysUrl', { url: target });
    const urlId = Number(urls.body.data!.list[0]!.id);
    const roles = await admin.get<Envelope<PageData>>('/api/admin/sysrole/querySysRole', { roleCode: 'ROLE_EDITOR' });
    const editorRoleId = Number(roles.body.data!.list[0]!.id);
    const current = await admin.get<Envelope<number[]>>('/api/admin/sysurl/queryRoleIdByUrlId', { urlId });
    const remaining = (current.body.data ?? []).filter((id) => id !== editorRoleId);
    const res = await admin.post<Envelope>('/api/admin/sysurl/authorizeRoleToUrl', { urlId, roleId: remaining });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await editor.get(target)).status).toBe(403);

    await admin.post('/api/admin/sysurl/authorizeRoleToUrl', { urlId, roleId: [...remaining, editorRoleId] });
    expect((await editor.get(target)).status).toBe(200);
  });

  it('a button taken away refuses its call from the next request on', async () => {
    const editor = client(server.url, await signIn(server.url, 'demo', 'editor'));
    const add = () =>
      editor.post<Envelope>('/api/admin/sysparam/addSysParam', { paramName: 'x', paramKey: `k${Date.now()}${Math.random()}` });
    expect((await add()).status).toBe(200);
    const held = await admin.get<Envelope<string[]>>('/api/admin/sysmenu/queryCheckedMenuButton', {
      menuCode: 'sysparam',
      roleCode: 'ROLE_EDITOR',
    });
    const without = (held.body.data ?? []).filter((c) => c !== 'sysparam:add');
    const res = await admin.post<Envelope>('/api/admin/sysmenu/authorizeMenuButtonToRole', {
      roleCode: 'ROLE_EDITOR',
      menuCode: 'sysparam',
      buttonCode: without,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await add()).status).toBe(403);
  });
});

// ---------------------------------------------------------------------------------------------
// URL and button, each on its own: per call that needs both, a role holding every button and
// every URL but the call's, and a role holding every URL and every button but the call's, are
// refused (403) and change nothing; a role holding only the call's URL and button makes it.

type Api = ReturnType<typeof client>;

/** The access layer's own refusals (a handler's 403 is about something else). */
const ACCESS_REFUSAL = /^You do not have (permission to call|the permission) /;
/** Resources whose records a caller changes or deletes only when it holds them (menus, buttons, roles). */
const SHAPE_OF_THE_CONSOLE = new Set(['SysMenu', 'SysMenuButton', 'SysRole']);

interface TestRole {
  roleId: number;
  userId: number;
  roleCode: string;
  api: Api;
}

let roleCount = 0;

/** A role of tenant demo held by a new user of its own, signed in. */
async function newRole(code: string): Promise<TestRole> {
  const role = await admin.post<Envelope<{ id: number }>>(callUrl(registry, resource('SysRole'), 'add')!, {
    roleCode: code,
    roleName: code,
  });
  expect(role.status, JSON.stringify(role.body)).toBe(200);
  const roleId = Number(role.body.data!.id);
  const users = resource('SysUser');
  const sample = (await admin.get<Envelope<PageData>>(callUrl(registry, users, 'query')!, { username: 'admin' })).body.data!.list[0];
  const record: Record<string, unknown> = {
    ...validRecord(users, sample, String(9000 + ++roleCount)),
    mobile: String(13700000000 + roleCount),
  };
  const user = await admin.post<Envelope<{ id: number; username: string }>>(callUrl(registry, users, 'add')!, record);
  expect(user.status, JSON.stringify(user.body)).toBe(200);
  const grant = await admin.post<Envelope>('/api/admin/sysuser/authorizeRoleToUser', {
    userId: Number(user.body.data!.id),
    roleId: [roleId],
  });
  expect(grant.status, JSON.stringify(grant.body)).toBe(200);
  return {
    roleId,
    userId: Number(user.body.data!.id),
    roleCode: code,
    api: client(server.url, await signIn(server.url, 'demo', String(record.username), VALID_SECRET)),
  };
}

function resource(name: string): Resource {
  return registry.byName.get(name)!;
}

/** Replace the role's URLs. */
async function setUrls(role: TestRole, urlIds: number[]): Promise<void> {
  const res = await admin.post<Envelope>('/api/admin/sysurl/authorizeUrlToRole', { roleId: role.roleId, urlId: urlIds });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

/** Replace the role's buttons of one menu. */
async function setButtons(role: TestRole, menuCode: string, buttonCodes: string[]): Promise<void> {
  const res = await admin.post<Envelope>('/api/admin/sysmenu/authorizeMenuButtonToRole', {
    roleCode: role.roleCode,
    menuCode,
    buttonCode: buttonCodes,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

/** An .xlsx file of one record (its field names as the header). */
async function importFile(record: Record<string, unknown>): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('import');
  sheet.addRow(Object.keys(record));
  sheet.addRow(Object.values(record).map((v) => (v !== null && typeof v === 'object' ? JSON.stringify(v) : v) as ExcelJS.CellValue));
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/**
 * A record the add call accepts (validRecord), made unique where validRecord cannot: a user's
 * mobile kept short enough for its pattern, a user's post given to the role's own user (its
 * unique pair ends in a reference).
 */
function addable(r: Resource, target: Record<string, unknown> | undefined, role: TestRole, suffix: string): Record<string, unknown> {
  const record = validRecord(r, target, suffix) ?? {};
  if (r.name === 'SysUser') record.mobile = `139${suffix.padStart(8, '0')}`;
  if (r.name === 'SysUserPost' && target) Object.assign(record, { userId: role.userId, postCode: target.postCode });
  return record;
}

/**
 * The request a call is tried with: for the standard calls a valid one (a record to add, a
 * record of demo's to update or delete), so that a call let through would answer 200 and change
 * something; a declared call gets an empty input.
 */
async function attempt(
  role: TestRole,
  call: CallDef,
  target: Record<string, unknown> | undefined,
  suffix: string,
): Promise<ApiResponse<Envelope>> {
  const r = resource(call.resource);
  const api = role.api;
  switch (call.verb) {
    case 'add':
      return api.post<Envelope>(call.url, addable(r, target, role, suffix));
    case 'update':
      return api.put<Envelope>(call.url, { id: target?.id ?? 999999999 });
    case 'delete': {
      // a delete that asks for a value to be typed (a tenant's code) gets the target's value
      const typed = r.actions.find((a) => a.name === 'delete')?.typeToConfirm;
      const confirm = typed && target ? String(target[typed]) : undefined;
      return api.post<Envelope>(call.url, undefined, { id: Number(target?.id ?? 999999999), confirm });
    }
    case 'import':
      return api.postFile<Envelope>(call.url, await importFile(addable(r, target, role, suffix)));
    case 'export':
    case 'exportWord':
    case 'exportPdf':
      return api.post<Envelope>(call.url, {});
    default:
      return api.call<Envelope>(call.method, call.url, { body: call.method === 'GET' ? undefined : {} });
  }
}

describe('the URL and the button of a call, each on its own', () => {
  let urlIds: Map<string, number>;
  /** Button code -> its menu; menu -> its button codes. */
  let buttonMenu: Map<string, string>;
  let menuButtons: Map<string, string[]>;
  let allUrls: TestRole;
  let allButtons: TestRole;
  /** A row of demo's per resource, to update, delete or copy. */
  const targets = new Map<string, Record<string, unknown> | undefined>();

  beforeAll(async () => {
    const urls = await admin.get<Envelope<PageData>>('/api/admin/sysurl/querySysUrl', { pageSize: 10000 });
    urlIds = new Map(urls.body.data!.list.map((u) => [String(u.url), Number(u.id)]));
    const buttons = await admin.get<Envelope<PageData>>('/api/admin/sysmenubutton/querySysMenuButton', { pageSize: 10000 });
    buttonMenu = new Map(buttons.body.data!.list.map((b) => [String(b.buttonCode), String(b.menuCode)]));
    menuButtons = new Map();
    for (const [code, menu] of buttonMenu) menuButtons.set(menu, [...(menuButtons.get(menu) ?? []), code]);
    allButtons = await newRole('ROLE_ALL_BUTTONS');
    allUrls = await newRole('ROLE_ALL_URLS');
    for (const [menu, codes] of menuButtons) await setButtons(allButtons, menu, codes);
    await setUrls(allUrls, [...urlIds.values()]);
    for (const r of registry.resources.filter((x) => x.kind === 'entity')) {
      const list = await admin.get<Envelope<PageData>>(callUrl(registry, r, 'query')!, { pageSize: 1 });
      targets.set(r.name, list.body.data!.list[0]);
    }
  });

  it('every call that needs a button has its URL and a button of a menu', () => {
    const missing = withButton.filter((c) => !urlIds.has(c.url) || !buttonMenu.has(c.permission!)).map((c) => `${c.url} (${c.permission})`);
    expect(missing).toEqual([]);
    expect(withButton.length).toBeGreaterThan(100);
  });

  // one grant change and call per call of the registry: it grows with every resource
  it(
    'a role holding every button but not the URL, and one holding every URL but not the button, are refused and change nothing',
    { timeout: 180_000 },
    async () => {
      const before = await snapshot();
      const failures: string[] = [];
      let tried = 0;
      for (const call of withButton) {
        const urlId = urlIds.get(call.url)!;
        const menu = buttonMenu.get(call.permission!)!;
        await setUrls(
          allButtons,
          [...urlIds.values()].filter((id) => id !== urlId),
        );
        await setButtons(
          allUrls,
          menu,
          menuButtons.get(menu)!.filter((b) => b !== call.permission),
        );
        for (const [who, role] of [
          ['every button, no URL', allButtons],
          ['every URL, no button', allUrls],
        ] as const) {
          const res = await attempt(role, call, targets.get(call.resource), String(tried + 1));
          tried += 1;
          if (res.status !== 403 || res.body.status !== 403)
            failures.push(`${who}: ${call.method} ${call.url}: ${res.status} ${JSON.stringify(res.body).slice(0, 120)}`);
        }
        await setButtons(allUrls, menu, menuButtons.get(menu)!);
      }
      expect(failures).toEqual([]);
      expect(tried).toBe(2 * withButton.length);
      expect(await snapshot()).toBe(before);
    },
  );

  // one grant change and call per call of the registry: it grows with every resource
  it('a role holding the URL and the button makes the call', { timeout: 180_000 }, async () => {
    const both = await newRole('ROLE_URL_AND_BUTTON');
    const failures: string[] = [];
    let previousMenu: string | undefined;
    /** Records this role added, per resource: updated, then deleted, by the calls that follow. */
    const added = new Map<string, Record<string, unknown>>();
    for (const call of withButton) {
      const menu = buttonMenu.get(call.permission!)!;
      if (previousMenu && previousMenu !== menu) await setButtons(both, previousMenu, []);
      await setButtons(both, menu, [call.permission!]);
      previousMenu = menu;
      await setUrls(both, [urlIds.get(call.url)!]);
      const mine = added.get(call.resource);
      if ((call.verb === 'update' || call.verb === 'delete') && !mine) {
        failures.push(`${call.method} ${call.url}: no record of ${call.resource} was added to ${call.verb}`);
        continue;
      }
      const res = await attempt(
        both,
        call,
        call.verb === 'update' || call.verb === 'delete' ? mine : targets.get(call.resource),
        String(500 + added.size),
      );
      if (call.verb === 'add' && res.status === 200) added.set(call.resource, res.body.data as Record<string, unknown>);
      // the standard calls get a valid request and answer 200; a declared call, sent no input,
      // only has to get past the access layer
      const standard = call.verb !== 'custom' && call.verb !== 'import';
      const refused = res.status === 403 && ACCESS_REFUSAL.test(String(res.body.message));
      // a menu, button or role this role added but does not hold is past the access layer and
      // then refused by who may manage whom (server-mock/access/manageRules.ts)
      const notHeld = SHAPE_OF_THE_CONSOLE.has(call.resource) && (call.verb === 'update' || call.verb === 'delete');
      const manageRefusal = res.status === 403 && /^You may not (change|delete) (the role|menus|buttons) /.test(String(res.body.message));
      if (notHeld ? !manageRefusal : refused || (standard && res.status !== 200))
        failures.push(`${call.method} ${call.url}: ${res.status} ${JSON.stringify(res.body).slice(0, 160)}`);
    }
    expect(failures).toEqual([]);
    expect(added.size).toBeGreaterThan(5);
  });
});
