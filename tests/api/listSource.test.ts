/**
 * Calls that list another resource's rows (`list.source`: the online users page lists
 * queryOnlineSysUser, the data permissions page queryDataFieldByMenuCode): the data permission
 * of that resource's menu applies to the call's answer, as it does to a query call. Fields
 * hidden from the caller's roles are not in it; others still see them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, signIn, startTestServer, type Envelope, type TestServer } from './harness.ts';

let server: TestServer;
let admin: ReturnType<typeof client>;

beforeAll(async () => {
  server = await startTestServer();
  admin = client(server.url, await signIn(server.url, 'demo', 'admin'));
});

afterAll(async () => {
  await server?.stop();
});

type Session = Record<string, unknown>;
const ONLINE = '/api/admin/sysuser/queryOnlineSysUser';

describe('online users under a data permission', () => {
  it('answers the editor without the fields its role may not see, and the administrator with them', async () => {
    const editor = client(server.url, await signIn(server.url, 'demo', 'editor'));
    const before = await editor.get<Envelope<{ list: Session[] }>>(ONLINE);
    expect(before.status).toBe(200);
    expect(before.body.data!.list.some((s) => 'ip' in s && 'userAgent' in s)).toBe(true);

    const granted = await admin.post('/api/admin/sysmenu/authorizeMenuDataToRole', {
      menuCode: 'onlinesysuser',
      data: [{ roleCode: 'ROLE_EDITOR', dataFields: 'ip,userAgent' }],
    });
    expect(granted.status, JSON.stringify(granted.body)).toBe(200);

    // The next request of the same session already answers without them.
    const after = await editor.get<Envelope<{ list: Session[] }>>(ONLINE, { currentPage: 1, pageSize: 50 });
    expect(after.status).toBe(200);
    expect(after.body.data!.list.length).toBeGreaterThan(0);
    for (const s of after.body.data!.list) {
      expect(s).not.toHaveProperty('ip');
      expect(s).not.toHaveProperty('userAgent');
      expect(s).toHaveProperty('username');
    }
    // The console hides the same fields (queryCurrentAuthority answers without an envelope).
    const authority = await editor.post<{ dataFields?: Record<string, string[]> }>(
      '/api/account/sysuserdetail/queryCurrentAuthority',
      undefined,
      { username: 'editor' },
    );
    expect(authority.body.dataFields?.onlinesysuser).toEqual(['ip', 'userAgent']);

    const adminView = await admin.get<Envelope<{ list: Session[] }>>(ONLINE);
    expect(adminView.body.data!.list.every((s) => 'ip' in s)).toBe(true);
  });
});
