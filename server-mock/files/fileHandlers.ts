/**
 * The file API under /api/file/file (docs/files.md): a netdisc of each user of a tenant. A
 * user sees, moves, renames, deletes and shares only their own files and folders (the `file`
 * table, `ownerId`), and reads (downloads, previews) theirs and those shared with them (the
 * `file_sysuser` table). Every statement runs on the caller's TenantData, so another tenant's
 * file is not there at all: "The file could not be found", as for a file of another user.
 *
 * An upload is received into temporary files and checked (uploads.ts, fileRules.ts), the
 * tenant's quota is checked, then each object is written to the storage and, after all of
 * them, the rows in one transaction; if the rows cannot be written the objects are removed
 * again. A delete removes the rows first and the objects after. Either way a crash leaves at
 * worst objects without rows, which the clean-up removes (fileCleanup.ts).
 */
import { randomUUID } from 'node:crypto';
import contentDisposition from 'content-disposition';
import type { Resource } from '../../schemas/registry/types.ts';
import type { TenantData } from '../access/tenantData.ts';
import type { Principal } from '../access/principal.ts';
import { containsPattern, countAll } from '../access/sqlExpr.ts';
import type { Row } from '../db/anyKysely.ts';
import { RawResult, withPrincipal, type CallContext, type CallHandler, type Services } from '../calls/context.ts';
import { ApiError, badRequest, notFound } from '../http/apiError.ts';
import type { Page } from '../http/envelope.ts';
import { readIntegerParam } from '../params/tenantParams.ts';
import { DEFAULT_QUOTA_MB, FILE_NOT_FOUND, FOLDER_NOT_FOUND, QUOTA_PARAM, cleanName, previewType } from './fileRules.ts';
import { storageOf, uploadTempDir } from './storageConfig.ts';
import { receiveFiles, removeTemp, type ReceivedFile } from './uploads.ts';

/** A file or folder as the API answers it. */
export interface FileRecord {
  id: number;
  fileName: string;
  parentId: number | null;
  folder: boolean;
  fileSize: number;
  /** The spec's size in KB (rounded up). */
  sizeKb: number;
  contentType: string | null;
  fileType: string | null;
  ownerId: number;
  ownerName: string;
  createTime: string;
  updateTime: string;
}

const DEFAULT_PAGE_SIZE = 50;
const SORTABLE = new Set(['fileName', 'fileSize', 'createTime', 'updateTime', 'fileType']);

interface Tables {
  data: TenantData;
  file: Resource;
  share: Resource;
  /** `table.column` of a field of the file table. */
  f: (field: string) => string;
  /** `table.column` of a field of the share table. */
  s: (field: string) => string;
}

function tables(data: TenantData): Tables {
  const file = data.resource('File');
  const share = data.resource('FileSysuser');
  return {
    data,
    file,
    share,
    f: (field) => `${file.table}.${file.fieldMap.get(field)!.column}`,
    s: (field) => `${share.table}.${share.fieldMap.get(field)!.column}`,
  };
}

function toFile(t: Tables, row: Row): FileRecord {
  const r = t.data.toRecord(t.file, row);
  const size = Number(r.fileSize ?? 0);
  return {
    id: Number(r.id),
    fileName: String(r.fileName),
    parentId: r.parentId === null || r.parentId === undefined ? null : Number(r.parentId),
    folder: r.folder === true,
    fileSize: size,
    sizeKb: Math.ceil(size / 1024),
    contentType: (r.contentType as string | null) ?? null,
    fileType: (r.fileType as string | null) ?? null,
    ownerId: Number(r.ownerId),
    ownerName: String(r.ownerName ?? ''),
    createTime: String(r.createTime),
    updateTime: String(r.updateTime),
  };
}

/** The caller's own files and folders. */
function own(t: Tables, principal: Principal) {
  return t.data.select(t.file).where(t.f('ownerId'), '=', principal.userId);
}

/** One of the caller's own rows (a folder when `folder`), or the spec's refusal. */
async function ownRow(t: Tables, principal: Principal, id: number, kind: 'any' | 'folder' = 'any'): Promise<Row> {
  let q = own(t, principal).selectAll().where(`${t.file.table}.id`, '=', id);
  if (kind === 'folder') q = q.where(t.f('folder'), '=', t.data.dialect.toDb('boolean', true));
  const row = (await q.executeTakeFirst()) as Row | undefined;
  if (!row) throw notFound(kind === 'folder' ? FOLDER_NOT_FOUND : FILE_NOT_FOUND);
  return row;
}

