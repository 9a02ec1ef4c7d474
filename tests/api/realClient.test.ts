/**
 * The platform's own front end as a client of this server: every call it makes on opening a
 * page, with the parameters it sends (docs/resources.md, "What the platform's client sends").
 * Its list pages send `currentPage`, `pageSize` and `sorter` (`createTime_descend`) on every
 * paged query, the online users included; it opens the user form with `queryRoleName` and no
 * parameter, the menu form with `queryMenuButtonCheckbox` and no parameter and
 * `queryCheckedMenuButton?menuCode=`. One table lists each call with its method, URL and the
 * parameters sent; every list call of the registry (query and tree calls, and every call a
 * page lists through) must be in it, so that a new one is not forgotten.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, signIn, startTestServer, type Envelope, type PageData, type Params, type TestServer } from './harness.ts';

type Client = ReturnType<typeof client>;
type Rec = Record<string, unknown>;

/** What the answer's `data` is: a page `{list, pagination}`, an array, or an object. */
type Shape = 'page' | 'array' | 'object';

/** The ids, codes and names a page of the platform's client has at hand when it makes a call. */
interface Known {
  userId: number;
  roleId: number;
  roleCode: string;
  urlId: number;
  menuCode: string;
  /** A workflow model (the seeded leave request). */
  modelId: number;
}

interface ClientCall {
  name: string;
  method: 'GET' | 'POST';
  url: string;
  /** The query string the platform's client sends (undefined values are omitted, as it omits them). */
  params: (k: Known) => Params;
  shape: Shape;
}

/** The platform's paging and default sort, sent by every list page of its client. */
const PAGE: Params = { currentPage: 1, pageSize: 10, sorter: 'createTime_descend' };
const none = (): Params => ({});
const page = (): Params => ({ ...PAGE });

