/**
 * The generic link calls (link.ids, link.replace) as a resource file declares them with no
 * server code: a Crew resource whose members are users, kept in the rows of a CrewMember link
 * resource, added to a copy of schemas/. Reading and replacing a crew's members; bad input
 * (an unknown id, another tenant's crew or user, a malformed list) answers 400 naming it and
 * changes nothing; each tenant's links stay its own.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, schemasWith, signIn, startTestServer, type Envelope, type PageData, type TestServer } from './harness.ts';

type Client = ReturnType<typeof client>;
type Rec = Record<string, unknown>;

const BASE = '/api/material/crew';

const crew = {
  $schema: '../resource.schema.json',
  name: 'Crew',
  service: 'material',
  path: 'crew',
  kind: 'entity',
  record: {
    type: 'object',
    additionalProperties: false,
    required: ['crewCode', 'crewName'],
    properties: {
      crewCode: { type: 'string', pattern: '^[A-Z0-9-]+$', maxLength: 20 },
      crewName: { type: 'string', minLength: 1, maxLength: 100 },
    },
  },
  links: {
    members: {
      resource: 'SysUser',
      valueField: 'id',
      labelField: 'username',
      through: { resource: 'CrewMember', recordKey: 'crewId', valueKey: 'userId' },
    },
  },
  calls: [
    {
      name: 'queryUserIdByCrewId',
      method: 'GET',
      handler: 'link.ids',
      options: { link: 'Crew.members' },
      query: { type: 'object', additionalProperties: false, required: ['crewId'], properties: { crewId: { type: 'integer', minimum: 1 } } },
    },
    {
      name: 'authorizeUserToCrew',
      method: 'POST',
      handler: 'link.replace',
      options: { link: 'Crew.members' },
      body: {
        type: 'object',
        additionalProperties: false,
        required: ['crewId', 'userId'],
        properties: { crewId: { type: 'integer', minimum: 1 }, userId: { type: 'array', items: { type: 'integer', minimum: 1 } } },
      },
    },
  ],
  storage: { unique: [['crewCode']] },
};

const crewMember = {
  $schema: '../resource.schema.json',
  name: 'CrewMember',
  service: 'material',
  path: 'crewmember',
  kind: 'link',
  record: {
    type: 'object',
    additionalProperties: false,
    required: ['crewId', 'userId'],
    properties: { crewId: { type: 'integer', minimum: 1 }, userId: { type: 'integer', minimum: 1 } },
  },
  storage: { unique: [['crewId', 'userId']], index: [['userId']] },
};

const labels: Record<string, Rec> = {
  en: {
    Crew: { title: 'Crews', fields: { crewCode: 'Code', crewName: 'Name' } },
    CrewMember: { title: 'Crew members', fields: { crewId: 'Crew', userId: 'User' } },
  },
  zh: {
    Crew: { title: '班组', fields: { crewCode: '编码', crewName: '名称' } },
    CrewMember: { title: '班组成员', fields: { crewId: '班组', userId: '用户' } },
  },
  tw: {
    Crew: { title: '班組', fields: { crewCode: '編碼', crewName: '名稱' } },
    CrewMember: { title: '班組成員', fields: { crewId: '班組', userId: '使用者' } },
  },
};

let schemas: ReturnType<typeof schemasWith> | undefined;
let server: TestServer;
let admin: Client;
let acme: Client;

async function idOf(c: Client, path: string, key: string, value: string): Promise<number> {
  const res = await c.get<Envelope<PageData>>(path, { pageSize: 1000 });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const hit = res.body.data!.list.find((r) => r[key] === value);
  expect(hit, `${path} ${value}`).toBeDefined();
  return Number(hit!.id);
}

async function addCrew(c: Client, crewCode: string): Promise<number> {
  const res = await c.post<Envelope<Rec>>(`${BASE}/addCrew`, { crewCode, crewName: `Crew ${crewCode}` });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return Number(res.body.data!.id);
}

async function members(c: Client, crewId: number): Promise<number[]> {
  const res = await c.get<Envelope<number[]>>(`${BASE}/queryUserIdByCrewId`, { crewId });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data!;
}

const replace = (c: Client, crewId: unknown, userId: unknown) => c.post<Envelope>(`${BASE}/authorizeUserToCrew`, { crewId, userId });

let demoCrew: number;
let acmeCrew: number;
const demoUsers: Record<string, number> = {};
let acmeAdmin: number;

beforeAll(async () => {
  schemas = schemasWith({
    resources: { 'crew.json': crew, 'crew-member.json': crewMember },
    messages: Object.fromEntries(['en', 'zh', 'tw'].map((locale) => [locale, { resources: labels[locale]! }])),
  });
  server = await startTestServer({ schemasDir: schemas.schemasDir });
  admin = client(server.url, await signIn(server.url, 'demo', 'admin'));
  acme = client(server.url, await signIn(server.url, 'acme', 'admin'));
  for (const name of ['admin', 'editor', 'visitor'])
    demoUsers[name] = await idOf(admin, '/api/admin/sysuser/querySysUser', 'username', name);
  acmeAdmin = await idOf(acme, '/api/admin/sysuser/querySysUser', 'username', 'admin');
  demoCrew = await addCrew(admin, 'C-1');
  acmeCrew = await addCrew(acme, 'C-1');
});

afterAll(async () => {
  await server?.stop();
  schemas?.remove();
});

describe('link calls of a resource file', () => {
  it('replace the links of a record with exactly the ids sent, and read them back in order', async () => {
    expect(await members(admin, demoCrew)).toEqual([]);
    const { editor, visitor, admin: adminId } = demoUsers as { editor: number; visitor: number; admin: number };
    expect((await replace(admin, demoCrew, [visitor, editor, visitor])).status).toBe(200);
    expect(await members(admin, demoCrew)).toEqual([editor, visitor].sort((a, b) => a - b));
    expect((await replace(admin, demoCrew, [adminId, editor])).status).toBe(200);
    expect(await members(admin, demoCrew)).toEqual([adminId, editor].sort((a, b) => a - b));
    expect((await replace(admin, demoCrew, [])).status).toBe(200);
    expect(await members(admin, demoCrew)).toEqual([]);
    expect((await replace(admin, demoCrew, [editor])).status).toBe(200);
  });

  it("refuse an unknown id, another tenant's id and a malformed list with a clear error, changing nothing", async () => {
    const before = await members(admin, demoCrew);
    const unknown = await replace(admin, demoCrew, [demoUsers.visitor, 999999]);
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('No SysUser with id 999999');
    expect(unknown.body.errors).toEqual([expect.objectContaining({ field: 'userId', message: 'no SysUser with id 999999' })]);

    const foreignUser = await replace(admin, demoCrew, [demoUsers.visitor, acmeAdmin]);
    expect(foreignUser.status).toBe(400);
    expect(foreignUser.body.message).toBe(`No SysUser with id ${acmeAdmin}`);

    const foreignCrew = await replace(admin, acmeCrew, [demoUsers.visitor]);
    expect(foreignCrew.status).toBe(400);
    expect(foreignCrew.body.errors).toEqual([expect.objectContaining({ field: 'crewId', message: `no Crew with id ${acmeCrew}` })]);
    expect((await admin.get(`${BASE}/queryUserIdByCrewId`, { crewId: acmeCrew })).status).toBe(400);

    expect((await replace(admin, demoCrew, ['x'])).status).toBe(400);
    expect((await replace(admin, demoCrew, 'nope')).status).toBe(400);
    expect((await replace(admin, undefined, [demoUsers.visitor])).status).toBe(400);
    expect(await members(admin, demoCrew)).toEqual(before);
    expect(await members(acme, acmeCrew)).toEqual([]);
  });

  it("keep each tenant's links its own", async () => {
    expect((await replace(acme, acmeCrew, [acmeAdmin])).status).toBe(200);
    expect(await members(acme, acmeCrew)).toEqual([acmeAdmin]);
    expect(await members(admin, demoCrew)).toEqual([demoUsers.editor]);
    // acme's crew C-1 has the same code as demo's, and its own id: demo's crew is not acme's
    expect((await acme.get(`${BASE}/queryUserIdByCrewId`, { crewId: demoCrew })).status).toBe(400);
    expect((await replace(acme, demoCrew, [acmeAdmin])).status).toBe(400);
    expect(await members(admin, demoCrew)).toEqual([demoUsers.editor]);
  });
});