/** A file the caller may read: their own, or one shared with them. */
async function readableRow(t: Tables, principal: Principal, id: number): Promise<Row> {
  const sharedWithMe = t.data.select(t.share).select(t.s('fileId')).where(t.s('userId'), '=', principal.userId);
  const row = (await t.data
    .select(t.file)
    .selectAll()
    .where(`${t.file.table}.id`, '=', id)
    .where(t.f('folder'), '=', t.data.dialect.toDb('boolean', false))
    .where((eb) => eb.or([eb(t.f('ownerId'), '=', principal.userId), eb(`${t.file.table}.id`, 'in', sharedWithMe)]))
    .executeTakeFirst()) as Row | undefined;
  if (!row) throw notFound(FILE_NOT_FOUND);
  return row;
}

function pageParams(query: Record<string, unknown>): { current: number; pageSize: number; sort?: { field: string; desc: boolean } } {
  const current = Number(query.currentPage ?? 1);
  const pageSize = Number(query.pageSize ?? DEFAULT_PAGE_SIZE);
  const sorter = typeof query.sorter === 'string' ? /^([a-zA-Z]+)_(ascend|descend)$/.exec(query.sorter) : null;
  if (typeof query.sorter === 'string' && query.sorter && (!sorter || !SORTABLE.has(sorter[1]!))) {
    throw badRequest(`sorter must be one of ${[...SORTABLE].map((f) => `${f}_ascend`).join(', ')} (or _descend)`, [
      { field: 'sorter', message: 'is not a sortable field' },
    ]);
  }
  return { current, pageSize, sort: sorter ? { field: sorter[1]!, desc: sorter[2] === 'descend' } : undefined };
}

type FileSelect = ReturnType<typeof own>;

async function paged(t: Tables, q: FileSelect, query: Record<string, unknown>): Promise<Page<FileRecord>> {
  const { current, pageSize, sort } = pageParams(query);
  const total = Number(((await q.select(countAll().as('n')).executeTakeFirst()) as Row | undefined)?.n ?? 0);
  let rows = q.selectAll().orderBy(t.f('folder'), 'desc');
  rows = sort ? rows.orderBy(t.f(sort.field), sort.desc ? 'desc' : 'asc') : rows.orderBy(t.f('fileName'), 'asc');
  const list = (
    (await rows
      .orderBy(`${t.file.table}.id`, 'asc')
      .limit(pageSize)
      .offset((current - 1) * pageSize)
      .execute()) as Row[]
  ).map((row) => toFile(t, row));
  return { list, pagination: { total, pageSize, current } };
}

function nameFilter(t: Tables, q: FileSelect, fileName: unknown): FileSelect {
  const needle = typeof fileName === 'string' ? fileName.trim() : '';
  return needle ? q.where(t.data.dialect.contains(t.f('fileName'), containsPattern(needle))) : q;
}

/** The ids of a folder's contents at every depth (the caller's own rows). */
async function descendants(t: Tables, principal: Principal, ids: number[]): Promise<number[]> {
  const out: number[] = [];
  let level = ids;
  while (level.length) {
    const rows = (await own(t, principal).select(`${t.file.table}.id`).where(t.f('parentId'), 'in', level).execute()) as Row[];
    level = rows.map((r) => Number(r.id));
    out.push(...level);
  }
  return out;
}

/** Bytes stored by the tenant, and its quota in bytes. */
async function usage(services: Pick<Services, 'config' | 'log'>, data: TenantData): Promise<{ used: number; quota: number }> {
  const t = tables(data);
  const row = (await data
    .select(t.file)
    .select((eb) => eb.fn.sum<number>(t.f('fileSize')).as('used'))
    .executeTakeFirst()) as Row | undefined;
  const quotaMb = await readIntegerParam(data, { key: QUOTA_PARAM, fallback: DEFAULT_QUOTA_MB, min: 0, max: 100_000_000 }, (message) =>
    services.log.warn(message),
  );
  return { used: Number(row?.used ?? 0), quota: quotaMb * 1024 * 1024 };
}

/**
 * Store files (each complete in a temporary file, consumed) in the netdisc of `owner`, in the
 * folder `parentId` (null: the top): the tenant's quota is checked, each object is written to
 * the storage and then the rows in one transaction; if the rows cannot be written the objects
 * are removed again. Answers the new rows' ids. The upload and the saved-report job use it.
 */
