/**
 * The audit log (SysAuditLog, table sys_audit_log): one row per write, in the caller's tenant,
 * with who (user id and name), when (create_time), the call's URL, the action, the record
 * written, the client's address and a field-level diff `{field: {before, after}}` in which a
 * secret (a password, token, secret or code) is never stored, only "[masked]" in its place.
 *
 * The API plugin starts a trail for every call that writes (`startAudit`, from
 * calls/callPipeline.ts) and sets it as the hook of the request's TenantData
 * (`TenantData.beforeCommit`): every transaction the handler runs writes the rows of what it
 * changed inside that transaction, just before it commits, so a write and its row commit or
 * roll back together. The standard write path (crud/) notes each record's before and after
 * (`noteChange`); another call's row names the call, its ids and its input, masked. A call
 * that writes outside any transaction gets its row after its handler answered (`finishAudit`);
 * a call that fails gets none. The resource declares a query and an export only: no call
 * changes or deletes a row; the tenant parameter `audit.retentionDays` bounds how long rows
 * are kept (`purgeAuditLog`, run by the housekeeping job).
 */
import type { FastifyRequest } from 'fastify';
import type { CallDef, Resource } from '../../schemas/registry/types.ts';
import type { Row } from '../db/anyKysely.ts';
import type { Follower, TenantData } from '../access/tenantData.ts';
import type { Principal } from '../access/principal.ts';
import { readIntegerParam } from '../params/tenantParams.ts';

const AUDIT_RESOURCE = 'SysAuditLog';
/** The tenant parameter: days an audit row is kept (default DEFAULT_RETENTION_DAYS). */
const RETENTION_PARAM = 'audit.retentionDays';
const DEFAULT_RETENTION_DAYS = 180;
/** What a secret's value is stored as. */
const MASKED = '[masked]';

/** Names of inputs and fields whose values are never stored. */
const SECRET_NAME = /pass(word|wd)?$|pwd|token|secret|captcha|credential|^code$|smsCode/i;
/** Longest stored value of one field (characters), and of a row's whole diff. */
const VALUE_LENGTH = 500;
const CHANGES_LENGTH = 20_000;
const IDS_LENGTH = 2000;

/** Calls that write nothing although they are not GET (exports, checks, the session's description). */
const READING_HANDLERS = new Set([
  'crud.export',
  'crud.exportWord',
  'crud.exportPdf',
  'auth.currentAuthority',
  'auth.registerNewSession',
  'account.compareCaptcha',
  'account.charCaptcha',
  'account.retrievePassword',
  'documents.validate',
]);

/** Handlers that note each record they write (crud/): a transaction of theirs that notes nothing wrote nothing. */
const NOTING_HANDLERS = new Set(['crud.add', 'crud.update', 'crud.delete']);

/** The action of a call that is not a standard write, by handler. */
const HANDLER_ACTIONS: Record<string, string> = {
  'auth.token': 'signIn',
  'auth.logout': 'signOut',
  'session.removePrincipal': 'forcedSignOut',
  'user.unlock': 'unlock',
  'auth.updatePassword': 'passwordChange',
  'account.resetPassword': 'passwordReset',
  'account.adminReset': 'passwordReset',
  'documents.publish': 'publish',
  'documents.unpublish': 'publish',
  'link.replace': 'grant',
  'grant.menuDataToRole': 'grant',
  'grant.deleteDataField': 'grant',
};

type Diff = Record<string, { before?: unknown; after?: unknown }>;

interface Actor {
  tenantCode: string;
  userId: number | null;
  username: string;
}

interface Change {
  resource: Resource;
  id: number | null;
  diff: Diff;
}

/** Whether a call writes, and so leaves a row. */
function audited(call: CallDef): boolean {
  return call.method !== 'GET' && !READING_HANDLERS.has(call.handler);
}

function actionOf(call: CallDef): string {
  if (call.verb === 'add' || call.verb === 'update' || call.verb === 'delete' || call.verb === 'import') return call.verb;
  return HANDLER_ACTIONS[call.handler] ?? 'write';
}