const CALLS: ClientCall[] = [
  // list pages
  { name: 'querySysUser', method: 'GET', url: '/api/admin/sysuser/querySysUser', params: page, shape: 'page' },
  { name: 'queryOnlineSysUser', method: 'GET', url: '/api/admin/sysuser/queryOnlineSysUser', params: page, shape: 'page' },
  { name: 'querySysRole', method: 'GET', url: '/api/admin/sysrole/querySysRole', params: page, shape: 'page' },
  { name: 'querySysPost', method: 'GET', url: '/api/admin/syspost/querySysPost', params: page, shape: 'page' },
  { name: 'querySysUserPost', method: 'GET', url: '/api/admin/sysuserpost/querySysUserPost', params: page, shape: 'page' },
  { name: 'querySysUrl', method: 'GET', url: '/api/admin/sysurl/querySysUrl', params: page, shape: 'page' },
  { name: 'querySysMenu', method: 'GET', url: '/api/admin/sysmenu/querySysMenu', params: page, shape: 'page' },
  { name: 'querySysMenuButton', method: 'GET', url: '/api/admin/sysmenubutton/querySysMenuButton', params: page, shape: 'page' },
  { name: 'querySysOrg', method: 'GET', url: '/api/admin/sysorg/querySysOrg', params: page, shape: 'page' },
  { name: 'querySysDict', method: 'GET', url: '/api/admin/sysdict/querySysDict', params: page, shape: 'page' },
  { name: 'querySysRegion', method: 'GET', url: '/api/admin/sysregion/querySysRegion', params: page, shape: 'page' },
  { name: 'querySysParam', method: 'GET', url: '/api/admin/sysparam/querySysParam', params: page, shape: 'page' },
  { name: 'querySysTenant', method: 'GET', url: '/api/admin/systenant/querySysTenant', params: page, shape: 'page' },
  { name: 'querySysAuditLog', method: 'GET', url: '/api/admin/sysauditlog/querySysAuditLog', params: page, shape: 'page' },
  { name: 'queryAppClient', method: 'GET', url: '/api/uaa/appclient/queryAppClient', params: page, shape: 'page' },
  { name: 'queryNotification', method: 'GET', url: '/api/notification/notification/queryNotification', params: page, shape: 'page' },
  { name: 'queryMyNotification', method: 'GET', url: '/api/notification/notification/queryMyNotification', params: page, shape: 'page' },
  { name: 'queryModel', method: 'GET', url: '/api/activiti/model/queryModel', params: page, shape: 'page' },
  { name: 'queryDeployment', method: 'GET', url: '/api/activiti/deployment/queryDeployment', params: page, shape: 'page' },
  { name: 'queryProcessDefinition', method: 'GET', url: '/api/activiti/process/queryProcessDefinition', params: page, shape: 'page' },
  { name: 'queryProcessInstance', method: 'GET', url: '/api/activiti/process/queryProcessInstance', params: page, shape: 'page' },
  { name: 'queryExecution', method: 'GET', url: '/api/activiti/process/queryExecution', params: page, shape: 'page' },
  { name: 'queryTask', method: 'GET', url: '/api/activiti/task/queryTask', params: page, shape: 'page' },
  { name: 'queryPersonalTask', method: 'GET', url: '/api/activiti/task/queryPersonalTask', params: page, shape: 'page' },
  { name: 'queryFinishedTask', method: 'GET', url: '/api/activiti/task/queryFinishedTask', params: page, shape: 'page' },
  {
    name: 'queryHistoricProcessInstance',
    method: 'GET',
    url: '/api/activiti/history/queryHistoricProcessInstance',
    params: page,
    shape: 'page',
  },
  {
    name: 'queryHistoricActivityInstance',
    method: 'GET',
    url: '/api/activiti/history/queryHistoricActivityInstance',
    params: page,
    shape: 'page',
  },
  { name: 'queryHistoricDetail', method: 'GET', url: '/api/activiti/history/queryHistoricDetail', params: page, shape: 'page' },
  {
    name: 'queryHistoricVariableInstance',
    method: 'GET',
    url: '/api/activiti/history/queryHistoricVariableInstance',
    params: none,
    shape: 'array',
  },
  { name: 'queryHistoricTaskInstance', method: 'GET', url: '/api/activiti/history/queryHistoricTaskInstance', params: page, shape: 'page' },
  { name: 'queryGeneratorForm', method: 'GET', url: '/api/generator/generatorform/queryGeneratorForm', params: page, shape: 'page' },
  { name: 'queryAppInfo', method: 'GET', url: '/api/job/appinfo/queryAppInfo', params: page, shape: 'page' },
  { name: 'queryJobInfo', method: 'GET', url: '/api/job/jobinfo/queryJobInfo', params: page, shape: 'page' },
  { name: 'queryJobInstance', method: 'GET', url: '/api/job/instance/queryJobInstance', params: page, shape: 'page' },
  { name: 'queryWorkflowInfo', method: 'GET', url: '/api/job/workflowinfo/queryWorkflowInfo', params: page, shape: 'page' },
  { name: 'queryWorkflowInstance', method: 'GET', url: '/api/job/wfinstance/queryWorkflowInstance', params: page, shape: 'page' },
  { name: 'queryDagTaskInstance', method: 'GET', url: '/api/job/dagtaskinstance/queryDagTaskInstance', params: page, shape: 'page' },
  { name: 'queryJobTask', method: 'GET', url: '/api/job/task/queryJobTask', params: page, shape: 'page' },
  { name: 'queryJobWorker', method: 'GET', url: '/api/job/worker/queryJobWorker', params: page, shape: 'page' },
  // trees (no parameter)
  { name: 'querySysMenuTree', method: 'GET', url: '/api/admin/sysmenu/querySysMenuTree', params: none, shape: 'array' },
  { name: 'querySysOrgTree', method: 'GET', url: '/api/admin/sysorg/querySysOrgTree', params: none, shape: 'array' },
  { name: 'querySysPostTree', method: 'GET', url: '/api/admin/syspost/querySysPostTree', params: none, shape: 'array' },
  { name: 'querySysDictTree', method: 'GET', url: '/api/admin/sysdict/querySysDictTree', params: none, shape: 'array' },
  { name: 'querySysRegionTree', method: 'GET', url: '/api/admin/sysregion/querySysRegionTree', params: none, shape: 'array' },
  { name: 'querySysMenuButtonTree', method: 'GET', url: '/api/admin/sysmenu/querySysMenuButtonTree', params: none, shape: 'array' },
  // selects, checkboxes and grant reads of the forms and dialogs
  { name: 'queryRoleName', method: 'GET', url: '/api/admin/sysrole/queryRoleName', params: none, shape: 'array' },
  { name: 'queryRoleNameCheckbox', method: 'GET', url: '/api/admin/sysrole/queryRoleNameCheckbox', params: none, shape: 'array' },
  { name: 'queryRoleCode', method: 'GET', url: '/api/admin/sysrole/queryRoleCode', params: none, shape: 'array' },
  { name: 'queryUsername', method: 'GET', url: '/api/admin/sysuser/queryUsername', params: none, shape: 'array' },
  { name: 'queryUsername', method: 'GET', url: '/api/activiti/task/queryUsername', params: none, shape: 'array' },
  { name: 'queryOrgType', method: 'GET', url: '/api/admin/sysorg/queryOrgType', params: none, shape: 'array' },
  { name: 'queryRegionType', method: 'GET', url: '/api/admin/sysregion/queryRegionType', params: none, shape: 'array' },
  {
    name: 'queryNotificationType',
    method: 'GET',
    url: '/api/notification/notification/queryNotificationType',
    params: none,
    shape: 'array',
  },
  {
    name: 'queryNotificationPriority',
    method: 'GET',
    url: '/api/notification/notification/queryNotificationPriority',
    params: none,
    shape: 'array',
  },
  { name: 'queryMenuButtonCheckbox', method: 'GET', url: '/api/admin/sysmenu/queryMenuButtonCheckbox', params: none, shape: 'array' },
  {
    name: 'queryCheckedMenuButton',
    method: 'GET',
    url: '/api/admin/sysmenu/queryCheckedMenuButton',
    params: (k) => ({ menuCode: k.menuCode }),
    shape: 'array',
  },
  {
    name: 'queryMenuIdByRoleId',
    method: 'GET',
    url: '/api/admin/sysmenu/queryMenuIdByRoleId',
    params: (k) => ({ roleId: k.roleId }),
    shape: 'array',
  },
  {
    name: 'queryMenuButtonByRoleCode',
    method: 'GET',
    url: '/api/admin/sysmenu/queryMenuButtonByRoleCode',
    params: (k) => ({ roleCode: k.roleCode }),
    shape: 'array',
  },
  {
    name: 'queryDataFieldByMenuCode',
    method: 'GET',
    url: '/api/admin/sysmenu/queryDataFieldByMenuCode',
    params: (k) => ({ menuCode: k.menuCode }),
    shape: 'array',
  },
  {
    name: 'queryUrlIdByRoleId',
    method: 'GET',
    url: '/api/admin/sysurl/queryUrlIdByRoleId',
    params: (k) => ({ roleId: k.roleId }),
    shape: 'array',
  },
  {
    name: 'queryRoleIdByUrlId',
    method: 'GET',
    url: '/api/admin/sysurl/queryRoleIdByUrlId',
    params: (k) => ({ urlId: k.urlId }),
    shape: 'array',
  },
  {
    name: 'queryOrgUserTree',
    method: 'GET',
    url: '/api/admin/sysorg/queryOrgUserTree',
    params: (k) => ({ roleId: k.roleId, assign: undefined }),
    shape: 'object',
  },
  {
    name: 'queryModelOrgUserTree',
    method: 'GET',
    url: '/api/admin/sysorg/queryModelOrgUserTree',
    params: (k) => ({ modelId: k.modelId, assign: undefined }),
    shape: 'object',
  },
  {
    name: 'querySysUserPostTree',
    method: 'GET',
    url: '/api/admin/sysuserpost/querySysUserPostTree',
    params: (k) => ({ userId: k.userId }),
    shape: 'object',
  },
  {
    name: 'queryDictByDictType',
    method: 'GET',
    url: '/api/admin/sysdict/queryDictByDictType',
    params: () => ({ dictType: 'notification_type' }),
    shape: 'array',
  },
  {
    name: 'queryHeadNotification',
    method: 'GET',
    url: '/api/notification/notification/queryHeadNotification',
    params: none,
    shape: 'array',
  },
  { name: 'getSysUser', method: 'GET', url: '/api/uaa/users/getSysUser', params: none, shape: 'object' },
  { name: 'registerNewSession', method: 'POST', url: '/api/admin/sysuser/registerNewSession', params: none, shape: 'object' },
];

