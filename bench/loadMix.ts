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
export const LOAD_EXTRA_PARAMS = 200;

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
export async function loadMix(base: string, paths: MixPaths, paramIds: number[], roleIds: number[], headers: Record<string, string>, options: { connections: number; duration: number }): Promise<LoadFigures> {
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
  addBody: (key) => JSON.stringify({ tenant_code: 'demo', param_name: 'Load', param_key: key, param_value: 'v', create_time: new Date().toISOString() }),
  remove: (id) => ({ method: 'DELETE', path: `/sys_param/${id}` }),
  idOf: (body) => (JSON.parse(body) as { id?: number }).id,
};

export async function prepareRecords(url: string): Promise<void> {
  const token = await signIn(url, 'demo', 'admin');
  for (let i = 0; i < LOAD_EXTRA_PARAMS; i++) {
    const res = await fetch(`${url}/api/admin/sysparam/addSysParam`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ paramName: `Parameter ${i}`, paramKey: `bench.p${i}`, paramValue: String(i) }),
    });
    if (!res.ok) throw new Error(`could not add bench parameters: ${res.status} ${await res.text()}`);
  }
}

