/**
 * The mixed load of `npm run bench -- --only load` (and `bench/profile.ts`): each connection
 * repeats list, read one, add, list, read one, delete.
 */
import autocannon from 'autocannon';
import { signIn } from '../tests/api/harness.ts';

export interface LoadFigures {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

/** Rows of the load's list: the seeded parameters plus these, so that a page is full. */
const LOAD_EXTRA_PARAMS = 200;

export interface MixPaths {
  list: string;
  readOne: (id: number) => string;
  listRoles: string;
  readRole: (id: number) => string;
  add: string;
  addBody: (key: string) => string;
  remove: (id: number) => { method: 'POST' | 'DELETE'; path: string };
  idOf: (body: string) => number | undefined;
}

/**
 * Each connection repeats: list a page of parameters, read one parameter by id, add a
 * parameter, list a page of roles, read one role by id, delete the parameter it added.
 * Four reads and two writes in six calls.
 */
export async function loadMix(
  base: string,
  paths: MixPaths,
  paramIds: number[],
  roleIds: number[],
  headers: Record<string, string>,
  options: { connections: number; duration: number },
): Promise<LoadFigures> {
  let counter = 0;
  const pick = (ids: number[]) => ids[Math.floor(Math.random() * ids.length)]!;
  const jsonHeaders = { ...headers, 'content-type': 'application/json' };
  type Ctx = { addedId?: number };
  const result = await autocannon({
    url: base,
    connections: options.connections,
    duration: options.duration,
    headers,
    requests: [
      { method: 'GET', path: paths.list },
      { method: 'GET', setupRequest: (req) => ({ ...req, path: paths.readOne(pick(paramIds)) }) },
      {
        method: 'POST',
        headers: jsonHeaders,
        setupRequest: (req) => ({ ...req, path: paths.add, body: paths.addBody(`load.k${process.pid}.${counter++}`) }),
        onResponse: (_status, body, context) => {
          (context as Ctx).addedId = paths.idOf(body);
        },
      },
      { method: 'GET', path: paths.listRoles },
      { method: 'GET', setupRequest: (req) => ({ ...req, path: paths.readRole(pick(roleIds)) }) },
      {
        setupRequest: (req, context) => {
          const id = (context as Ctx).addedId;
          if (!id) return { ...req, method: 'GET', path: paths.list };
          const { method, path } = paths.remove(id);
          return { ...req, method, path };
        },
      },
    ],
  });
  return figuresOf(result);
}

/** The figures of an autocannon run. */
export function figuresOf(result: autocannon.Result): LoadFigures {
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

export const PLATFORM_MIX: MixPaths = {
  list: '/api/admin/sysparam/querySysParam?currentPage=1&pageSize=10',
  readOne: (id) => `/api/admin/sysparam/querySysParam?id=${id}`,
  listRoles: '/api/admin/sysrole/querySysRole?currentPage=1&pageSize=10',
  readRole: (id) => `/api/admin/sysrole/querySysRole?id=${id}`,
  add: '/api/admin/sysparam/addSysParam',
  addBody: (key) => JSON.stringify({ paramName: 'Load', paramKey: key, paramValue: 'v' }),
  remove: (id) => ({ method: 'POST', path: `/api/admin/sysparam/deleteSysParam?id=${id}` }),
  idOf: (body) => (JSON.parse(body) as { data?: { id?: number } }).data?.id,
};

export const JSON_SERVER_MIX: MixPaths = {
  list: '/sys_param?_page=1&_limit=10&_sort=create_time,id&_order=desc,desc',
  readOne: (id) => `/sys_param?id=${id}`,
  listRoles: '/sys_role?_page=1&_limit=10&_sort=create_time,id&_order=desc,desc',
  readRole: (id) => `/sys_role?id=${id}`,
  add: '/sys_param',
  addBody: (key) =>
    JSON.stringify({ tenant_code: 'demo', param_name: 'Load', param_key: key, param_value: 'v', create_time: new Date().toISOString() }),
  remove: (id) => ({ method: 'DELETE', path: `/sys_param/${id}` }),
  idOf: (body) => (JSON.parse(body) as { id?: number }).id,
};

/**
 * The editor deletes the parameters it adds: an administrator grants ROLE_EDITOR the delete
 * button and call of the parameters page, which editors are not granted by default.
 */
async function grantEditorParamDelete(url: string, token: string): Promise<void> {
  const call = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${url}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const answer = (await res.json()) as { data?: T; message?: string };
    if (!res.ok)
      throw new Error(`could not grant the editor the parameters' delete: ${method} ${path}: ${res.status} ${answer.message ?? ''}`);
    return answer.data as T;
  };
  const deleteUrl = '/api/admin/sysparam/deleteSysParam';
  const roles = await call<{ list: { id: number }[] }>('GET', '/api/admin/sysrole/querySysRole?roleCode=ROLE_EDITOR');
  const roleId = roles.list[0]!.id;
  const urls = await call<{ list: { id: number; url: string }[] }>(
    'GET',
    `/api/admin/sysurl/querySysUrl?url=${encodeURIComponent(deleteUrl)}`,
  );
  const urlId = urls.list.find((u) => u.url === deleteUrl)!.id;
  const held = await call<number[]>('GET', `/api/admin/sysurl/queryUrlIdByRoleId?roleId=${roleId}`);
  await call('POST', '/api/admin/sysurl/authorizeUrlToRole', { roleId, urlId: [...new Set([...held, urlId])] });
  const buttons = await call<string[]>('GET', '/api/admin/sysmenu/queryCheckedMenuButton?menuCode=sysparam&roleCode=ROLE_EDITOR');
  await call('POST', '/api/admin/sysmenu/authorizeMenuButtonToRole', {
    roleCode: 'ROLE_EDITOR',
    menuCode: 'sysparam',
    buttonCode: [...new Set([...buttons, 'sysparam:delete'])],
  });
}

export async function prepareRecords(url: string): Promise<void> {
  const token = await signIn(url, 'demo', 'admin');
  await grantEditorParamDelete(url, token);
  for (let i = 0; i < LOAD_EXTRA_PARAMS; i++) {
    const res = await fetch(`${url}/api/admin/sysparam/addSysParam`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ paramName: `Parameter ${i}`, paramKey: `bench.p${i}`, paramValue: String(i) }),
    });
    if (!res.ok) throw new Error(`could not add bench parameters: ${res.status} ${await res.text()}`);
  }
}