let server: TestServer;
let admin: Client;
let acme: Client;
let known: Known;

async function data<T>(c: Client, url: string, params?: Params): Promise<T> {
  const res = await c.get<Envelope<T>>(url, params);
  expect(res.status, `${url} ${JSON.stringify(params)}: ${JSON.stringify(res.body)}`).toBe(200);
  return res.body.data as T;
}

async function rows(c: Client, url: string, params?: Params): Promise<Rec[]> {
  return (await data<PageData>(c, url, { pageSize: 10000, ...params })).list;
}

beforeAll(async () => {
  server = await startTestServer();
  admin = client(server.url, await signIn(server.url, 'demo', 'admin'));
  acme = client(server.url, await signIn(server.url, 'acme', 'admin'));
  const users = await rows(admin, '/api/admin/sysuser/querySysUser', { username: 'editor' });
  const roles = await rows(admin, '/api/admin/sysrole/querySysRole', { roleCode: 'ROLE_EDITOR' });
  const urls = await rows(admin, '/api/admin/sysurl/querySysUrl');
  const models = await rows(admin, '/api/activiti/model/queryModel', { modelName: 'Leave request' });
  known = {
    modelId: Number(models[0]!.id),
    userId: Number(users[0]!.id),
    roleId: Number(roles[0]!.id),
    roleCode: 'ROLE_EDITOR',
    urlId: Number(urls[0]!.id),
    menuCode: 'sysuser',
  };
});

