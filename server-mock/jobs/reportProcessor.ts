/**
 * The saved-report processor: runs a resource's own export (crud/crudHandlers.ts EXPORTS) with
 * a search, as each recipient (their roles, so their data permissions hide what they would not
 * see on the page), and stores the file in the recipient's netdisc (files/fileHandlers.ts
 * storeFiles), as an upload would.
 */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import type { Registry, Resource } from '../../schemas/registry/types.ts';
import type { TenantData } from '../access/tenantData.ts';
import type { Services } from '../calls/context.ts';
import type { Row } from '../db/anyKysely.ts';
import { RequestAccess } from '../access/requestAccess.ts';
import { ROLE_ADMIN, userRoleCodes, type Principal } from '../access/principal.ts';
import { EXPORTS } from '../crud/crudHandlers.ts';
import { refuseHiddenCriteria } from '../crud/hiddenFields.ts';
import { storeFiles } from '../files/fileHandlers.ts';
import { uploadTempDir } from '../files/storageConfig.ts';

type Json = Record<string, unknown>;
type Verb = keyof typeof EXPORTS;

/** The services a report run needs: the storage settings, messages for the labels, the log and the clock. */
export type ReportServices = Pick<Services, 'config' | 'locales' | 'log' | 'now'>;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The formats a resource's export calls offer, with the verb of each. */
function formatsOf(r: Resource): Map<string, Verb> {
  const out = new Map<string, Verb>();
  for (const c of r.calls) if (c.verb in EXPORTS) out.set(EXPORTS[c.verb as Verb].format, c.verb as Verb);
  return out;
}

/** The user ids of `toUserIds` ("1,2" or [1, 2]), or an error text. */
function userIds(value: unknown): { ids?: number[]; error?: string } {
  if (value === undefined) return { ids: [] };
  const parts = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',').filter((s) => s.trim()) : undefined;
  if (!parts) return { error: 'toUserIds is user ids: "1,2" or [1, 2]' };
  const ids = parts.map((p) => Number(typeof p === 'string' ? p.trim() : p));
  if (ids.some((n) => !Number.isInteger(n) || n <= 0))
    return { error: `toUserIds is user ids: "1,2" or [1, 2], not ${JSON.stringify(value)}` };
  return { ids: [...new Set(ids)] };
}

/** What is wrong with the parameters of a report job, or undefined. */
export function checkReport(params: unknown, registry: Registry): string | undefined {
  const usage =
    'The report processor needs {"resource": "...", "format": "xlsx"} (and optionally "search": {field: value}, "toUserIds": "1,2")';
  if (!isObject(params) || typeof params.resource !== 'string' || typeof params.format !== 'string') return usage;
  const r = registry.byName.get(params.resource);
  const formats = r ? formatsOf(r) : new Map<string, Verb>();
  if (!r || formats.size === 0) return `resource: "${params.resource}" is not a resource with an export`;
  if (!formats.has(params.format))
    return `format: ${params.resource} offers no ${params.format} export (its exports: ${[...formats.keys()].join(', ')})`;
  if (params.search !== undefined) {
    if (!isObject(params.search)) return 'search is an object of search fields to values';
    const searchable = new Set([...r.list.search.basic, ...r.list.search.advanced].map((s) => s.field));
    for (const field of Object.keys(params.search))
      if (!searchable.has(field))
        return `search: ${params.resource} is not searched by "${field}" (its search fields: ${[...searchable].join(', ') || 'none'})`;
  }
  const { error } = userIds(params.toUserIds);
  return error;
}

/** A user of the tenant as the principal their report is made as (their current roles). */
async function principalOf(data: TenantData, userId: number): Promise<Principal> {
  const u = data.resource('SysUser');
  const row = (await data.select(u).selectAll().where(`${u.table}.id`, '=', userId).executeTakeFirst()) as Row | undefined;
  if (!row) throw new Error(`toUserIds: there is no user ${userId} in the tenant`);
  const roles = await userRoleCodes(data, userId);
  const username = String(data.toRecord(u, row).username ?? userId);
  return {
    userId,
    username,
    tenantCode: data.tenantCode,
    sessionId: '',
    clientCode: '',
    roles,
    allRoles: roles,
    isAdmin: roles.includes(ROLE_ADMIN),
  };
}

/**
 * Run the report: for each recipient (`toUserIds`, else the job's first alarm user), the export
 * made as them, stored in their netdisc. Answers the result text: file name, size and rows.
 */
export async function runReport(services: ReportServices, data: TenantData, params: Json, notifyUserIds: string | null): Promise<string> {
  const r = data.resource(String(params.resource));
  const verb = formatsOf(r).get(String(params.format))!;
  const call = r.calls.find((c) => c.verb === verb)!;
  let recipients = userIds(params.toUserIds).ids ?? [];
  if (recipients.length === 0) recipients = (userIds(notifyUserIds ?? '').ids ?? []).slice(0, 1);
  if (recipients.length === 0) throw new Error("A report goes to users: name them in toUserIds or the job's alarm users (notifyUserIds)");
  const tempDir = uploadTempDir(services.config);
  await mkdir(tempDir, { recursive: true });
  const done: string[] = [];
  for (const userId of recipients) {
    const principal = await principalOf(data, userId);
    const access = new RequestAccess(principal, data);
    const body = { ...(isObject(params.search) ? params.search : {}) };
    const ctx = { access, principal, data, call, resource: r, body, locale: 'en' as const, services };
    // as on the page: a search by a field hidden from the recipient would tell its values
    await refuseHiddenCriteria(ctx, [r], body);
    const { file, rows } = await EXPORTS[verb].run(ctx);
    const tempPath = join(tempDir, `report-${randomUUID()}`);
    await writeFile(tempPath, file.body);
    const fileType = file.filename.slice(file.filename.lastIndexOf('.') + 1);
    let id: number | undefined;
    try {
      [id] = await storeFiles(services, data, principal, null, [
        { fileName: file.filename, contentType: file.contentType, fileType, size: file.body.length, tempPath },
      ]);
    } finally {
      // the storage consumed it, unless the quota refused it first
      await rm(tempPath, { force: true });
    }
    done.push(`${file.filename} (${file.body.length} bytes, ${rows} rows) for ${principal.username} as file ${id}`);
  }
  return `Stored ${done.join('; ')}`;
}
