/**
 * The built-in processors a job can name (`processorType` BUILT_IN, `processorInfo` the name),
 * each with its parameters (the job's `jobParams`, or the instance's when fired with some), as
 * JSON. `check` refuses parameters when the job is saved; `run` answers the result text or
 * throws (the instance fails with the error's message). Every run gets an AbortSignal that fires
 * at the job's timeout and when the instance is stopped.
 */
import type { SystemStore } from '../access/systemStore.ts';
import type { TenantData } from '../access/tenantData.ts';
import type { Row } from '../db/anyKysely.ts';
import { tenantParam } from '../params/tenantParams.ts';
import { purgeAuditLog } from '../audit/auditTrail.ts';
import type { Registry } from '../../schemas/registry/types.ts';
import { checkReport, runReport, type ReportServices } from './reportProcessor.ts';

/** The tenant parameter listing the hosts the http processor may call (comma separated; `host` or `host:port`). */
const HTTP_HOSTS_PARAM = 'job.http.allowedHosts';
/** Longest result text kept (characters). */
const RESULT_LENGTH = 2000;
/** Instances kept by housekeeping unless told otherwise (days after they ended). */
const DEFAULT_KEEP_DAYS = 30;
const FINAL = ['SUCCEEDED', 'FAILED', 'STOPPED', 'CANCELED'];

interface ProcessorContext {
  data: TenantData;
  system: SystemStore;
  /** The storage settings, messages and log (the report processor). */
  services: ReportServices;
  params: unknown;
  signal: AbortSignal;
  now: () => Date;
  /** The job's alarm users (user ids, comma separated). */
  notifyUserIds: string | null;
}

interface Processor {
  /** What is wrong with these parameters (resources named are looked up in `registry`), or undefined. */
  check(params: unknown, registry: Registry): string | undefined;
  run(ctx: ProcessorContext): Promise<string>;
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The parameters as JSON (an empty text is `{}`); a text that is not JSON is refused by `check`. */
export function parseParams(text: string | null | undefined): { value?: unknown; error?: string } {
  if (!text?.trim()) return { value: {} };
  try {
    return { value: JSON.parse(text) as unknown };
  } catch (err) {
    return { error: `The parameters are not JSON: ${err instanceof Error ? err.message : String(err)}` };
  }
}

/** Refuses a URL whose host the tenant has not allowed the scheduler to call (the http processor, alarm webhooks). */
export async function assertAllowedHost(data: TenantData, url: URL): Promise<void> {
  const allowed = ((await tenantParam(data, HTTP_HOSTS_PARAM)) ?? '')
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean);
  if (!allowed.includes(url.host.toLowerCase()) && !allowed.includes(url.hostname.toLowerCase()))
    throw new Error(`The host ${url.host} is not in the allowed list (parameter ${HTTP_HOSTS_PARAM}: ${allowed.join(', ') || 'empty'})`);
}

/** Waits `ms`, or rejects with the signal's reason once it aborts. */
export function abortable(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason as Error);
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason as Error);
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

