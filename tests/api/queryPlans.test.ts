/**
 * Query plans, generated from the resource registry (SQLite, with the statistics the server
 * writes, see docs/database.md): the server runs every call of every tenant-scoped resource (a
 * page, a record by id, an add, an update, a delete of two records, the tree), the calls of
 * the sign-in page, of the permission pages (URL, menu, button, data and user-role grants) and
 * of the caller's own account (registration included), and every statement it ran is explained. A
 * statement that reads a tenant's table by `tenant_code` alone reads every row of the tenant,
 * and one that scans it reads every tenant's: each grows with the data, not with the answer.
 * - No statement scans a tenant-scoped table or a table the sign-in page reads, or looks in
 *   every tenant's part of an index (a skip-scan) for want of an index without the tenant.
 * - A call about given records (by id, an add, an update, a delete, a sign-in look-up)
 *   reads no table by `tenant_code` alone: only pages, trees and exports read a whole tenant.
 * - The access query, which every request runs, reads no table by `tenant_code` alone at all.
 * A new resource file is covered without writing a test.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CompiledQuery, Kysely, sql } from 'kysely';
import { loadRegistry } from '../../schemas/registry/loadRegistry.ts';
import type { CallVerb, Resource } from '../../schemas/registry/types.ts';
import { principalStatement } from '../../server-mock/access/principal.ts';
import { INTERNAL_TABLES } from '../../server-mock/db/migrate.ts';
import { dialectFor, plannerStat, STAT_ROWS } from '../../server-mock/db/dialect.ts';
import { GroupCommitSqliteDialect, SqliteStore } from '../../server-mock/db/sqliteDriver.ts';
import type { AnyKysely } from '../../server-mock/db/anyKysely.ts';
import { callUrl, client, signIn, startTestServer, type Envelope, type PageData, type TestServer } from './harness.ts';
import { validRecord } from './validRecord.ts';
import { issueCaptcha } from '../../server-mock/auth/captcha.ts';
import { mailOutbox } from '../../server-mock/auth/mail.ts';

const registry = loadRegistry('schemas');
const resources = registry.resources.filter((r) => r.kind === 'entity' && r.scope === 'tenant');
/** Tables whose rows grow with the tenants' data. */
const tenantTables = new Set([
  ...registry.resources.filter((r) => r.kind !== 'service' && r.scope === 'tenant').map((r) => r.table),
  ...INTERNAL_TABLES.map((t) => t.name),
]);

let server: TestServer;
let admin: ReturnType<typeof client>;
/** Statements run since the last `take()`. */
let seen = new Set<string>();
const onSqlite = !process.env.TEST_DATABASE_URL;

beforeAll(async () => {
  if (!onSqlite) return;
  server = await startTestServer({ onStatement: (sql) => seen.add(sql) });
  admin = client(server.url, await signIn(server.url, 'demo', 'admin'));
});

afterAll(async () => {
  await server?.stop();
});

function take(): string[] {
  const out = [...seen];
  seen = new Set();
  return out;
}

function urlOf(r: Resource, verb: CallVerb): string | undefined {
  return callUrl(registry, r, verb);
}

/** The plan of a statement, with its parameters (null for each by default). */
async function plan(sql: string, parameters: readonly unknown[] = Array((sql.match(/\?/g) ?? []).length).fill(null)): Promise<string[]> {
  const res = await server.database.db.executeQuery<{ detail: string }>(CompiledQuery.raw(`explain query plan ${sql}`, [...parameters]));
  return res.rows.map((r) => r.detail);
}

/** The tables of a statement by the names its plan gives them (their own, or an alias: `from sys_user as u`). */
function tablesByName(sql: string): Map<string, string> {
  const names = new Map<string, string>();
  for (const m of sql.matchAll(/\b(?:from|join|update|into)\s+"?(\w+)"?(?:\s+(?:as\s+)?"?(\w+)"?)?/gi)) {
    const [, table, alias] = m as unknown as [string, string, string | undefined];
    names.set(table, table);
    if (alias && !/^(where|on|set|values|inner|left|join|order|group|limit|returning|select|as)$/i.test(alias)) names.set(alias, table);
  }
  return names;
}