afterAll(async () => {
  await server?.stop();
});

/** The list calls of the registry: query and tree calls, and every call a page lists through. */
function listCalls(): string[] {
  const registry = server.services.registry;
  const sources = new Set(registry.resources.flatMap((r) => (r.list.source ? [r.list.source.call] : [])));
  // the development mock calls are not served here (MOCK_API is off): docs/mock-api.md
  return registry.calls.filter((c) => !c.mock && (c.verb === 'query' || c.verb === 'tree' || sources.has(c.name))).map((c) => c.name);
}

describe('the platform client table', () => {
  it('lists every list call of the registry', () => {
    const listed = new Set(CALLS.map((c) => c.name));
    const missing = listCalls().filter((name) => !listed.has(name));
    expect(missing, 'list calls the table of the platform client leaves out').toEqual([]);
    expect(listCalls().length).toBeGreaterThan(15);
  });

  it('names each call by the method and URL the server declares', () => {
    const registry = server.services.registry;
    for (const c of CALLS) {
      // a name the platform serves twice (sysuser/ and task/queryUsername) is in the table twice
      const declared = registry.calls.filter((d) => d.name === c.name).map((d) => `${d.method} ${d.url}`);
      const listed = CALLS.filter((x) => x.name === c.name).map((x) => `${x.method} ${x.url}`);
      expect(declared.sort(), c.name).toEqual(listed.sort());
    }
  });

  it.each(CALLS.map((c) => ({ ...c, label: `${c.method} ${c.url}` })))(
    '$label answers 200 and the envelope for the parameters the client sends',
    async (c) => {
      const params = c.params(known);
      const res = c.method === 'GET' ? await admin.get<Envelope>(c.url, params) : await admin.post<Envelope>(c.url, undefined, params);
      expect(res.status, `${c.name} ${JSON.stringify(params)}: ${JSON.stringify(res.body)}`).toBe(200);
      expect(res.body).toMatchObject({ status: 200, message: 'success' });
      const body = res.body.data;
      if (c.shape === 'page') {
        const p = body as PageData;
        expect(Array.isArray(p.list), c.name).toBe(true);
        expect(p.pagination).toEqual({ total: expect.any(Number), pageSize: PAGE.pageSize, current: PAGE.currentPage });
        expect(p.list.length).toBeLessThanOrEqual(Number(PAGE.pageSize));
        expect(p.pagination.total).toBeGreaterThanOrEqual(p.list.length);
      } else if (c.shape === 'array') {
        expect(Array.isArray(body), `${c.name}: ${JSON.stringify(body).slice(0, 200)}`).toBe(true);
      } else if (body !== undefined) {
        expect(typeof body, c.name).toBe('object');
      }
    },
  );

  it('list pages answer newest first for the sorter every list page sends', async () => {
    for (const c of CALLS.filter((x) => x.shape === 'page' && x.name !== 'queryOnlineSysUser')) {
      const list = await rows(admin, c.url, { sorter: 'createTime_descend' });
      const times = list.map((r) => String(r.createTime));
      expect(times, c.name).toEqual([...times].sort().reverse());
    }
  });
});

