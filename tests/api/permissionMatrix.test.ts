/**
 * Permission matrix, generated from the registry: every call that needs a URL grant is
 * refused (403) to a role without the grant, and changes nothing; a grant taken away holds
 * from the next request on.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadRegistry } from '../../schemas/registry/loadRegistry.ts';
import { client, signIn, startTestServer, type Envelope, type PageData, type TestServer } from './harness.ts';

const registry = loadRegistry('schemas');
const granted = registry.calls.filter((c) => c.auth === 'grant');

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
    const add = () => editor.post<Envelope>('/api/admin/sysparam/addSysParam', { paramName: 'x', paramKey: `k${Date.now()}${Math.random()}` });
    expect((await add()).status).toBe(200);
    const held = await admin.get<Envelope<string[]>>('/api/admin/sysmenu/queryCheckedMenuButton', { menuCode: 'sysparam', roleCode: 'ROLE_EDITOR' });
    const without = (held.body.data ?? []).filter((c) => c !== 'sysparam:add');
    const res = await admin.post<Envelope>('/api/admin/sysmenu/authorizeMenuButtonToRole', { roleCode: 'ROLE_EDITOR', menuCode: 'sysparam', buttonCode: without });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await add()).status).toBe(403);
  });
});