/** What is wrong with the plans of these statements (none: []). `whole`: the call may read a whole tenant. */
async function findings(statements: string[], whole: boolean): Promise<string[]> {
  const out: string[] = [];
  for (const sql of statements) {
    if (/^(explain|pragma|select name from pragma_)/i.test(sql.trim())) continue;
    const names = tablesByName(sql);
    for (const step of await plan(sql)) {
      const m = /^(SCAN|SEARCH) (\w+)(?: AS \w+)?(.*)$/.exec(step);
      if (!m) continue;
      const [, how, name, rest] = m as unknown as [string, string, string, string];
      const table = names.get(name) ?? name;
      if (!tenantTables.has(table)) continue;
      // a scan reads every tenant; a skip-scan (ANY) looks in every tenant, no index leads with the column
      if (how === 'SCAN' || /\bANY\(/.test(rest)) out.push(`${step}\n    in: ${sql}`);
      else if (!whole && /\(tenant_code=\?\)$/.test(rest)) out.push(`${step}\n    in: ${sql}`);
    }
  }
  return out;
}

describe.skipIf(!onSqlite).each(resources.map((r) => ({ name: r.name, r })))('$name', ({ r }) => {
  it('reads no more rows than its calls need', async () => {
    const query = urlOf(r, 'query')!;
    const problems: string[] = [];
    take();
    const page = await admin.get<Envelope<PageData>>(query, { pageSize: 10 });
    expect(page.status).toBe(200);
    problems.push(...(await findings(take(), true)));
    const row = page.body.data!.list[0];
    if (r.list.tree && urlOf(r, 'tree')) {
      expect((await admin.get(urlOf(r, 'tree')!)).status).toBe(200);
      problems.push(...(await findings(take(), true)));
    }
    if (row) {
      expect((await admin.get(query, { id: String(row.id) })).status).toBe(200);
      problems.push(...(await findings(take(), false)));
      const add = urlOf(r, 'add');
      const del = urlOf(r, 'delete');
      if (add && del) {
        const ids: number[] = [];
        for (const suffix of ['71', '72']) {
          const created = await admin.post<Envelope<Record<string, unknown>>>(add, validRecord(r, row, suffix));
          // a unique set that ends with a reference (a user's post) is not made new by a suffix
          if (created.status === 400 && /Invalid reference/.test(created.body.message ?? '')) break;
          expect(created.status, JSON.stringify(created.body)).toBe(200);
          ids.push(Number(created.body.data!.id));
        }
        problems.push(...(await findings(take(), false)));
        const upd = urlOf(r, 'update');
        if (ids.length === 2 && upd) {
          const fresh = (await admin.get<Envelope<PageData>>(query, { id: String(ids[0]) })).body.data!.list[0]!;
          take();
          const res = await admin.put(upd, { ...validRecord(r, fresh, '73'), id: ids[0] });
          expect(res.status, JSON.stringify(res.body)).toBe(200);
          problems.push(...(await findings(take(), false)));
        }
        if (ids.length === 2) {
          const res = await admin.post(del, undefined, { id: ids.join(',') });
          expect(res.status, JSON.stringify(res.body)).toBe(200);
          problems.push(...(await findings(take(), false)));
        }
      }
    }
    expect(problems, problems.join('\n')).toEqual([]);
  });
});

describe.skipIf(!onSqlite)('the access query', () => {
  // It runs on every request: each table it reads must be looked up by more than the tenant,
  // even for a page, or its cost grows with the tenant (every role of every user, every URL).
  it('looks up every table it reads by more than the tenant', async () => {
    const { registry } = server.services;
    const { database } = server;
    const keys = { url: '/api/admin/sysparam/querySysParam', button: 'sysparam:query', menu: 'sysparam' };
    const statement = principalStatement(database.db, registry, 'jti', 'demo', 2, keys);
    const steps = await plan(statement.sql, statement.parameters);
    expect(steps.length).toBeGreaterThanOrEqual(8);
    for (const step of steps.filter((d) => /^(SCAN|SEARCH) /.test(d))) {
      expect(step, steps.join('\n')).toMatch(/^SEARCH /);
      expect(step, steps.join('\n')).not.toMatch(/\(tenant_code=\?\)|ANY\(/);
    }
  });
});

describe.skipIf(!onSqlite)('the sign-in page', () => {
  const get = async (path: string, params: Record<string, string>) =>
    (await fetch(`${server.url}${path}?${new URLSearchParams(params)}`)).status;

  it('finds a user across tenants by username, email or mobile without reading every user', async () => {
    take();
    expect(await get('/api/admin/sysuser/queryTenantUser', { userInfo: 'admin@demo.example.com' })).toBe(200);
    expect(await get('/api/admin/sysuser/queryTenantUser', { userInfo: 'nobody' })).toBe(200);
    expect(await get('/api/account/captcha/getSmsCaptcha', { mobile: '13800000009' })).toBe(200);
    expect(await get('/api/admin/sysuser/handleFail', { username: '13800000001', tenantCode: 'demo' })).toBe(200);
    const statements = take();
    expect(statements.some((s) => /\bsys_user\b/.test(s))).toBe(true);
    const problems = await findings(statements, false);
    expect(problems, problems.join('\n')).toEqual([]);
  });
});

/** A store on a new file, and a Kysely on it. */
async function withStore(fn: (store: SqliteStore, db: AnyKysely) => Promise<void>): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'planner-stats-'));
  const store = new SqliteStore({ file: join(dir, 'x.sqlite'), synchronous: 'NORMAL' });
  const db: AnyKysely = new Kysely({ dialect: new GroupCommitSqliteDialect(store) });
  try {
    await fn(store, db);
  } finally {
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('written planner statistics', () => {
  it('say a tenant is many rows and every other column few, a whole unique index one', () => {
    expect(plannerStat(['tenant_code', 'create_time', 'id'], false)).toBe(`${STAT_ROWS} ${STAT_ROWS / 10} 5 3`);
    expect(plannerStat(['tenant_code', 'username'], true)).toBe(`${STAT_ROWS} ${STAT_ROWS / 10} 1`);
    expect(plannerStat(['mobile'], false)).toBe(`${STAT_ROWS} 10`);
    expect(plannerStat(['jti'], true)).toBe(`${STAT_ROWS} 1`);
  });

  it('make SQLite find two records of a tenant by id, not by the tenant', async () => {
    await withStore(async (store, db) => {
      // the dictionary's table and indexes
      await sql`create table t (id integer primary key autoincrement, type text, name text, value text, sequence integer, parent integer, tenant_code text)`.execute(
        db,
      );
      await sql`create unique index ux_t_tenant_code_type_value on t (tenant_code, type, value)`.execute(db);
      await sql`create index ix_t_tenant_code_sequence_id on t (tenant_code, sequence, id)`.execute(db);
      await sql`create index ix_t_tenant_code_parent on t (tenant_code, parent)`.execute(db);
      const deleteTwo = () =>
        store.write
          .prepare('explain query plan delete from t where tenant_code = ? and id in (?, ?)')
          .all(null, null, null)
          .map((r) => (r as { detail: string }).detail)
          .join('; ');
      expect(deleteTwo()).toBe('SEARCH t USING INDEX ix_t_tenant_code_parent (tenant_code=?)');
      await dialectFor('sqlite').analyze(db, ['t']);
      store.reloadStatistics();
      expect(deleteTwo()).toBe('SEARCH t USING INTEGER PRIMARY KEY (rowid=?)');
      const stats = await sql<{ idx: string; stat: string }>`select idx, stat from sqlite_stat1 where tbl = 't'`.execute(db);
      expect(stats.rows).toHaveLength(3);
      expect(stats.rows).toContainEqual({ idx: 'ix_t_tenant_code_parent', stat: plannerStat(['tenant_code', 'parent'], false) });
      expect(stats.rows).toContainEqual({ idx: 'ux_t_tenant_code_type_value', stat: plannerStat(['tenant_code', 'type', 'value'], true) });
    });
  });

  it('are planned with by both connections of the file once reloaded', async () => {
    await withStore(async (store, db) => {
      await sql`create table t (id integer primary key autoincrement, tenant_code text, a text, b text)`.execute(db);
      await sql`create index ix_t_a on t (tenant_code, a)`.execute(db);
      await sql`create index ix_t_b on t (tenant_code, b)`.execute(db);
      const q = 'explain query plan select id from t where tenant_code = ? and a = ? and b = ?';
      const plans = () =>
        (['write', 'read'] as const).map((c) =>
          store[c]
            .prepare(q)
            .all(null, null, null)
            .map((r) => (r as { detail: string }).detail)
            .join('; '),
        );
      const write = async (a: string, b: string) => {
        await sql`analyze sqlite_schema`.execute(db);
        await sql`delete from sqlite_stat1`.execute(db);
        await sql`insert into sqlite_stat1 (tbl, idx, stat) values ('t', 'ix_t_a', ${a}), ('t', 'ix_t_b', ${b})`.execute(db);
      };
      await write('1000 100 1', '1000 100 50'); // a narrows, b does not
      store.reloadStatistics();
      expect(plans()).toEqual(Array(2).fill('SEARCH t USING INDEX ix_t_a (tenant_code=? AND a=?)'));
      await write('1000 100 50', '1000 100 1'); // the other way round
      expect(plans()[0]).toBe('SEARCH t USING INDEX ix_t_a (tenant_code=? AND a=?)'); // not read yet
      store.reloadStatistics();
      expect(plans()).toEqual(Array(2).fill('SEARCH t USING INDEX ix_t_b (tenant_code=? AND b=?)'));
    });
  });
});

describe.skipIf(!onSqlite)('the permission pages', () => {
  const list = async (path: string, params: Record<string, string> = {}) =>
    (await admin.get<Envelope<PageData>>(path, { pageSize: 1000, ...params })).body.data!.list;

  // The grant calls about one role, user, URL or menu: what they read, by what singles it out.
  it('read and write the grants of one role, user, URL or menu without reading the tenant', async () => {
    const role = (await list('/api/admin/sysrole/querySysRole', { roleCode: 'ROLE_EDITOR' })).find((x) => x.roleCode === 'ROLE_EDITOR')!;
    const user = (await list('/api/admin/sysuser/querySysUser', { username: 'editor' })).find((x) => x.username === 'editor')!;
    const url = (await list('/api/admin/sysurl/querySysUrl'))[0]!;
    const calls: [string, Record<string, string>][] = [
      ['/api/admin/sysmenu/queryMenuIdByRoleId', { roleId: String(role.id) }],
      ['/api/admin/sysmenu/queryCheckedMenuButton', { menuCode: 'sysparam', roleCode: 'ROLE_EDITOR' }],
      ['/api/admin/sysmenu/queryMenuButtonByRoleCode', { roleCode: 'ROLE_EDITOR' }],
      ['/api/admin/sysmenu/queryMenuButtonCheckbox', { menuCode: 'sysparam' }],
      ['/api/admin/sysmenu/queryDataFieldByMenuCode', { menuCode: 'sysparam' }],
      ['/api/admin/sysurl/queryRoleIdByUrlId', { urlId: String(url.id) }],
      ['/api/admin/sysurl/queryUrlIdByRoleId', { roleId: String(role.id) }],
      ['/api/admin/sysdict/queryDictByDictType', { dictType: 'org_type' }],
    ];
    const problems: string[] = [];
    for (const [path, params] of calls) {
      take();
      const res = await admin.get(path, params);
      expect(res.status, `${path} ${JSON.stringify(res.body)}`).toBe(200);
      problems.push(...(await findings(take(), false)).map((f) => `${path}: ${f}`));
    }
    // grants written back as they are (nothing changes): each replaces the links of one role, URL or menu
    const get = async <T>(path: string, params: Record<string, string>) => (await admin.get<Envelope<T>>(path, params)).body.data!;
    const writes: [string, Record<string, unknown>][] = [
      [
        '/api/admin/sysurl/authorizeRoleToUrl',
        { urlId: url.id, roleId: await get<number[]>('/api/admin/sysurl/queryRoleIdByUrlId', { urlId: String(url.id) }) },
      ],
      [
        '/api/admin/sysurl/authorizeUrlToRole',
        { roleId: role.id, urlId: await get<number[]>('/api/admin/sysurl/queryUrlIdByRoleId', { roleId: String(role.id) }) },
      ],
      [
        '/api/admin/sysmenu/authorizeMenuToRole',
        { roleId: role.id, menuId: await get<number[]>('/api/admin/sysmenu/queryMenuIdByRoleId', { roleId: String(role.id) }) },
      ],
      [
        '/api/admin/sysmenu/authorizeMenuButtonToRole',
        {
          roleCode: 'ROLE_EDITOR',
          menuCode: 'sysparam',
          buttonCode: await get<string[]>('/api/admin/sysmenu/queryCheckedMenuButton', { menuCode: 'sysparam', roleCode: 'ROLE_EDITOR' }),
        },
      ],
    ];
    for (const [path, body] of writes) {
      take();
      const res = await admin.post(path, body);
      expect(res.status, `${path} ${JSON.stringify(res.body)}`).toBe(200);
      problems.push(...(await findings(take(), false)).map((f) => `${path}: ${f}`));
    }
    // the tree of every post of the tenant, the user's checked: reads the tenant's posts
    take();
    expect((await admin.get('/api/admin/sysuserpost/querySysUserPostTree', { userId: String(user.id) })).status).toBe(200);
    problems.push(...(await findings(take(), true)));
    expect(problems, problems.join('\n')).toEqual([]);
  });

  it('read and write the roles of one user, or the users of one role, without reading every assignment', async () => {
    const rolesOf = async (userId: unknown) =>
      (await admin.get<Envelope<{ id: number; roleCode: string }[]>>('/api/admin/sysrole/queryRoleName', { userId: String(userId) })).body
        .data!;
    const users = await list('/api/admin/sysuser/querySysUser');
    const user = users.find((x) => x.username === 'editor')!;
    const editorRole = (await rolesOf(user.id)).find((x) => x.roleCode === 'ROLE_EDITOR')!;
    const holders: unknown[] = [];
    for (const u of users) if ((await rolesOf(u.id)).some((x) => x.id === editorRole.id)) holders.push(u.id);
    const problems: string[] = [];
    // every role of the tenant, or every organisation with its users, the ones granted checked: a whole tenant
    for (const [path, params] of [
      ['/api/admin/sysrole/queryRoleName', { userId: String(user.id) }],
      ['/api/admin/sysorg/queryOrgUserTree', { roleId: String(editorRole.id), assign: '1' }],
    ] as const) {
      take();
      const res = await admin.get(path, params);
      expect(res.status, `${path} ${JSON.stringify(res.body)}`).toBe(200);
      problems.push(...(await findings(take(), true)).map((f) => `${path}: ${f}`));
    }
    // written back as they are: the user's roles, the role's users
    const writes: [string, Record<string, unknown>][] = [
      ['/api/admin/sysuser/authorizeRoleToUser', { userId: user.id, roleId: (await rolesOf(user.id)).map((x) => x.id) }],
      ['/api/admin/sysrole/authorizeUserToRole', { roleId: editorRole.id, userId: holders }],
    ];
    for (const [path, body] of writes) {
      take();
      const res = await admin.post(path, body);
      expect(res.status, `${path} ${JSON.stringify(res.body)}`).toBe(200);
      problems.push(...(await findings(take(), false)).map((f) => `${path}: ${f}`));
    }
    expect(holders).toContain(user.id);
    expect(problems, problems.join('\n')).toEqual([]);
  });
});

describe.skipIf(!onSqlite)('the account calls', () => {
  it("read and change the caller's own account, and register one, without reading the tenant's users", async () => {
    const problems: string[] = [];
    const self = (await admin.get<Envelope<Record<string, unknown>>>('/api/uaa/users/getSysUser')).body.data!;
    const own: [string, string, unknown][] = [
      ['GET', '/api/uaa/users/getSysUser', undefined],
      ['PUT', '/api/account/sysuserdetail/updateSysUserDetail', { nickname: String(self.nickname ?? 'Admin') }],
    ];
    for (const [method, path, body] of own) {
      take();
      const res = await admin.call(method, path, { body });
      expect(res.status, `${path} ${JSON.stringify(res.body)}`).toBe(200);
      problems.push(...(await findings(take(), false)).map((f) => `${path}: ${f}`));
    }
    // public: a new account is checked against every tenant's usernames, emails and mobiles
    // (the tenant allows registrations: its parameter is read by key)
    expect(
      (
        await admin.post('/api/admin/sysparam/addSysParam', {
          paramName: 'Self-registration',
          paramKey: 'account.selfRegistration',
          paramValue: 'true',
        })
      ).status,
    ).toBe(200);
    const captchaKey = (await issueCaptcha(server.services, 'RNVW')).key;
    take();
    const registered = await fetch(`${server.url}/api/admin/sysuser/registerAccountInitial`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        tenantCode: 'demo',
        username: 'planuser',
        password: 'Valid@12345',
        email: 'planuser@demo.example.com',
        mobile: '13800000077',
        prefix: '+86',
        charCaptcha: 'RNVW',
        captchaKey,
      }),
    });
    expect(registered.status, await registered.text()).toBe(200);
    problems.push(...(await findings(take(), false)).map((f) => `registerAccountInitial: ${f}`));
    // public: a password reset, asked for and used
    const resetKey = (await issueCaptcha(server.services, 'HEXU')).key;
    take();
    const asked = await fetch(
      `${server.url}/api/account/sysuserdetail/retrievePassword?${new URLSearchParams({ tenantCode: 'demo', email: 'planuser@demo.example.com', charCaptcha: 'HEXU', captchaKey: resetKey })}`,
      { method: 'POST' },
    );
    expect(asked.status, await asked.text()).toBe(200);
    problems.push(...(await findings(take(), false)).map((f) => `retrievePassword: ${f}`));
    const code = /is ([A-Z0-9-]{14}) \./.exec(mailOutbox(server.services).last('planuser@demo.example.com') ?? '')![1]!;
    take();
    const reset = await fetch(`${server.url}/api/account/sysuserdetail/resetPassword`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ tenantCode: 'demo', email: 'planuser@demo.example.com', code, newPassword: 'Fresh#Start9' }),
    });
    expect(reset.status, await reset.text()).toBe(200);
    problems.push(...(await findings(take(), false)).map((f) => `resetPassword: ${f}`));
    // the caller's menus and buttons, and the bell: what the tenant grants or publishes, so a whole tenant
    for (const [method, path] of [
      ['POST', '/api/account/sysuserdetail/queryCurrentAuthority'],
      ['GET', '/api/notification/notification/queryHeadNotification'],
      ['GET', '/api/notification/notification/queryMyNotification'],
    ] as const) {
      take();
      const res = await admin.call(method, path, {});
      expect(res.status, `${path} ${JSON.stringify(res.body)}`).toBe(200);
      problems.push(...(await findings(take(), true)).map((f) => `${path}: ${f}`));
    }
    expect(problems, problems.join('\n')).toEqual([]);
  });
});