export async function storeFiles(
  services: Pick<Services, 'config' | 'log' | 'now'>,
  data: TenantData,
  owner: { userId: number; username: string },
  parentId: number | null,
  files: readonly ReceivedFile[],
): Promise<number[]> {
  const t = tables(data);
  const storage = storageOf(services.config);
  const written: string[] = [];
  try {
    const { used, quota } = await usage(services, data);
    const adding = files.reduce((sum, f) => sum + f.size, 0);
    if (used + adding > quota) {
      const mb = (n: number) => `${Math.ceil(n / 1024 / 1024)} MB`;
      throw new ApiError(413, `The tenant's storage quota of ${mb(quota)} would be exceeded (${mb(used)} used, ${mb(adding)} more)`, {
        errors: [{ field: 'file', message: 'exceeds the storage quota' }],
      });
    }
    const rows: Row[] = [];
    for (const f of files) {
      const objectKey = `${data.tenantCode}/${randomUUID()}`;
      // the object first, then (below) its row
      await storage.put(objectKey, f.tempPath, f.size, f.contentType);
      written.push(objectKey);
      rows.push({
        ...data.toRow(t.file, {
          fileName: f.fileName,
          parentId,
          folder: false,
          fileSize: f.size,
          contentType: f.contentType,
          fileType: f.fileType,
          objectKey,
          ownerId: owner.userId,
          ownerName: owner.username,
        }),
        ...timestamps(data, services.now()),
      });
    }
    return await data.transaction(async (trx) => {
      const out: number[] = [];
      for (const row of rows) out.push(await trx.insert(t.file, row));
      return out;
    });
  } catch (err) {
    await Promise.all(written.map((key) => storage.remove(key).catch(() => undefined)));
    throw err;
  }
}

function timestamps(data: TenantData, now: Date): Row {
  const at = data.dialect.toDb('datetime', now.toISOString());
  return { create_time: at, update_time: at };
}

function idList(text: unknown): number[] {
  return [...new Set(String(text).split(',').map(Number))];
}

/** Headers of a file answer: its type, length, name (RFC 6266 / 5987, so that Chinese names survive) and no script. */
function fileHeaders(ctx: CallContext, row: Row, t: Tables, disposition: 'attachment' | 'inline', type: string): void {
  const record = toFile(t, row);
  ctx.reply
    .header('content-type', type)
    .header('content-length', String(record.fileSize))
    .header('content-disposition', contentDisposition(record.fileName, { type: disposition }))
    .header('access-control-expose-headers', 'content-disposition')
    .header('cache-control', 'private, no-store')
    // an uploaded file never runs script, even opened on its own
    .header('content-security-policy', "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox");
}

async function sendObject(ctx: CallContext, t: Tables, row: Row, disposition: 'attachment' | 'inline', type: string): Promise<RawResult> {
  const key = row[t.file.fieldMap.get('objectKey')!.column];
  const stream = typeof key === 'string' ? await storageOf(ctx.services.config).get(key) : undefined;
  if (!stream) throw notFound(FILE_NOT_FOUND);
  fileHeaders(ctx, row, t, disposition, type);
  return new RawResult(stream);
}

/**
 * A stored file's bytes: as an attachment under its type, or inline (images but SVG, PDFs and
 * plain text only; another type is refused with a message that says to download it).
 */
export async function sendFile(ctx: CallContext, data: TenantData, row: Row, disposition: 'attachment' | 'inline'): Promise<RawResult> {
  const t = tables(data);
  const record = toFile(t, row);
  if (disposition === 'attachment') return sendObject(ctx, t, row, disposition, record.contentType ?? 'application/octet-stream');
  const type = previewType(record.contentType, record.fileType);
  if (!type) throw badRequest(`${record.fileName} cannot be previewed: download it`, [{ field: 'id', message: 'has no preview' }]);
  return sendObject(ctx, t, row, disposition, type);
}

/** A file (not a folder) of the tenant, whoever owns it, or the spec's refusal: the caller checks who may read it. */
export async function fileOf(data: TenantData, id: number): Promise<Row> {
  const t = tables(data);
  const row = (await data
    .select(t.file)
    .selectAll()
    .where(`${t.file.table}.id`, '=', id)
    .where(t.f('folder'), '=', data.dialect.toDb('boolean', false))
    .executeTakeFirst()) as Row | undefined;
  if (!row) throw notFound(FILE_NOT_FOUND);
  return row;
}