describe('queryRoleName without a user (the user form of the platform client)', () => {
  it('answers every role of the caller tenant', async () => {
    const all = await data<Rec[]>(admin, '/api/admin/sysrole/queryRoleName');
    const roles = await rows(admin, '/api/admin/sysrole/querySysRole');
    expect(all.map((r) => r.id).sort()).toEqual(roles.map((r) => r.id).sort());
    expect(all.map((r) => r.roleCode).sort()).toEqual(['ROLE_ADMIN', 'ROLE_EDITOR', 'ROLE_VISITOR']);
    for (const r of all) expect(Object.keys(r).sort()).toEqual(['id', 'roleCode', 'roleName']);

    const acmeAll = await data<Rec[]>(acme, '/api/admin/sysrole/queryRoleName');
    const acmeRoles = await rows(acme, '/api/admin/sysrole/querySysRole');
    expect(acmeAll.map((r) => r.id).sort()).toEqual(acmeRoles.map((r) => r.id).sort());
    expect(acmeAll.some((r) => all.some((d) => d.id === r.id))).toBe(false);
  });

  it('still answers the roles of a user when one is named, and refuses a bad assign', async () => {
    const mine = await data<Rec[]>(admin, '/api/admin/sysrole/queryRoleName', { userId: known.userId, assign: 1 });
    expect(mine.map((r) => r.roleCode)).toEqual(['ROLE_EDITOR']);
    const others = await data<Rec[]>(admin, '/api/admin/sysrole/queryRoleName', { userId: known.userId, assign: 0 });
    expect(others.map((r) => r.roleCode).sort()).toEqual(['ROLE_ADMIN', 'ROLE_VISITOR']);
    expect((await admin.get('/api/admin/sysrole/queryRoleName', { assign: 2 })).status).toBe(400);
    expect((await admin.get('/api/admin/sysrole/queryRoleName', { postCode: 'no-such-post' })).status).toBe(400);
  });
});

