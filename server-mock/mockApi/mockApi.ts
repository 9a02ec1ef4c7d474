/**
 * The development mock API: the calls the template demo pages talk to (sign-in of the demo
 * users, user search, transactions, articles, routes and roles). It is not part of the
 * platform contract: it is served only with MOCK_API=1 (and by `npm run dev`), under
 * MOCK_PREFIX, and left out of the OpenAPI description. Every answer is HTTP 200 with
 * `{ code, data }` (code 200) or `{ code, message }` (a mock error). See docs/mock-api.md.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { loadMenu } from '../../schemas/registry/loadMenu.ts';
import type { MenuRoute } from '../../runtime/generated/fileTypes.ts';
import { ArticleStore, articleFields, pageViews, type ArticleQuery } from './articles.ts';
import { Seeded, fullName, firstName } from './seeded.ts';

/** Every mock call is under this path; the rest of the path is the template's own. */
export const MOCK_PREFIX = '/api/mock/vue-element-admin';
const MOCK_OK = 200;
const LOGIN_FAILED = { code: 60204, message: 'Account and password are incorrect.' } as const;
const INFO_FAILED = { code: 50008, message: 'Login failed, unable to get user details.' } as const;
/** Password of the mock accounts (the template's sign-in form default). */
export const MOCK_PASSWORD = '111111';
const ROLE_KEY_MIN = 300;
const ROLE_KEY_MAX = 5000;
const SEED = 7_919;

export interface MockApiOptions {
  schemasDir: string;
  now: () => Date;
  /** The server's mock articles (shared with the declared mock calls, mockHandlers.ts). */
  articles: ArticleStore;
}

interface MockUser {
  roles: string[];
  introduction: string;
  avatar: string;
  name: string;
}

/** The mock accounts by sign-in name; each one's token is its name plus "-token". */
const USERS: Record<string, MockUser> = {
  admin: { roles: ['ROLE_ADMIN'], introduction: 'I am a super administrator', avatar: '', name: 'Super Admin' },
  editor: { roles: ['ROLE_EDITOR'], introduction: 'I am an editor', avatar: '', name: 'Normal Editor' },
};
const TOKEN_SUFFIX = '-token';

/** A route of the console in the template's route record form. */
interface MockRoute {
  path: string;
  name: string;
  component: string;
  redirect?: string;
  hidden?: boolean;
  alwaysShow?: boolean;
  meta: { title: string; icon?: string; roles?: string[]; noCache?: boolean; affix?: boolean };
  children?: MockRoute[];
}

function toRoute(node: MenuRoute): MockRoute {
  const meta: MockRoute['meta'] = { title: node.title };
  if (node.icon) meta.icon = node.icon;
  if (node.roles) meta.roles = node.roles;
  if (node.noCache) meta.noCache = true;
  if (node.affix) meta.affix = true;
  const route: MockRoute = { path: node.path, name: node.name, component: node.component, meta };
  if (node.redirect) route.redirect = node.redirect;
  if (node.hidden) route.hidden = true;
  if (node.alwaysShow) route.alwaysShow = true;
  if (node.children?.length) route.children = node.children.map(toRoute);
  return route;
}

const ok = <T>(data: T) => ({ code: MOCK_OK, data });
const fail = (code: number, message: string) => ({ code, message });

function queryOf(request: FastifyRequest): Record<string, string | undefined> {
  const q = (request.query ?? {}) as Record<string, unknown>;
  const out: Record<string, string | undefined> = {};
  for (const [k, v] of Object.entries(q))
    out[k] = typeof v === 'string' ? v : Array.isArray(v) && typeof v[0] === 'string' ? v[0] : undefined;
  return out;
}

function bodyOf(request: FastifyRequest): Record<string, unknown> {
  const b = request.body;
  return b && typeof b === 'object' && !Array.isArray(b) ? (b as Record<string, unknown>) : {};
}