const http: Processor = {
  check(params) {
    if (!isObject(params) || typeof params.url !== 'string') return 'The http processor needs {"url": "https://..."}';
    let url: URL;
    try {
      url = new URL(params.url);
    } catch {
      return `"${params.url}" is not a URL`;
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      return `The http processor calls http and https addresses, not ${url.protocol}`;
    if (params.method !== undefined && !['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD'].includes(String(params.method)))
      return `Method "${String(params.method)}" is not one of GET, POST, PUT, DELETE, PATCH, HEAD`;
    if (params.headers !== undefined && !isObject(params.headers)) return 'headers is an object of header names to values';
    return undefined;
  },
  async run({ data, params, signal }) {
    const p = params as Json;
    const url = new URL(String(p.url));
    await assertAllowedHost(data, url);
    const method = String(p.method ?? 'GET');
    const body = p.body === undefined ? undefined : typeof p.body === 'string' ? p.body : JSON.stringify(p.body);
    const headers = Object.fromEntries(Object.entries((p.headers as Json | undefined) ?? {}).map(([k, v]) => [k, String(v)]));
    if (body !== undefined && typeof p.body !== 'string') headers['content-type'] ??= 'application/json';
    // redirects are not followed: a redirect could lead outside the allowed hosts
    const res = await fetch(url, { method, headers, body, signal, redirect: 'manual' });
    const text = (await res.text()).slice(0, RESULT_LENGTH);
    if (res.status < 200 || res.status >= 300) throw new Error(`HTTP ${res.status} from ${url.host}: ${text}`);
    return `HTTP ${res.status}: ${text}`;
  },
};

const notification: Processor = {
  check(params) {
    if (!isObject(params) || typeof params.title !== 'string' || !params.title || typeof params.content !== 'string' || !params.content)
      return 'The notification processor needs {"title": "...", "content": "..."} (and optionally "type" notice or message, "priority" 1 to 3)';
    if (params.type !== undefined && params.type !== 'notice' && params.type !== 'message') return 'type is notice or message';
    if (params.priority !== undefined && ![1, 2, 3].includes(Number(params.priority))) return 'priority is 1, 2 or 3';
    if (params.title.length > 200) return 'title is at most 200 characters';
    return undefined;
  },
  async run({ data, params, now }) {
    const p = params as Json;
    const r = data.resource('Notification');
    const at = now().toISOString();
    const row = data.toRow(r, {
      title: p.title,
      content: p.content,
      type: p.type ?? 'notice',
      priority: Number(p.priority ?? 2),
      publisher: 'scheduler',
    } satisfies Row);
    row.create_time = data.dialect.toDb('datetime', at);
    row.update_time = row.create_time;
    const id = await data.insert(r, row);
    return `Published notification ${id}`;
  },
};

const housekeeping: Processor = {
  check(params) {
    if (!isObject(params)) return 'The housekeeping processor takes {"instanceDays": 30}';
    const days = params.instanceDays;
    if (days !== undefined && (!Number.isInteger(days) || (days as number) < 1 || (days as number) > 3650))
      return 'instanceDays is a whole number of days from 1 to 3650';
    return undefined;
  },
  async run({ data, system, params, now }) {
    const days = Number((params as Json).instanceDays ?? DEFAULT_KEEP_DAYS);
    const sessions = await system.jobs().deleteExpiredSessions(data.tenantCode, now());
    const r = data.resource('JobInstance');
    const before = new Date(now().getTime() - days * 86400_000).toISOString();
    const result = await data
      .delete(r)
      .where(r.fieldMap.get('status')!.column, 'in', FINAL)
      .where(r.fieldMap.get('finishedTime')!.column, '<', data.dialect.toDb('datetime', before))
      .executeTakeFirst();
    const audit = await purgeAuditLog(data, now());
    return `Deleted ${sessions} expired sessions, ${Number(result.numDeletedRows ?? 0)} job instances ended more than ${days} days ago and ${audit} audit rows past the tenant's retention`;
  },
};

const wait: Processor = {
  check(params) {
    if (!isObject(params)) return 'The wait processor takes {"ms": 1000} (and optionally "fail": "a message")';
    if (params.ms !== undefined && (!Number.isInteger(params.ms) || (params.ms as number) < 0 || (params.ms as number) > 86400_000))
      return 'ms is a whole number of milliseconds from 0 to 86400000';
    if (params.fail !== undefined && typeof params.fail !== 'string') return 'fail is the message the run fails with';
    return undefined;
  },
  async run({ params, signal }) {
    const p = params as Json;
    const ms = Number(p.ms ?? 1000);
    await abortable(ms, signal);
    if (typeof p.fail === 'string') throw new Error(p.fail);
    return `Waited ${ms} ms`;
  },
};

const report: Processor = {
  check: checkReport,
  run: ({ services, data, params, notifyUserIds }) => runReport(services, data, params as Json, notifyUserIds),
};

export const PROCESSORS: Record<string, Processor> = { http, notification, housekeeping, wait, report };