export const fileHandlers: Record<string, CallHandler> = {
  'file.query': async (ctx) => {
    const { data, principal } = withPrincipal(ctx);
    const t = tables(data);
    let q = own(t, principal);
    const needle = typeof ctx.query.fileName === 'string' ? ctx.query.fileName.trim() : '';
    // a search looks through every folder; otherwise one folder's contents
    if (!needle) {
      if (ctx.query.parentId !== undefined) await ownRow(t, principal, Number(ctx.query.parentId), 'folder');
      q =
        ctx.query.parentId === undefined ? q.where(t.f('parentId'), 'is', null) : q.where(t.f('parentId'), '=', Number(ctx.query.parentId));
    }
    return paged(t, nameFilter(t, q, needle), ctx.query);
  },

  'file.folders': async (ctx) => {
    const { data, principal } = withPrincipal(ctx);
    const t = tables(data);
    const rows = (await own(t, principal)
      .selectAll()
      .where(t.f('folder'), '=', data.dialect.toDb('boolean', true))
      .orderBy(t.f('fileName'))
      .execute()) as Row[];
    return rows.map((row) => {
      const r = toFile(t, row);
      return { id: r.id, fileName: r.fileName, parentId: r.parentId };
    });
  },

  'file.usage': async (ctx) => {
    const { data } = withPrincipal(ctx);
    return usage(ctx.services, data);
  },

  'file.addFolder': async (ctx) => {
    const { data, principal } = withPrincipal(ctx);
    const t = tables(data);
    const body = ctx.body as { fileName: string; parentId?: number | null };
    const fileName = cleanName(body.fileName);
    const parentId = body.parentId ?? null;
    if (parentId !== null) await ownRow(t, principal, parentId, 'folder');
    const id = await data.insert(t.file, {
      ...data.toRow(t.file, { fileName, parentId, folder: true, fileSize: 0, ownerId: principal.userId, ownerName: principal.username }),
      ...timestamps(data, ctx.services.now()),
    });
    return toFile(t, await ownRow(t, principal, id));
  },

  'file.upload': async (ctx) => {
    const { data, principal } = withPrincipal(ctx);
    const t = tables(data);
    const parentId = ctx.query.parentId === undefined ? null : Number(ctx.query.parentId);
    if (parentId !== null) await ownRow(t, principal, parentId, 'folder');
    const received = await receiveFiles(ctx.request, uploadTempDir(ctx.services.config), storageOf(ctx.services.config).writeBehind);
    let ids: number[];
    try {
      ids = await storeFiles(ctx.services, data, principal, parentId, received);
    } catch (err) {
      await removeTemp(received);
      throw err;
    }
    // stored: each temporary file was consumed by the storage's put (moved into place or removed)
    const stored = (await own(t, principal)
      .selectAll()
      .where(`${t.file.table}.id`, 'in', ids)
      .orderBy(`${t.file.table}.id`)
      .execute()) as Row[];
    return stored.map((row) => toFile(t, row));
  },

  'file.rename': async (ctx) => {
    const { data, principal } = withPrincipal(ctx);
    const t = tables(data);
    const body = ctx.body as { id: number; fileName: string };
    const fileName = cleanName(body.fileName);
    await ownRow(t, principal, body.id);
    await data
      .update(t.file)
      .set({ ...data.toRow(t.file, { fileName }), update_time: timestamps(data, ctx.services.now()).update_time })
      .where('id', '=', body.id)
      .execute();
    return toFile(t, await ownRow(t, principal, body.id));
  },

  'file.move': async (ctx) => {
    const { data, principal } = withPrincipal(ctx);
    const t = tables(data);
    const body = ctx.body as { id: number[]; parentId: number | null };
    const ids = [...new Set(body.id)];
    for (const id of ids) await ownRow(t, principal, id);
    if (body.parentId !== null) {
      await ownRow(t, principal, body.parentId, 'folder');
      const inside = new Set([...ids, ...(await descendants(t, principal, ids))]);
      if (inside.has(body.parentId)) {
        throw badRequest('A folder cannot be moved into itself or into a folder inside it', [
          { field: 'parentId', message: 'is inside a moved folder' },
        ]);
      }
    }
    await data
      .update(t.file)
      .set({ ...data.toRow(t.file, { parentId: body.parentId }), update_time: timestamps(data, ctx.services.now()).update_time })
      .where('id', 'in', ids)
      .where(t.file.fieldMap.get('ownerId')!.column, '=', principal.userId)
      .execute();
    return undefined;
  },

  'file.delete': async (ctx) => {
    const { data, principal } = withPrincipal(ctx);
    const t = tables(data);
    const ids = idList(ctx.query.id);
    for (const id of ids) await ownRow(t, principal, id);
    const all = [...new Set([...ids, ...(await descendants(t, principal, ids))])];
    const keyColumn = t.file.fieldMap.get('objectKey')!.column;
    const keys: string[] = [];
    await data.transaction(async (trx) => {
      const rows = (await own(t, principal).select(keyColumn).where(`${t.file.table}.id`, 'in', all).execute()) as Row[];
      for (const r of rows) if (typeof r[keyColumn] === 'string') keys.push(r[keyColumn] as string);
      await trx.delete(t.share).where(t.share.fieldMap.get('fileId')!.column, 'in', all).execute();
      await trx.delete(t.file).where('id', 'in', all).execute();
    });
    // the rows are gone: now the objects (one left behind by a crash is an orphan the clean-up removes)
    const storage = storageOf(ctx.services.config);
    await Promise.all(
      keys.map((key) => storage.remove(key).catch((err: unknown) => ctx.services.log.warn({ err, key }, 'file object not removed'))),
    );
    return undefined;
  },

  'file.download': async (ctx) => {
    const { data, principal } = withPrincipal(ctx);
    const row = await readableRow(tables(data), principal, Number(ctx.query.id));
    return sendFile(ctx, data, row, 'attachment');
  },

  'file.preview': async (ctx) => {
    const { data, principal } = withPrincipal(ctx);
    const row = await readableRow(tables(data), principal, Number(ctx.query.id));
    return sendFile(ctx, data, row, 'inline');
  },

  'file.share': async (ctx) => {
    const { data, principal } = withPrincipal(ctx);
    const t = tables(data);
    const body = ctx.body as { id: number; userId: number[] };
    const row = await ownRow(t, principal, body.id);
    if (toFile(t, row).folder) throw badRequest('Only files can be shared, not folders', [{ field: 'id', message: 'is a folder' }]);
    const userIds = [...new Set(body.userId)].filter((id) => id !== principal.userId);
    const users = data.resource('SysUser');
    const found = userIds.length
      ? ((await data.select(users).select(`${users.table}.id`).where(`${users.table}.id`, 'in', userIds).execute()) as Row[]).map((r) =>
          Number(r.id),
        )
      : [];
    const missing = userIds.filter((id) => !found.includes(id));
    if (missing.length) {
      throw badRequest(`No such user in this tenant: ${missing.join(', ')}`, [
        { field: 'userId', message: 'names a user who is not in this tenant' },
      ]);
    }
    const fileIdColumn = t.share.fieldMap.get('fileId')!.column;
    await data.transaction(async (trx) => {
      await trx.delete(t.share).where(fileIdColumn, '=', body.id).execute();
      const now = timestamps(data, ctx.services.now());
      await trx.insertRows(
        t.share,
        userIds.map((userId) => ({ ...trx.toRow(t.share, { fileId: body.id, userId }), ...now })),
      );
    });
    return { id: body.id, userId: userIds };
  },

  'file.sharedUsers': async (ctx) => {
    const { data, principal } = withPrincipal(ctx);
    const t = tables(data);
    const id = Number(ctx.query.id);
    await ownRow(t, principal, id);
    const shared = (await data.select(t.share).select(t.s('userId')).where(t.s('fileId'), '=', id).execute()) as Row[];
    const users = data.resource('SysUser');
    const col = (field: string) => `${users.table}.${users.fieldMap.get(field)!.column}`;
    const candidates = (await data
      .select(users)
      .select([`${users.table}.id`, col('username'), col('nickname')])
      .where(`${users.table}.id`, '!=', principal.userId)
      .orderBy(col('username'))
      .execute()) as Row[];
    const userIdColumn = t.share.fieldMap.get('userId')!.column;
    return {
      userId: shared.map((r) => Number(r[userIdColumn])),
      users: candidates.map((r) => ({
        id: Number(r.id),
        username: String(r[users.fieldMap.get('username')!.column]),
        nickname: String(r[users.fieldMap.get('nickname')!.column] ?? ''),
      })),
    };
  },

  'file.sharedWithMe': async (ctx) => {
    const { data, principal } = withPrincipal(ctx);
    const t = tables(data);
    const sharedWithMe = data.select(t.share).select(t.s('fileId')).where(t.s('userId'), '=', principal.userId);
    const q = data.select(t.file).where(`${t.file.table}.id`, 'in', sharedWithMe);
    return paged(t, nameFilter(t, q, ctx.query.fileName), ctx.query);
  },
};