export async function mockApi(app: FastifyInstance, options: MockApiOptions): Promise<void> {
  // None of these routes is part of the platform's API description.
  app.addHook('onRoute', (route) => {
    route.schema = { ...route.schema, hide: true };
  });

  const { articles } = options;
  const rng = new Seeded(SEED);
  const names = [...Array.from({ length: 100 }, () => firstName(rng)), 'mock-Pan'];
  const transactions = Array.from({ length: 20 }, () => ({
    order_no: rng.guid(),
    timestamp: rng.integer(Date.UTC(2020, 0, 1), Date.UTC(2025, 11, 31)),
    username: fullName(rng),
    price: rng.float(1000, 15000, 2),
    status: rng.pick(['success', 'pending'] as const),
  }));
  const routes = loadMenu(options.schemasDir).map(toRoute);
  const roles = [
    { key: 'ROLE_ADMIN', name: 'ROLE_ADMIN', description: 'Super Administrator. Sees every page.', routes },
    {
      key: 'ROLE_EDITOR',
      name: 'ROLE_EDITOR',
      description: 'Normal Editor. Sees every page but the permission pages.',
      routes: routes.filter((r) => r.path !== '/permission'),
    },
    {
      key: 'ROLE_VISITOR',
      name: 'ROLE_VISITOR',
      description: 'Just a visitor. Sees the home page only.',
      routes: routes.filter((r) => r.path === '/'),
    },
  ];

  const p = MOCK_PREFIX;
  app.post(`${p}/user/login`, async (request) => {
    const { username, password } = bodyOf(request);
    if (typeof username !== 'string' || !Object.hasOwn(USERS, username) || password !== MOCK_PASSWORD) return LOGIN_FAILED;
    return ok({ token: username + TOKEN_SUFFIX });
  });
  // A token is an account's name or a role's key plus "-token" (the role switch of the demo
  // permission pages): a role's token is a user of that role alone.
  const roleUsers = new Map(
    roles.map((r): [string, MockUser] => [r.key, { roles: [r.key], introduction: r.description, avatar: '', name: r.name }]),
  );
  app.get(`${p}/user/info`, async (request) => {
    const header = request.headers['x-token'];
    const token = queryOf(request).token ?? (typeof header === 'string' ? header : undefined) ?? '';
    const name = token.endsWith(TOKEN_SUFFIX) ? token.slice(0, -TOKEN_SUFFIX.length) : '';
    const user = Object.hasOwn(USERS, name) ? USERS[name] : roleUsers.get(name);
    return user ? ok(user) : INFO_FAILED;
  });
  app.post(`${p}/user/logout`, async () => ok('success'));

  app.get(`${p}/search/user`, async (request) => {
    const name = (queryOf(request).name ?? '').toLowerCase();
    return ok({ items: names.filter((n) => n.toLowerCase().includes(name)).map((n) => ({ name: n })) });
  });
  app.get(`${p}/transaction/list`, async () => ok({ total: transactions.length, items: transactions }));

  app.get(`${p}/article/list`, async (request) => ok(articles.list(queryOf(request) as ArticleQuery)));
  app.get(`${p}/article/detail`, async (request) => {
    const id = Number(queryOf(request).id);
    const article = Number.isInteger(id) ? articles.detail(id) : undefined;
    return article ? ok(article) : fail(404, `No article with id ${queryOf(request).id ?? ''}`);
  });
  app.get(`${p}/article/pv`, async (request) => {
    const id = Number(queryOf(request).pv ?? queryOf(request).id ?? 0);
    return ok({ pvData: pageViews(Number.isInteger(id) ? id : 0) });
  });
  app.post(`${p}/article/create`, async (request) => {
    articles.create(articleFields(request.body), options.now().getTime());
    return ok('success');
  });
  app.post(`${p}/article/update`, async (request) => {
    const id = Number(bodyOf(request).id);
    if (!Number.isInteger(id) || !articles.update(id, articleFields(request.body)))
      return fail(404, `No article with id ${String(bodyOf(request).id)}`);
    return ok('success');
  });

  app.get(`${p}/routes`, async () => ok({ routes }));
  app.get(`${p}/roles`, async () => ok({ roles }));
  app.post(`${p}/role`, async () => ok({ key: rng.integer(ROLE_KEY_MIN, ROLE_KEY_MAX) }));
  app.put(`${p}/role/:key`, async () => ok({ status: 'success' }));
  app.delete(`${p}/role/:key`, async () => ok({ status: 'success' }));
}
