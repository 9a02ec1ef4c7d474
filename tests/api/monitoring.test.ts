/**
 * Monitoring (docs/monitoring.md): the URL a monitoring page frames (the tenant parameter
 * monitor.<code>.url, per tenant; none or not an http(s) URL: a reason; /swagger: the server's own
 * API description, moved to /api-docs so that /swagger is the console's page), and /metrics in
 * Prometheus's text format behind its bearer token (off without METRICS_TOKEN).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BROWSER_BASIC,
  client,
  requestToken,
  signIn,
  startTestServer,
  TEST_SERVER_ENV,
  type Envelope,
  type TestServer,
} from './harness.ts';
import { MAX_FAILED_SIGN_INS } from '../../server-mock/auth/authLimits.ts';
import { configFromEnv } from '../../server-mock/config/config.ts';

const URL_CALL = '/api/monitor/monitor/queryMonitorUrl';
const SUMMARY_CALL = '/api/monitor/metrics/queryServerMetrics';
const TOKEN = 'metrics-token-0123456789';
type Api = ReturnType<typeof client>;

let server: TestServer;
let admin: Api;
let acme: Api;

beforeAll(async () => {
  server = await startTestServer({ env: { ...TEST_SERVER_ENV, METRICS_TOKEN: TOKEN } });
  admin = client(server.url, await signIn(server.url, 'demo', 'admin'));
  acme = client(server.url, await signIn(server.url, 'acme', 'admin'));
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

const target = async (api: Api, code: string) => (await api.get<Envelope<Record<string, unknown>>>(URL_CALL, { code })).body;

describe('the monitoring pages', () => {
  it('answers the tenant parameter, or why there is none', async () => {
    expect((await target(admin, 'grafana')).data).toEqual({ code: 'grafana', url: null, param: 'monitor.grafana.url', problem: 'unset' });
    const added = await admin.post<Envelope>('/api/admin/sysparam/addSysParam', {
      paramName: 'Grafana',
      paramKey: 'monitor.grafana.url',
      paramValue: 'https://grafana.example.com/d/abc',
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect((await target(admin, 'grafana')).data).toMatchObject({ url: 'https://grafana.example.com/d/abc', problem: null });
    // another tenant's parameter is its own
    expect((await target(acme, 'grafana')).data).toMatchObject({ url: null, problem: 'unset' });
    for (const bad of ['javascript:alert(1)', '/api/admin', 'https://user:pw@grafana.example.com/']) {
      expect(
        (
          await acme.post<Envelope>('/api/admin/sysparam/addSysParam', {
            paramName: 'Kibana',
            paramKey: 'monitor.elk.url',
            paramValue: bad,
          })
        ).status,
      ).toBe(200);
      expect((await target(acme, 'elk')).data, bad).toMatchObject({ url: null, problem: 'invalid' });
      const list = await acme.get<Envelope<{ list: { id: number }[] }>>('/api/admin/sysparam/querySysParam', {
        paramKey: 'monitor.elk.url',
      });
      await acme.post('/api/admin/sysparam/deleteSysParam', undefined, { id: list.body.data!.list.map((r) => r.id).join(',') });
    }
  });

  it('frames the server’s own API description at /swagger, which the console serves', async () => {
    expect((await target(admin, 'swagger')).data).toMatchObject({ url: '/api-docs/', problem: null });
    const ui = await fetch(`${server.url}/api-docs/`);
    expect(ui.status).toBe(200);
    expect(await ui.text()).toContain('swagger');
    const doc = (await (await fetch(`${server.url}/api-docs/json`)).json()) as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).toContain(URL_CALL);
  });

  it('refuses an unknown code and a caller who is not signed in', async () => {
    expect((await target(admin, 'shell')).status).toBe(400);
    expect((await fetch(`${server.url}${URL_CALL}?code=grafana`)).status).toBe(401);
  });
});

describe('/metrics', () => {
  it('answers Prometheus text with the token only', async () => {
    expect((await fetch(`${server.url}/metrics`)).status).toBe(401);
    expect((await fetch(`${server.url}/metrics`, { headers: { authorization: 'Bearer wrong-token-0123456789' } })).status).toBe(401);
    await admin.get(URL_CALL, { code: 'nacos' });
    const res = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await res.text();
    expect(text).toMatch(/^http_requests_total\{call="\/api\/monitor\/monitor\/queryMonitorUrl",method="GET",status="200"\} [1-9]/m);
    expect(text).toMatch(
      /^http_request_duration_seconds_bucket\{le="0\.005",call="\/api\/monitor\/monitor\/queryMonitorUrl",method="GET"\} /m,
    );
    expect(text).toMatch(/^http_requests_total\{call="\/api\/uaa\/oauth\/token",method="POST",status="200"\} [1-9]/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds /m);
    expect(text).toMatch(/^live_channels 0$/m);
  });

  it('is off without METRICS_TOKEN, and a short token is refused at start', async () => {
    expect(configFromEnv({}).metricsToken).toBeUndefined();
    expect(() => configFromEnv({ METRICS_TOKEN: 'short' })).toThrow(/at least 16 characters/);
  });
});

/** The Prometheus text of /metrics. */
async function scrape(): Promise<string> {
  const res = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.status).toBe(200);
  return res.text();
}