describe('queryOnlineSysUser with the paging and sorter of the platform client', () => {
  const ONLINE = '/api/admin/sysuser/queryOnlineSysUser';

  beforeAll(async () => {
    for (const name of ['editor', 'visitor', 'editor']) await signIn(server.url, 'demo', name);
  });

  it('sorts by createTime (when a session was issued) both ways, a page at a time', async () => {
    const all = await rows(admin, ONLINE, { sorter: 'createTime_descend' });
    expect(all.length).toBeGreaterThanOrEqual(4);
    const key = (r: Rec) => `${String(r.issuedAt)}|${String(r.sessionId).padStart(12, '0')}`;
    expect(all.map(key)).toEqual(all.map(key).sort().reverse());
    const ascending = await rows(admin, ONLINE, { sorter: 'createTime_ascend' });
    expect(ascending.map((r) => r.sessionId)).toEqual([...all].reverse().map((r) => r.sessionId));
    expect((await rows(admin, ONLINE, { sorter: 'issuedAt_ascend' })).map((r) => r.sessionId)).toEqual(ascending.map((r) => r.sessionId));

    const second = await data<PageData>(admin, ONLINE, { currentPage: 2, pageSize: 2, sorter: 'createTime_descend' });
    expect(second.pagination).toEqual({ total: all.length, pageSize: 2, current: 2 });
    expect(second.list.map((r) => r.sessionId)).toEqual(all.slice(2, 4).map((r) => r.sessionId));
  });

  it('sorts by any field of a session, and refuses a field it does not have', async () => {
    const byName = await rows(admin, ONLINE, { sorter: 'username_ascend' });
    const names = byName.map((r) => String(r.username));
    expect(names).toEqual([...names].sort());
    const ids = byName.filter((r) => r.username === 'editor').map((r) => Number(r.sessionId));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect((await rows(admin, ONLINE, { sorter: 'username_descend' })).map((r) => r.username)).toEqual([...names].reverse());

    const bad = await admin.get<Envelope>(ONLINE, { ...PAGE, sorter: 'nickname_ascend' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.map((e) => e.field)).toEqual(['sorter']);
    expect((await admin.get(ONLINE, { sorter: 'createTime_sideways' })).status).toBe(400);
  });

  it('filters by username (contains, any ASCII case)', async () => {
    const found = await rows(admin, ONLINE, { ...PAGE, pageSize: 100, username: 'DIT' });
    expect(found.length).toBeGreaterThanOrEqual(2);
    expect(new Set(found.map((r) => r.username))).toEqual(new Set(['editor']));
    expect(await rows(admin, ONLINE, { username: 'nobody' })).toEqual([]);
  });

  it('refuses createTime to a role from which a data permission hides issuedAt', async () => {
    const editor = client(server.url, await signIn(server.url, 'demo', 'editor'));
    expect((await editor.get(ONLINE, PAGE)).status).toBe(200);
    const granted = await admin.post('/api/admin/sysmenu/authorizeMenuDataToRole', {
      menuCode: 'onlinesysuser',
      data: [{ roleCode: 'ROLE_EDITOR', dataFields: 'issuedAt' }],
    });
    expect(granted.status, JSON.stringify(granted.body)).toBe(200);
    const refused = await editor.get<Envelope>(ONLINE, PAGE);
    expect(refused.status).toBe(400);
    expect(refused.body.errors?.map((e) => e.field)).toEqual(['sorter']);
    expect((await editor.get(ONLINE, { ...PAGE, sorter: 'username_ascend' })).status).toBe(200);
    expect((await admin.get(ONLINE, PAGE)).status).toBe(200);
  });
});

describe('queryMyNotification with a sorter', () => {
  it('sorts by a field it answers and refuses others', async () => {
    for (const [title, priority] of [
      ['low', 1],
      ['high', 3],
      ['mid', 2],
    ] as const) {
      const res = await admin.post('/api/notification/notification/addNotification', {
        title: `sorted ${title}`,
        content: 'x',
        type: 'notice',
        priority,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    const ascending = await rows(admin, '/api/notification/notification/queryMyNotification', {
      title: 'sorted',
      sorter: 'priority_ascend',
    });
    expect(ascending.map((r) => r.title)).toEqual(['sorted low', 'sorted mid', 'sorted high']);
    const descending = await rows(admin, '/api/notification/notification/queryMyNotification', {
      title: 'sorted',
      sorter: 'priority_descend',
    });
    expect(descending.map((r) => r.title)).toEqual(['sorted high', 'sorted mid', 'sorted low']);
    const bad = await admin.get<Envelope>('/api/notification/notification/queryMyNotification', { sorter: 'userIds_ascend' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.map((e) => e.field)).toEqual(['sorter']);
  });
});

describe('the menu form of the platform client', () => {
  it('queryMenuButtonCheckbox without a menu answers the buttons of every menu of the tenant', async () => {
    const all = await data<{ label: string; value: string }[]>(admin, '/api/admin/sysmenu/queryMenuButtonCheckbox');
    const buttons = await rows(admin, '/api/admin/sysmenubutton/querySysMenuButton');
    expect(all.map((b) => b.value).sort()).toEqual(buttons.map((b) => String(b.buttonCode)).sort());
    const ofUsers = await data<{ value: string }[]>(admin, '/api/admin/sysmenu/queryMenuButtonCheckbox', { menuCode: 'sysuser' });
    expect(ofUsers.length).toBeGreaterThan(0);
    expect(ofUsers.length).toBeLessThan(all.length);
    const acmeAll = await data<{ value: string }[]>(acme, '/api/admin/sysmenu/queryMenuButtonCheckbox');
    expect(acmeAll.length).toBe((await rows(acme, '/api/admin/sysmenubutton/querySysMenuButton')).length);
  });

  it('queryCheckedMenuButton without a role answers the codes of the menu buttons', async () => {
    const codes = await data<string[]>(admin, '/api/admin/sysmenu/queryCheckedMenuButton', { menuCode: 'sysuser' });
    const ofUsers = await data<{ value: string }[]>(admin, '/api/admin/sysmenu/queryMenuButtonCheckbox', { menuCode: 'sysuser' });
    expect(codes.sort()).toEqual(ofUsers.map((b) => b.value).sort());
    const held = await data<string[]>(admin, '/api/admin/sysmenu/queryCheckedMenuButton', {
      menuCode: 'sysuser',
      roleCode: 'ROLE_VISITOR',
    });
    expect(held.length).toBeLessThan(codes.length);
    expect((await admin.get('/api/admin/sysmenu/queryCheckedMenuButton')).status).toBe(400);
  });
});

describe('updatePassword as the platform client sends it (query string, no body)', () => {
  const URL_ = '/api/account/sysuserdetail/updatePassword';

  it('changes the password, answers message "success", and names a missing parameter', async () => {
    const token = await signIn(server.url, 'demo', 'visitor');
    const me = await data<{ id: number }>(client(server.url, token), '/api/uaa/users/getSysUser');
    const put = (params: Record<string, string>) =>
      fetch(`${server.url}${URL_}?${new URLSearchParams(params)}`, { method: 'PUT', headers: { authorization: `Bearer ${token}` } });

    const missing = await put({ password: 'Demo@2026', id: String(me.id) });
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as Envelope).errors?.map((e) => e.field)).toEqual(['newPassword']);

    const res = await put({ password: 'Demo@2026', newPassword: 'Visitor-Real-9191', id: String(me.id) });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 200, message: 'success' });
    await expect(signIn(server.url, 'demo', 'visitor', 'Visitor-Real-9191')).resolves.toEqual(expect.any(String));
    await expect(signIn(server.url, 'demo', 'visitor')).rejects.toThrow();
  });
});

describe('the exports as the platform client names them', () => {
  it('answers export{Name}, exportWord{Name} and exportPDF{Name} (PDF in capitals) of every resource with a file', async () => {
    const registry = server.services.registry;
    const entities = registry.resources.filter(
      (r) => r.kind === 'entity' && registry.calls.some((c) => c.resource === r.name && c.verb === 'exportPdf'),
    );
    expect(entities.length).toBeGreaterThan(10);
    for (const r of entities) {
      for (const verb of ['export', 'exportWord', 'exportPDF']) {
        // The platform serves the app client's Word and PDF exports under /api/admin/appclient/.
        const service = r.name === 'AppClient' && verb !== 'export' ? 'admin' : r.service;
        const url = `/api/${service}/${r.path}/${verb}${r.name}`;
        const res = await admin.post(url, {});
        expect(res.status, `${url}: ${Buffer.isBuffer(res.body) ? '' : JSON.stringify(res.body)}`).toBe(200);
        expect(Buffer.isBuffer(res.body), url).toBe(true);
      }
    }
  });
});