function short(value: unknown): unknown {
  if (value === undefined || value === null) return value;
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  if (text.length <= VALUE_LENGTH) return value;
  return `${text.slice(0, VALUE_LENGTH)}…`;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * The fields that differ between two records of a resource (API names): a secret field, or a
 * field whose name says it is one, shows "[masked]" where it has a value.
 */
function fieldDiff(r: Resource | undefined, before: Row | undefined, after: Row | undefined): Diff {
  const out: Diff = {};
  const names = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  for (const name of names) {
    const f = r?.fieldMap.get(name);
    if (f?.system || name === 'id' || name === 'tenantCode') continue;
    const b = before?.[name];
    const a = after?.[name];
    if (f?.secret || SECRET_NAME.test(name)) {
      const has = (v: unknown) => v !== undefined && v !== null && v !== '';
      if (after && has(a)) out[name] = { after: MASKED };
      else if (!after && has(b)) out[name] = { before: MASKED };
      continue;
    }
    if (same(b, a)) continue;
    const entry: { before?: unknown; after?: unknown } = {};
    if (before && b !== undefined) entry.before = short(b);
    if (after && a !== undefined) entry.after = short(a);
    out[name] = entry;
  }
  return out;
}

/** An input (query and body) with secret values masked, as a diff with `after` only. */
function inputDiff(input: Row): Diff {
  const out: Diff = {};
  for (const [name, value] of Object.entries(input)) {
    if (value === undefined) continue;
    out[name] = { after: SECRET_NAME.test(name) ? MASKED : short(maskDeep(value)) };
  }
  return out;
}

function maskDeep(value: unknown, depth = 0): unknown {
  if (depth > 5 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => maskDeep(v, depth + 1));
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, SECRET_NAME.test(k) ? MASKED : maskDeep(v, depth + 1)]));
}

/** The ids of one input key (`1`, `1,2` or an array), as numbers' texts. */
function idList(value: unknown): string[] {
  if (value === undefined || value === null || value === '') return [];
  const out: string[] = [];
  for (const part of [value].flat()) for (const x of String(part).split(',')) if (/^\d+$/.test(x.trim())) out.push(x.trim());
  return [...new Set(out)];
}

/** Record ids an input names: `id` (one or `1,2`) as they are, others as `roleId=3 userId=4,5`. */
function idsOf(input: Row): string {
  const parts: string[] = [];
  const own = idList(input.id);
  if (own.length) parts.push(own.join(','));
  for (const key of ['ids', 'userId', 'roleId', 'menuId', 'postId', 'orgId']) {
    const ids = idList(input[key]);
    if (ids.length) parts.push(`${key}=${ids.join(',')}`);
  }
  return parts.join(' ').slice(0, IDS_LENGTH);
}

function plainObject(value: unknown): Row {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !Buffer.isBuffer(value) ? (value as Row) : {};
}

/** One request's audit: what its handler changed, written once in the transaction that changed it. */
export class AuditTrail {
  private changes: Change[] = [];
  /** whether a row of this request was written */
  private written = false;
  actor: Actor | undefined;
  /** the action, when it is not the call's own (a lockout during a sign-in) */
  action: string | undefined;

  constructor(
    private readonly call: CallDef,
    private readonly resource: Resource,
    private readonly input: Row,
    private readonly clientIp: string,
    private readonly now: () => Date,
    principal: Principal | null,
  ) {
    if (principal) this.actor = { tenantCode: principal.tenantCode, userId: principal.userId, username: principal.username };
  }

  /** A record the handler wrote: its fields before (none for an add) and after (none for a delete). */
  note(resource: Resource, id: number | null, before: Row | undefined, after: Row | undefined): void {
    this.changes.push({ resource, id, diff: fieldDiff(resource, before, after) });
  }

  /**
   * Write the rows of what is noted with `data`, inside its transaction; with nothing noted, the
   * call's own row, once: at the first commit of a call whose handler notes nothing, or at its
   * end (`final`).
   */
  async flush(data: TenantData, answer?: unknown, final = false): Promise<void> {
    if (!this.actor || data.tenantCode !== this.actor.tenantCode) return;
    const pending = this.changes;
    this.changes = [];
    if (pending.length === 0 && (this.written || (NOTING_HANDLERS.has(this.call.handler) && !final))) return;
    const records =
      pending.length > 0
        ? pending.map((c) => ({
            resourceName: c.resource.name,
            recordId: c.id,
            recordIds: c.id === null ? idsOf(this.input) : String(c.id),
            changes: JSON.stringify(c.diff).slice(0, CHANGES_LENGTH),
          }))
        : [
            {
              resourceName: this.resource.name,
              recordId: singleId(this.input),
              recordIds: idsOf(this.input),
              changes: JSON.stringify({ ...inputDiff(this.input), ...answerDiff(answer) }).slice(0, CHANGES_LENGTH),
            },
          ];
    await data.insertRows(
      data.resource(AUDIT_RESOURCE),
      records.map((rec) => this.row(data, rec)),
    );
    this.written = true;
  }

  /** The stored row of an audit record (who, the call, when, and `rec`'s parts) of this trail's actor. */
  private row(data: TenantData, rec: Row): Row {
    const at = data.dialect.toDb('datetime', this.now().toISOString());
    const record = {
      username: this.actor!.username,
      userId: this.actor!.userId,
      action: this.action ?? actionOf(this.call),
      callUrl: this.call.url.slice(0, 255),
      clientIp: this.clientIp.slice(0, 64),
      ...rec,
    };
    return { ...data.toRow(data.resource(AUDIT_RESOURCE), record), create_time: at, update_time: at };
  }