/** The value of one series (`name{labels}` exactly as written, or a bare name); 0 when absent. */
function sample(text: string, series: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

describe('the figures of /metrics', () => {
  it('times the statements by operation through the database layer', async () => {
    const before = await scrape();
    await admin.get(URL_CALL, { code: 'druid' });
    // a refused sign-in writes its failure (insert, delete of old ones)
    expect((await requestToken(server.url, 'demo', 'no-such-user-db', 'wrong-password')).status).toBe(400);
    const after = await scrape();
    for (const op of ['select', 'insert', 'delete']) {
      const series = `db_query_duration_seconds_count{operation="${op}"}`;
      expect(sample(after, series), op).toBeGreaterThan(sample(before, series));
      expect(sample(after, `db_query_duration_seconds_sum{operation="${op}"}`), op).toBeGreaterThan(0);
    }
    expect(after).toMatch(/^db_query_duration_seconds_bucket\{le="0\.001",operation="select"\} \d+/m);
  });

  it('gives the database connections', async () => {
    const text = await scrape();
    const connections = sample(text, 'db_pool_connections');
    // SQLite: its write and read connections; PostgreSQL: the pool's open ones (at least the one that served the last query)
    if (server.databaseUrl) expect(connections).toBeGreaterThanOrEqual(1);
    else expect(connections).toBe(2);
    expect(sample(text, 'db_pool_idle_connections')).toBeLessThanOrEqual(connections);
    expect(text).toMatch(/^db_pool_idle_connections \d+$/m);
    expect(text).toMatch(/^db_pool_waiting 0$/m);
  });

  it('gives the event loop and the heap (prom-client default metrics)', async () => {
    const text = await scrape();
    for (const name of ['nodejs_eventloop_lag_seconds', 'nodejs_eventloop_lag_p99_seconds', 'nodejs_heap_size_used_bytes']) {
      expect(text).toMatch(new RegExp(`^${name} \\d`, 'm'));
    }
    expect(sample(text, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(1_000_000);
  });

  it('counts sign-ins by outcome and lockouts', async () => {
    const success = 'auth_sign_ins_total{grant="password",outcome="success"}';
    const refused = 'auth_sign_ins_total{grant="password",outcome="refused"}';
    const locked = 'auth_sign_ins_total{grant="password",outcome="locked"}';
    const before = await scrape();
    await signIn(server.url, 'demo', 'editor');
    let text = await scrape();
    expect(sample(text, success)).toBe(sample(before, success) + 1);
    expect(sample(text, refused)).toBe(sample(before, refused));
    // an unknown name locks like a known one: MAX_FAILED_SIGN_INS failures lock it, the last one answers 423
    for (let i = 1; i <= MAX_FAILED_SIGN_INS; i++) {
      const res = await requestToken(server.url, 'demo', 'no-such-user-lock', 'wrong-password');
      expect(res.status).toBe(i < MAX_FAILED_SIGN_INS ? 400 : 423);
    }
    expect((await requestToken(server.url, 'demo', 'no-such-user-lock', 'wrong-password')).status).toBe(423);
    text = await scrape();
    expect(sample(text, refused)).toBe(sample(before, refused) + MAX_FAILED_SIGN_INS - 1);
    expect(sample(text, locked)).toBe(sample(before, locked) + 2);
    expect(sample(text, 'auth_lockouts_total')).toBe(sample(before, 'auth_lockouts_total') + 1);
    // a grant nobody offers is refused under "other": typed values make no series
    const made = new URLSearchParams({ username: 'admin', password: 'x', tenantCode: 'demo', grant_type: 'made-up' });
    const res = await fetch(`${server.url}/api/uaa/oauth/token?${made}`, { method: 'POST', headers: { authorization: BROWSER_BASIC } });
    expect(res.status).toBe(400);
    expect(sample(await scrape(), 'auth_sign_ins_total{grant="other",outcome="refused"}')).toBeGreaterThanOrEqual(1);
    expect(await scrape()).not.toContain('made-up');
  });
});

describe('queryServerMetrics (the monitors page)', () => {
  interface Summary {
    uptimeSeconds: number;
    requests: Record<string, number>;
    latency: { bounds: number[]; counts: number[]; sum: number };
    eventLoop: Record<string, number>;
    memory: Record<string, number>;
    database: Record<string, { count: number; sum: number }>;
    pool: Record<string, number>;
    signIns: Record<string, number>;
    lockouts: number;
  }
  const summary = async (): Promise<Summary> => {
    const res = await admin.get<Envelope<Summary>>(SUMMARY_CALL);
    expect(res.status).toBe(200);
    return res.body.data!;
  };

  it('answers the figures, which move with requests and sign-ins', async () => {
    const before = await summary();
    for (let i = 0; i < 3; i++) await admin.get(URL_CALL, { code: 'nacos' });
    await admin.get(URL_CALL, { code: 'nope' });
    await signIn(server.url, 'demo', 'editor');
    const after = await summary();
    // the three answers and the previous summary call itself
    expect(after.requests['2xx']).toBeGreaterThanOrEqual(before.requests['2xx']! + 4);
    expect(after.requests['4xx']).toBeGreaterThan(before.requests['4xx']!);
    expect(after.latency.bounds).toEqual([0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5]);
    expect(after.latency.counts).toHaveLength(after.latency.bounds.length + 1);
    expect(after.latency.counts.at(-1)).toBeGreaterThanOrEqual(before.latency.counts.at(-1)! + 5);
    // cumulative buckets never decrease along the bounds
    after.latency.counts.forEach((c, i) => expect(c).toBeGreaterThanOrEqual(after.latency.counts[i - 1] ?? 0));
    expect(after.database.select!.count).toBeGreaterThan(before.database.select!.count);
    expect(after.database.select!.sum).toBeGreaterThan(0);
    expect(after.signIns.success).toBe(before.signIns.success! + 1);
    expect(after.uptimeSeconds).toBeGreaterThan(before.uptimeSeconds);
    expect(after.memory.heapUsed).toBeGreaterThan(1_000_000);
    expect(after.eventLoop.p99).toBeGreaterThanOrEqual(0);
    expect(after.pool.connections).toBeGreaterThanOrEqual(1);
  });

  it("is the platform tenant administrators' and refused to another tenant and without a session", async () => {
    const other = await acme.get<Envelope>(SUMMARY_CALL);
    expect(other.status).toBe(403);
    expect(other.body.message).toMatch(/platform tenant/);
    expect((await fetch(`${server.url}${SUMMARY_CALL}`)).status).toBe(401);
    // a role without the URL's grant
    const visitor = client(server.url, await signIn(server.url, 'demo', 'visitor'));
    expect((await visitor.get(SUMMARY_CALL)).status).toBe(403);
  });
});
