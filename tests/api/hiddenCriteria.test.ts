/**
 * A field a data permission hides from the caller is not a search criterion either: filtering
 * or sorting by it would tell its value (which records match, in which order). Generated from
 * the registry: for every resource with a query call, a field of it is hidden from ROLE_EDITOR
 * (which is first given every URL and button of the tenant, so that only the data permission
 * decides), and the editor's query, spreadsheet, Word and PDF exports filtering or sorting by it
 * answer 400 naming the field, while the same calls without it answer 200 and the administrator
 * may still use it. The same for every call a page lists through (`list.source`), and the case
 * of the report: `address` of users, hidden from the editor by the demo data.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallVerb, Resource } from '../../schemas/registry/types.ts';
import { TenantData } from '../../server-mock/access/tenantData.ts';
import { filterableFields } from '../../server-mock/crud/crudSchemas.ts';
import { insertRecord } from '../../server-mock/seed/provisionTenant.ts';
import { callUrl, client, signIn, startTestServer, type Envelope, type PageData, type TestServer } from './harness.ts';

let server: TestServer;
let admin: ReturnType<typeof client>;
let editor: ReturnType<typeof client>;

type Api = ReturnType<typeof client>;

beforeAll(async () => {
  server = await startTestServer();
  admin = client(server.url, await signIn(server.url, 'demo', 'admin'));
  // every URL and button of the tenant for ROLE_EDITOR: only the data permission may refuse
  const { registry } = server.services;
  const { database } = server;
  const data = new TenantData(database, registry, 'demo');
  const now = new Date();
  const role = (await data
    .select(data.resource('SysRole'))
    .select('sys_role.id as id')
    .where('role_code', '=', 'ROLE_EDITOR')
    .executeTakeFirstOrThrow()) as { id: number };
  const urlR = data.resource('SysUrl');
  const urls = (await data.select(urlR).select(`${urlR.table}.id as id`).execute()) as { id: number }[];
  const roleUrlR = data.resource('SysRoleUrl');
  const heldUrls = new Set(
    ((await data.select(roleUrlR).select('url_id').where('role_id', '=', role.id).execute()) as { url_id: number }[]).map((x) =>
      Number(x.url_id),
    ),
  );
  for (const u of urls)
    if (!heldUrls.has(Number(u.id))) await insertRecord(data, roleUrlR, { roleId: Number(role.id), urlId: Number(u.id) }, now);
  const buttonR = data.resource('SysRoleMenuButton');
  const heldButtons = new Set(
    ((await data.select(buttonR).select('button_code').where('role_code', '=', 'ROLE_EDITOR').execute()) as { button_code: string }[]).map(
      (x) => x.button_code,
    ),
  );
  const buttons = new Set(registry.resources.flatMap((r) => r.actions.map((a) => a.permission)));
  for (const b of buttons) if (!heldButtons.has(b)) await insertRecord(data, buttonR, { roleCode: 'ROLE_EDITOR', buttonCode: b }, now);
  editor = client(server.url, await signIn(server.url, 'demo', 'editor'));
});
afterAll(async () => {
  await server?.stop();
});

const DATA_PERMISSION = '/api/admin/sysmenu/authorizeMenuDataToRole';

/** Hide `fields` of the menu from ROLE_EDITOR (replacing what the menu hid from it); whether the grant took. */
async function hideFromEditor(menu: string, fields: string[]): Promise<boolean> {
  const res = await admin.post(DATA_PERMISSION, { menuCode: menu, data: [{ roleCode: 'ROLE_EDITOR', dataFields: fields.join(',') }] });
  return res.status === 200;
}

function refusedFor(res: { status: number; body: unknown }, field: string): void {
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  const body = res.body as Envelope;
  expect(body.message).toContain(`"${field}"`);
  expect(body.message).toMatch(/hides/);
}

interface Case {
  r: Resource;
  field: string;
  /** A value of the field's type (the administrator's search must be served). */
  value: string;
}

function sample(r: Resource, field: string): string {
  const f = r.fieldMap.get(field)!;
  const choices = f.schema.enum as unknown[] | undefined;
  if (choices?.length) return String(choices[0]);
  if (f.type === 'integer' || f.type === 'number') return '1';
  if (f.type === 'boolean') return 'true';
  if (f.type === 'datetime') return '2026-01-01,2026-12-31';
  return 'x';
}

const registry = () => server.services.registry;

/** Each resource with a query call and a menu, and a field of it a data permission may hide. */
function cases(): Case[] {
  const out: Case[] = [];
  for (const r of registry().resources) {
    if (!r.menu || r.kind !== 'entity' || !callUrl(registry(), r, 'query')) continue;
    // a field the add form does not require: hiding a required one from a role that adds is refused (grants.test.ts)
    const candidates = filterableFields(r).filter((f) => f.name !== 'id' && r.record.properties?.[f.name]);
    const field = candidates.find((f) => !(f.required && r.form.create.includes(f.name))) ?? candidates[0];
    if (field) out.push({ r, field: field.name, value: sample(r, field.name) });
  }
  return out;
}

