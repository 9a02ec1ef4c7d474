/**
 * The development mock API (server-mock/mockApi/): absent unless MOCK_API=1, then the calls
 * of the template demo pages with their list semantics, their mock errors, and never in the
 * OpenAPI description.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, signIn, startTestServer, TEST_SERVER_ENV, type Envelope, type PageData, type TestServer } from './harness.ts';
import { loadRegistry } from '../../schemas/registry/loadRegistry.ts';
import { generateArticles, type Article } from '../../server-mock/mockApi/articles.ts';
import { MOCK_PASSWORD, MOCK_PREFIX } from '../../server-mock/mockApi/mockApi.ts';

interface Mock<T = unknown> {
  code: number;
  message?: string;
  data?: T;
}
type ArticlePage = Mock<{ total: number; items: Article[] }>;

let plain: TestServer;
let mock: TestServer;
const P = MOCK_PREFIX;

beforeAll(async () => {
  [plain, mock] = await Promise.all([startTestServer(), startTestServer({ env: { ...TEST_SERVER_ENV, MOCK_API: '1' } })]);
});

afterAll(async () => {
  await Promise.all([plain?.stop(), mock?.stop()]);
});

const api = () => client(mock.url);
const list = async (params: Record<string, string | number> = {}) => (await api().get<ArticlePage>(`${P}/article/list`, params)).body;

describe('switched off', () => {
  it('answers 404 for every mock call without MOCK_API=1', async () => {
    const c = client(plain.url);
    expect(P.startsWith('/api/mock/')).toBe(true);
    for (const [method, path] of [
      ['GET', '/article/list'],
      ['POST', '/user/login'],
      ['GET', '/routes'],
      ['PUT', '/role/1'],
    ] as const) {
      const res = await c.call(method, P + path, method === 'GET' ? {} : { body: {} });
      expect(res.status, `${method} ${path}`).toBe(404);
    }
    expect(plain.config.mockApi).toBe(false);
  });

  it('is served with MOCK_API=1', async () => {
    const res = await api().get<ArticlePage>(`${P}/article/list`);
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(200);
  });
});

describe('articles', () => {
  it('are the same 100 generated articles on every start', async () => {
    const all = await list({ limit: 100 });
    expect(all.data!.total).toBe(100);
    expect(all.data!.items).toEqual(generateArticles());
    expect(new Set(all.data!.items.map((a) => a.id)).size).toBe(100);
  });

  it('pages with page 1 and limit 20 by default, and caps the limit', async () => {
    const first = (await list()).data!;
    expect(first.total).toBe(100);
    expect(first.items.map((a) => a.id)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    const third = (await list({ page: 3, limit: 7 })).data!;
    expect(third.items.map((a) => a.id)).toEqual([15, 16, 17, 18, 19, 20, 21]);
    expect((await list({ page: 6 })).data!.items).toEqual([]);
    expect((await list({ limit: 1000 })).data!.items).toHaveLength(100);
    // not a positive integer: the default
    expect((await list({ page: 0, limit: 'x' })).data!.items.map((a) => a.id)[0]).toBe(1);
    expect((await list({ limit: -5 })).data!.items).toHaveLength(20);
  });

  it('sorts by id, reversed with sort "-id"', async () => {
    const up = (await list({ sort: '+id' })).data!.items.map((a) => a.id);
    const down = (await list({ sort: '-id' })).data!.items.map((a) => a.id);
    expect(up.slice(0, 3)).toEqual([1, 2, 3]);
    expect(down.slice(0, 3)).toEqual([100, 99, 98]);
    const page2 = (await list({ sort: '-id', page: 2, limit: 10 })).data!.items.map((a) => a.id);
    expect(page2).toEqual([90, 89, 88, 87, 86, 85, 84, 83, 82, 81]);
  });

  it('filters by importance, type and title text', async () => {
    const all = generateArticles();
    for (const importance of [1, 2, 3]) {
      const got = (await list({ importance, limit: 100 })).data!;
      const want = all.filter((a) => a.importance === importance).map((a) => a.id);
      expect(want.length).toBeGreaterThan(0);
      expect(got.total).toBe(want.length);
      expect(got.items.map((a) => a.id)).toEqual(want);
    }
    const us = (await list({ type: 'US', limit: 100 })).data!;
    expect(us.total).toBe(all.filter((a) => a.type === 'US').length);
    expect(us.items.every((a) => a.type === 'US')).toBe(true);
    const word = all[4]!.title.split(' ')[1]!;
    const titled = (await list({ title: word, limit: 100 })).data!;
    expect(titled.total).toBe(all.filter((a) => a.title.includes(word)).length);
    expect(titled.items.every((a) => a.title.includes(word))).toBe(true);
    const both = (await list({ importance: 2, type: 'JP', limit: 100 })).data!;
    expect(both.total).toBe(all.filter((a) => a.importance === 2 && a.type === 'JP').length);
    expect((await list({ title: 'no such title at all' })).data).toEqual({ total: 0, items: [] });
  });

  it('answers one article by id, and a mock error for an unknown id', async () => {
    const res = await api().get<Mock<Article>>(`${P}/article/detail`, { id: 7 });
    expect(res.body).toEqual({ code: 200, data: generateArticles()[6] });
    const missing = await api().get<Mock>(`${P}/article/detail`, { id: 5000 });
    expect(missing.body.code).not.toBe(200);
    expect(missing.body.message).toMatch(/5000/);
  });

  it('answers page views by platform, the same for the same article', async () => {
    const a = (await api().get<Mock<{ pvData: { key: string; pv: number }[] }>>(`${P}/article/pv`, { pv: 12 })).body;
    expect(a.code).toBe(200);
    expect(a.data!.pvData.map((p) => p.key)).toEqual(['PC', 'mobile', 'ios', 'android']);
    expect(a.data!.pvData.every((p) => Number.isInteger(p.pv) && p.pv > 0)).toBe(true);
    const again = (await api().get<Mock<{ pvData: unknown }>>(`${P}/article/pv`, { pv: 12 })).body;
    expect(again).toEqual(a);
  });

  it('creates an article that the list then shows, and updates one', async () => {
    const created = await api().post<Mock>(`${P}/article/create`, {
      title: 'Freshly written mock',
      importance: 3,
      type: 'EU',
      status: 'published',
      unknown: 'ignored',
    });
    expect(created.body).toEqual({ code: 200, data: 'success' });
    const found = (await list({ title: 'Freshly written mock' })).data!;
    expect(found.total).toBe(1);
    const article = found.items[0]!;
    expect(article).toMatchObject({ id: 101, title: 'Freshly written mock', importance: 3, type: 'EU', status: 'published' });
    expect(article).not.toHaveProperty('unknown');
    expect((await list({ sort: '-id' })).data!.items[0]!.id).toBe(101);
    expect((await list()).data!.total).toBe(101);

    const updated = await api().post<Mock>(`${P}/article/update`, { id: 101, title: 'Rewritten mock', importance: 1 });
    expect(updated.body).toEqual({ code: 200, data: 'success' });
    const detail = (await api().get<Mock<Article>>(`${P}/article/detail`, { id: 101 })).body.data!;
    expect(detail).toMatchObject({ id: 101, title: 'Rewritten mock', importance: 1, type: 'EU' });
    expect((await list({ title: 'Freshly written mock' })).data!.total).toBe(0);

    const unknown = await api().post<Mock>(`${P}/article/update`, { id: 9999, title: 'x' });
    expect(unknown.body.code).not.toBe(200);
  });
});

describe('sign-in and users', () => {
  it('signs in a mock account and answers its info; a wrong password is 60204', async () => {
    const login = await api().post<Mock<{ token: string }>>(`${P}/user/login`, { username: 'admin', password: MOCK_PASSWORD });
    expect(login.body).toEqual({ code: 200, data: { token: 'admin-token' } });
    const info = await api().get<Mock<{ roles: string[]; name: string; introduction: string }>>(`${P}/user/info`, { token: 'admin-token' });
    expect(info.body.code).toBe(200);
    expect(info.body.data!.roles).toEqual(['ROLE_ADMIN']);
    const editor = await client(mock.url, undefined, { 'x-token': 'editor-token' }).get<Mock<{ roles: string[] }>>(`${P}/user/info`);
    expect(editor.body.data!.roles).toEqual(['ROLE_EDITOR']);
    // a role's key plus "-token" (the role switch) is a user of that role alone
    for (const role of ['ROLE_ADMIN', 'ROLE_EDITOR', 'ROLE_VISITOR']) {
      const res = await api().get<Mock<{ roles: string[] }>>(`${P}/user/info`, { token: `${role}-token` });
      expect(res.body.data!.roles).toEqual([role]);
    }

    for (const body of [{ username: 'admin', password: 'wrong-password' }, { username: 'nobody', password: MOCK_PASSWORD }, {}]) {
      const res = await api().post<Mock>(`${P}/user/login`, body);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ code: 60204, message: 'Account and password are incorrect.' });
    }
  });

  it('answers 50008 for the info of a bad token', async () => {
    for (const token of ['bad-token', 'admin', '', 'ROLE_NOBODY-token', 'constructor-token']) {
      const res = await api().get<Mock>(`${P}/user/info`, { token });
      expect(res.body).toEqual({ code: 50008, message: 'Login failed, unable to get user details.' });
    }
    expect((await api().get<Mock>(`${P}/user/info`)).body.code).toBe(50008);
  });

  it('logs out', async () => {
    expect((await api().post<Mock>(`${P}/user/logout`)).body).toEqual({ code: 200, data: 'success' });
  });

  it('searches the generated names, case-insensitively', async () => {
    const all = (await api().get<Mock<{ items: { name: string }[] }>>(`${P}/search/user`)).body.data!.items;
    expect(all).toHaveLength(101);
    const pan = (await api().get<Mock<{ items: { name: string }[] }>>(`${P}/search/user`, { name: 'MOCK-p' })).body.data!.items;
    expect(pan).toEqual([{ name: 'mock-Pan' }]);
  });

  it('lists 20 transactions, the same on every call', async () => {
    const a = (
      await api().get<Mock<{ total: number; items: { order_no: string; status: string; price: number }[] }>>(`${P}/transaction/list`)
    ).body;
    expect(a.data!.total).toBe(20);
    expect(a.data!.items).toHaveLength(20);
    expect(a.data!.items.every((t) => ['success', 'pending'].includes(t.status) && t.price >= 1000 && t.price <= 15000)).toBe(true);
    expect((await api().get(`${P}/transaction/list`)).body).toEqual(a);
  });
});

describe('routes and roles', () => {
  it('answers the console routes and the three sample roles', async () => {
    const routes = (await api().get<Mock<{ routes: { path: string; meta: { title: string } }[] }>>(`${P}/routes`)).body;
    expect(routes.code).toBe(200);
    const paths = routes.data!.routes.map((r) => r.path);
    expect(paths).toContain('/');
    expect(paths).toContain('/permission');
    const roles = (await api().get<Mock<{ roles: { key: string; routes: { path: string }[] }[] }>>(`${P}/roles`)).body.data!.roles;
    expect(roles.map((r) => r.key)).toEqual(['ROLE_ADMIN', 'ROLE_EDITOR', 'ROLE_VISITOR']);
    const [admin, editor, visitor] = roles;
    expect(admin!.routes.map((r) => r.path)).toEqual(paths);
    expect(editor!.routes.map((r) => r.path)).toEqual(paths.filter((p) => p !== '/permission'));
    expect(visitor!.routes.map((r) => r.path)).toEqual(['/']);
  });

  it('adds a role with a key from 300 to 5000, and updates and deletes by key', async () => {
    for (let i = 0; i < 20; i++) {
      const res = await api().post<Mock<{ key: number }>>(`${P}/role`, { name: 'r' });
      expect(res.body.code).toBe(200);
      expect(Number.isInteger(res.body.data!.key)).toBe(true);
      expect(res.body.data!.key).toBeGreaterThanOrEqual(300);
      expect(res.body.data!.key).toBeLessThanOrEqual(5000);
    }
    expect((await api().put<Mock>(`${P}/role/1234`, { name: 'r' })).body).toEqual({ code: 200, data: { status: 'success' } });
    expect((await api().call<Mock>('DELETE', `${P}/role/1234`)).body).toEqual({ code: 200, data: { status: 'success' } });
  });
});

describe('OpenAPI', () => {
  it('leaves every mock call out of the API description', async () => {
    const doc = (await (await fetch(`${mock.url}/api-docs/json`)).json()) as { paths: Record<string, unknown> };
    const paths = Object.keys(doc.paths);
    expect(paths.length).toBeGreaterThan(50);
    expect(paths.filter((p) => p.startsWith('/api/mock'))).toEqual([]);
  });
});

describe('declared mock calls (resource files, "mock": true)', () => {
  const registry = loadRegistry('schemas');
  const declared = registry.calls.filter((c) => c.mock);
  const query = registry.calls.find((c) => c.name === 'queryMockArticle')!;
  type Row = { id: number; title: string; importance: number; type: string; pageviews: number };

  it('are the article list of the demo list page, under /api/mock', () => {
    expect(declared.map((c) => c.name)).toContain('queryMockArticle');
    for (const c of declared) expect(c.url.startsWith('/api/mock/'), c.url).toBe(true);
    expect(registry.byName.get('MockArticle')!.list.source?.call).toBe('queryMockArticle');
  });

  it('answer 404 without MOCK_API=1, like an unknown call', async () => {
    const token = await signIn(plain.url, 'demo', 'admin');
    for (const c of declared) expect((await client(plain.url, token).call(c.method, c.url)).status, c.url).toBe(404);
  });

  it('need a session, then page, filter and sort the mock articles', async () => {
    expect((await client(mock.url).get(query.url)).status).toBe(401);
    const api = client(mock.url, await signIn(mock.url, 'demo', 'editor'));
    const page = async (params: Record<string, string | number>) => {
      const res = await api.get<Envelope<PageData<Row>>>(query.url, params);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data!;
    };
    // the same articles as article/list answers (the tests above add and change some)
    const articles: Article[] = [];
    for (let n = 1; articles.length < ((await list({ limit: 1 })).data?.total ?? 0); n++)
      articles.push(...(await list({ limit: 100, page: n })).data!.items);
    const first = await page({ currentPage: 2, pageSize: 10 });
    expect(first.pagination.total).toBe(articles.length);
    expect(first.list.map((r) => r.id)).toEqual(articles.slice(10, 20).map((a) => a.id));

    const wanted = articles.filter((a) => a.importance === 2 && a.type === 'JP');
    const filtered = await page({ importance: 2, type: 'JP', pageSize: 1000 });
    expect(filtered.list.map((r) => r.id)).toEqual(wanted.map((a) => a.id));
    const word = articles[3]!.title.split(' ')[0]!;
    expect((await page({ title: word, pageSize: 1000 })).list.map((r) => r.id)).toEqual(
      articles.filter((a) => a.title.includes(word)).map((a) => a.id),
    );

    const byViews = await page({ sorter: 'pageviews_descend', pageSize: 1000 });
    const expected = [...articles].sort((a, b) => b.pageviews - a.pageviews || b.id - a.id).map((a) => a.id);
    expect(byViews.list.map((r) => r.id)).toEqual(expected);
    expect((await page({ sorter: 'id_descend', pageSize: 3 })).list.map((r) => r.id)).toEqual(
      articles
        .map((a) => a.id)
        .reverse()
        .slice(0, 3),
    );
    // a bad parameter is refused and changes nothing
    expect((await api.get(query.url, { importance: 7 })).status).toBe(400);
  });
});