  /**
   * The audit row of one record's write, for the statement that writes the record to write too
   * (TenantData's insertWith and deleteOneWith), instead of a note: with `id` null (an add) its
   * record id is the one that statement sets. `done` is called once that statement wrote them.
   */
  follower(data: TenantData, resource: Resource, id: number | null, before: Row | undefined, after: Row | undefined) {
    if (!this.actor || data.tenantCode !== this.actor.tenantCode) return undefined;
    const diff = fieldDiff(resource, before, after);
    const row = this.row(data, {
      resourceName: resource.name,
      recordId: id,
      recordIds: id === null ? null : String(id),
      changes: JSON.stringify(diff).slice(0, CHANGES_LENGTH),
    });
    const audit = data.resource(AUDIT_RESOURCE);
    const idColumns = id === null ? ['recordId', 'recordIds'].map((name) => audit.fieldMap.get(name)!.column) : [];
    const follower: Follower = { resource: audit, row, idColumns };
    return { follower, done: () => void (this.written = true) };
  }

  /** After the handler answered: the call's row when no transaction wrote it. */
  async finish(data: TenantData | null, tenant: (code: string) => TenantData, answer: unknown): Promise<void> {
    if (!this.actor) return;
    if (this.written && this.changes.length === 0) return;
    const target = data && data.tenantCode === this.actor.tenantCode ? data : tenant(this.actor.tenantCode);
    await target.transaction((tx) => this.flush(tx, answer, true));
  }
}

/** The record id an input names when it names one (`id`). */
function singleId(input: Row): number | null {
  const ids = idList(input.id);
  return ids.length === 1 ? Number(ids[0]) : null;
}

/** Counts an import or a forced sign-out answered, kept with the call's row. */
function answerDiff(answer: unknown): Diff {
  const out: Diff = {};
  const a = plainObject(answer);
  for (const key of ['imported', 'total', 'removed', 'jobId']) if (typeof a[key] === 'number') out[key] = { after: a[key] };
  return out;
}

const trails = new WeakMap<FastifyRequest, AuditTrail>();

/** The trail of a call that writes (undefined for a read), set as the hook of its data's transactions. */
export function startAudit(
  request: FastifyRequest,
  call: CallDef,
  resource: Resource,
  principal: Principal | null,
  data: TenantData | null,
  now: () => Date,
): AuditTrail | undefined {
  if (!audited(call) || resource.name === AUDIT_RESOURCE) return undefined;
  const input = { ...plainObject(request.query), ...plainObject(request.body) };
  const trail = new AuditTrail(call, resource, input, request.ip ?? '', now, principal);
  trails.set(request, trail);
  if (data) data.beforeCommit = (tx) => trail.flush(tx);
  return trail;
}

/** Note a record's write in the request's trail (nothing when the call is not audited). */
export function noteChange(
  request: FastifyRequest,
  resource: Resource,
  id: number | null,
  before: Row | undefined,
  after: Row | undefined,
): void {
  trails.get(request)?.note(resource, id, before, after);
}

/**
 * The audit row of one record's write as a follower of the statement that writes the record
 * (see AuditTrail.follower); undefined when the call leaves no row in this data's tenant. Call
 * `done()` once the statement ran: the call's trail then has its row.
 */
export function auditFollower(
  request: FastifyRequest,
  data: TenantData,
  resource: Resource,
  id: number | null,
  before: Row | undefined,
  after: Row | undefined,
): { follower: Follower; done: () => void } | undefined {
  return trails.get(request)?.follower(data, resource, id, before, after);
}

/** The signed-in user of a call that had none when it started (a sign-in, a reset by code). */
export function setAuditActor(request: FastifyRequest, actor: Actor): void {
  const trail = trails.get(request);
  if (trail) trail.actor = actor;
}

/**
 * A row for an event a failed call causes (the lockout a wrong password brings about): the
 * call fails, so the row is written now, with `data` (the event's own write's tenant).
 */
export async function auditEvent(
  data: TenantData,
  request: FastifyRequest,
  call: CallDef,
  resource: Resource,
  event: { action: string; userId: number | null; username: string; now: () => Date },
): Promise<void> {
  const trail = new AuditTrail(call, resource, {}, request.ip ?? '', event.now, null);
  trail.actor = { tenantCode: data.tenantCode, userId: event.userId, username: event.username };
  trail.action = event.action;
  await data.transaction((tx) => trail.flush(tx));
}

/**
 * Delete the tenant's audit rows older than its retention (`audit.retentionDays`, 1 to 3650,
 * default 180 days): the housekeeping job runs it; no call can. Answers how many went.
 */
export async function purgeAuditLog(data: TenantData, now: Date, warn?: (message: string) => void): Promise<number> {
  const days = await readIntegerParam(data, { key: RETENTION_PARAM, fallback: DEFAULT_RETENTION_DAYS, min: 1, max: 3650 }, warn);
  const r = data.resource(AUDIT_RESOURCE);
  const before = data.dialect.toDb('datetime', new Date(now.getTime() - days * 86400_000).toISOString());
  const result = await data.delete(r).where('create_time', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows ?? 0);
}