async function control(api: Api, url: string, verb: CallVerb, params: Record<string, string>): Promise<number> {
  if (verb === 'query') return (await api.get(url, params)).status;
  return (await api.post(url, params)).status;
}

describe('filtering and sorting by a hidden field', () => {
  it('the report: querySysUser?address= and sorter=address_ascend, and the exports, answer 400 for the editor', async () => {
    const users = registry().byName.get('SysUser')!;
    // the demo data hides address (and profile) of users from the editor
    const authority = await editor.post<{ dataFields?: Record<string, string[]> }>(
      '/api/account/sysuserdetail/queryCurrentAuthority',
      undefined,
      { username: 'editor' },
    );
    expect(authority.body.dataFields?.sysuser).toContain('address');
    const query = callUrl(registry(), users, 'query')!;
    refusedFor(await editor.get(query, { address: 'SECRET' }), 'address');
    refusedFor(await editor.get(query, { sorter: 'address_ascend' }), 'address');
    for (const verb of ['export', 'exportWord', 'exportPdf'] as const) {
      refusedFor(await editor.post(callUrl(registry(), users, verb)!, { address: 'SECRET' }), 'address');
      refusedFor(await editor.post(callUrl(registry(), users, verb)!, { sorter: 'address_descend' }), 'address');
    }
    // the administrator may search by it; the editor by what it sees
    expect((await admin.get<Envelope<PageData>>(query, { address: 'SECRET' })).status).toBe(200);
    const own = await editor.get<Envelope<PageData>>(query, { username: 'editor', sorter: 'username_ascend' });
    expect(own.status).toBe(200);
    expect(own.body.data!.pagination.total).toBe(1);
  });

  it('every resource with a query call: query, exports filtering or sorting by a hidden field answer 400', async () => {
    const all = cases();
    let checked = 0;
    const skipped: string[] = [];
    for (const { r, field, value } of all) {
      if (!(await hideFromEditor(r.menu!, [field]))) {
        skipped.push(`${r.name}.${field}: the data permission was refused`);
        continue;
      }
      const verbs = (['query', 'export', 'exportWord', 'exportPdf'] as const).filter((v) => callUrl(registry(), r, v));
      for (const verb of verbs) {
        const url = callUrl(registry(), r, verb)!;
        // without the hidden field the editor is served: the 400 below is the data permission's
        const served = await control(editor, url, verb, {});
        if (served !== 200) {
          skipped.push(`${r.name} ${verb}: the editor is not served (${served})`);
          continue;
        }
        const filter = verb === 'query' ? await editor.get(url, { [field]: value }) : await editor.post(url, { [field]: value });
        refusedFor(filter, field);
        const sorter =
          verb === 'query' ? await editor.get(url, { sorter: `${field}_ascend` }) : await editor.post(url, { sorter: `${field}_descend` });
        refusedFor(sorter, field);
        expect(await control(admin, url, verb, { [field]: value }), `${r.name} ${verb} as admin`).toBe(200);
        checked++;
      }
    }
    console.log(`hidden criteria: ${checked} calls of ${all.length} resources checked; skipped: ${skipped.join('; ') || 'none'}`);
    expect(all.length).toBeGreaterThan(10);
    expect(checked).toBeGreaterThan(all.length);
  });

  it('every call a page lists through (list.source): a hidden field of the listed resource is no filter', async () => {
    let checked = 0;
    for (const listed of registry().resources) {
      const source = listed.list.source;
      if (!source || !listed.menu) continue;
      const call = registry().calls.find((c) => c.name === source.call)!;
      if (call.mock) continue; // not served here (MOCK_API is off): docs/mock-api.md
      const params = Object.keys((call.query as { properties?: Record<string, unknown> } | undefined)?.properties ?? {});
      const field = params.find((p) => listed.fieldMap.has(p) && !source.requires.includes(p) && listed.fieldMap.get(p)!.type === 'string');
      if (!field) continue;
      expect(await hideFromEditor(listed.menu, [field]), `${listed.name}.${field}`).toBe(true);
      const value = (call.query as { properties: Record<string, { enum?: string[] }> }).properties[field]!.enum?.[0] ?? 'x';
      if (call.method === 'GET') refusedFor(await editor.get(call.url, { [field]: value }), field);
      else refusedFor(await editor.call(call.method, call.url, { params: { [field]: value } }), field);
      expect(
        (await (call.method === 'GET' ? editor.get(call.url) : editor.call(call.method, call.url))).status,
        `${call.name} without the field`,
      ).toBe(200);
      checked++;
    }
    expect(checked).toBeGreaterThan(0);
  });
});
