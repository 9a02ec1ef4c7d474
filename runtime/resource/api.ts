/**
 * A resource's calls, by the names of the generated client (CallMeta.name): query, tree, add,
 * update, delete through the client's functions; file downloads (exports) and uploads
 * (imports) through the HTTP client with the call's URL, since they need the response's
 * Content-Disposition and a multipart body.
 */
import type { AxiosResponse } from 'axios';
import * as client from '../generated/client.ts';
import { queryAndBody } from '../generated/queryAndBody.ts';
import type { CallMeta, ResourceMeta } from '../generated/resources.ts';
import { platform, SILENT } from '../api/platform.ts';
import { toastError } from '../feedback/feedback.ts';
import { ApiError } from '../http/apiError.ts';
import { envelopeMessage, type Envelope } from '../http/envelope.ts';
import type { ResourceRecord } from './extensions.ts';
import type { ServerFieldError } from './form/formErrors.ts';
import { callName, findCall } from './meta.ts';
import { filenameFromDisposition, saveBlob } from './download.ts';

type CallFn = (first?: unknown, options?: unknown) => Promise<unknown>;

function clientHas(name: string): boolean {
  return typeof (client as unknown as Record<string, unknown>)[name] === 'function';
}

/**
 * True when the call can be made: the generated client has a function of that name, or the
 * resource's metadata lists it (a resource published at run time has no generated function).
 */
export function hasCall(name: string, resource?: Pick<ResourceMeta, 'calls'>): boolean {
  return clientHas(name) || (!!resource && findCall(resource, name) !== undefined);
}

/**
 * A standard call of a resource published at run time, made as the generated client makes
 * it: query and tree with query parameters, delete with the ids (and typed values) in the
 * query string, add and update with the record as the body.
 */
async function metaCall<T>(meta: CallMeta, arg: unknown, silent: boolean): Promise<T> {
  const { request } = await import('../http/request.ts');
  if (meta.verb === 'delete') {
    const target = (typeof arg === 'object' && arg !== null && !Array.isArray(arg) ? arg : { id: arg }) as {
      id: unknown;
      confirm?: unknown;
    };
    const params: Record<string, unknown> = { id: [target.id].flat().join(',') };
    if (target.confirm !== undefined) params.confirm = [target.confirm].flat().join(',');
    return request<T>({ method: meta.method, url: meta.url, params, silent });
  }
  if (meta.method === 'GET') return request<T>({ method: 'GET', url: meta.url, params: (arg ?? {}) as Record<string, unknown>, silent });
  return request<T>({ method: meta.method, url: meta.url, data: arg, silent });
}

/**
 * Calls a generated function `(paramsOrBody, options)`, or for a resource published at run time
 * its call as the metadata describes it; `silent` leaves failures to the caller.
 */
async function call<T>(name: string, arg?: unknown, silent = false, resource?: Pick<ResourceMeta, 'calls'>): Promise<T> {
  const api = (await platform()) as unknown as Record<string, CallFn | undefined>;
  const fn = api[name];
  const options = silent ? SILENT : undefined;
  const inQuery = queryAndBody[name];
  if (typeof fn === 'function' && inQuery) {
    // the call takes query parameters and a body: the values it names as query parameters go there
    const values = (arg ?? {}) as Record<string, unknown>;
    const params = Object.fromEntries(Object.entries(values).filter(([k]) => inQuery.includes(k)));
    const body = Object.fromEntries(Object.entries(values).filter(([k]) => !inQuery.includes(k)));
    return (await (fn as (params: unknown, data: unknown, options: unknown) => Promise<unknown>)(params, body, options)) as T;
  }
  if (typeof fn === 'function') return (await fn(arg, options)) as T;
  const meta = resource && findCall(resource, name);
  if (meta) return metaCall<T>(meta, arg, silent);
  throw new Error(`The client has no call "${name}"`);
}

export interface ListPage {
  list: ResourceRecord[];
  total: number;
}

/** The call that lists the resource's rows: its list.source call, else its query call. */
export function listCallName(resource: Pick<ResourceMeta, 'name' | 'list'>): string {
  return resource.list.source?.call ?? callName(resource, 'query');
}

export async function queryList(resource: ResourceMeta, params: Record<string, unknown>): Promise<ListPage> {
  const answer = await call<Envelope<{ list?: ResourceRecord[]; pagination?: { total?: number } } | ResourceRecord[]>>(
    listCallName(resource),
    params,
    false,
    resource,
  );
  const data = answer.data;
  if (Array.isArray(data)) return { list: data, total: data.length };
  const list = data?.list ?? [];
  return { list, total: data?.pagination?.total ?? list.length };
}

export interface TreeRecord extends ResourceRecord {
  children?: TreeRecord[];
}

export async function queryTree(resource: ResourceMeta, silent = false): Promise<TreeRecord[]> {
  const answer = await call<Envelope<TreeRecord[]>>(`${callName(resource, 'query')}Tree`, {}, silent, resource);
  return answer.data ?? [];
}

export function treeCallExists(resource: ResourceMeta): boolean {
  return hasCall(`${callName(resource, 'query')}Tree`, resource);
}

export async function addRecord(resource: ResourceMeta, values: ResourceRecord): Promise<void> {
  await call(callName(resource, 'add'), values, false, resource);
}

export async function updateRecord(resource: ResourceMeta, values: ResourceRecord): Promise<void> {
  await call(callName(resource, 'update'), values, false, resource);
}

/** Delete records by id; `confirm`: the typed values of the resource's typeToConfirm field, one per record. */
export async function deleteRecords(
  resource: ResourceMeta,
  ids: readonly (string | number)[],
  confirm?: readonly string[],
): Promise<DeleteAnswer | undefined> {
  const id = ids.map((x) => (typeof x === 'string' && /^\d+$/.test(x) ? Number(x) : x));
  const answer = await call<Envelope<DeleteAnswer | null>>(
    callName(resource, 'delete'),
    confirm === undefined ? id : { id, confirm: [...confirm] },
    false,
    resource,
  );
  return answer?.data ?? undefined;
}

/** What a delete answers where the resource's delete can be undone: the hold's token and end. */
export interface DeleteAnswer {
  undo?: string;
  until?: string;
}

/** Runs a custom action's declared call with one argument (query parameters or body, as the client declares it). */
export function runCall<T = unknown>(name: string, arg?: unknown, silent = false): Promise<T> {
  return call<T>(name, arg, silent);
}

/**
 * Field errors of a refused record (`errors: [{field, keyword, params, message}]`): a 400
 * (validation) or a 409 (a unique field already taken); undefined when the answer has none.
 */
export function fieldErrorsOf(err: unknown): ServerFieldError[] | undefined {
  if (!(err instanceof ApiError) || (err.httpStatus !== 400 && err.httpStatus !== 409)) return undefined;
  const errors = (err.body as { errors?: unknown } | undefined)?.errors;
  if (!Array.isArray(errors)) return undefined;
  return errors
    .filter((e): e is { field: unknown; keyword?: unknown; params?: unknown; message: unknown } => typeof e === 'object' && e !== null)
    .map((e) => {
      const out: ServerFieldError = { field: String(e.field ?? ''), message: String(e.message ?? '') };
      return typeof e.keyword === 'string'
        ? {
            ...out,
            keyword: e.keyword,
            params: typeof e.params === 'object' && e.params !== null ? (e.params as Record<string, unknown>) : {},
          }
        : out;
    });
}

/** The envelope inside a Blob error answer (a failed download), if it is JSON. */
async function blobEnvelope(body: unknown): Promise<unknown> {
  if (!(body instanceof Blob)) return body;
  try {
    return JSON.parse(await body.text()) as unknown;
  } catch {
    return undefined;
  }
}

async function http() {
  return (await import('../http/request.ts')).http;
}

function urlOf(resource: ResourceMeta, name: string): { method: string; url: string } {
  const meta = findCall(resource, name);
  if (meta) return { method: meta.method, url: meta.url };
  // A call the client has but the metadata does not list: the platform's URL pattern.
  return { method: 'POST', url: `/api/${resource.service}/${resource.path}/${name}` };
}

/**
 * Calls a blob call (an export) and saves the answer under the server's file name (else
 * `fallbackName`). Failures are toasted with the server's message.
 */
export async function downloadCall(
  resource: ResourceMeta,
  name: string,
  body: Record<string, unknown>,
  fallbackName: string,
): Promise<string> {
  const { method, url } = urlOf(resource, name);
  let response: AxiosResponse<Blob>;
  try {
    response = await (await http()).request<Blob>({ method, url, data: body, responseType: 'blob', silent: true });
  } catch (err) {
    const envelope = await blobEnvelope(err instanceof ApiError ? err.body : undefined);
    toastError(envelopeMessage(envelope) ?? (err instanceof Error ? err.message : String(err)));
    throw err;
  }
  const filename = filenameFromDisposition(response.headers['content-disposition'] as string | undefined) ?? fallbackName;
  saveBlob(response.data, filename);
  return filename;
}

/** A row the import refused, as the server reports it. */
export interface ImportRowError {
  row?: number;
  field?: string;
  message: string;
}

export interface ImportResult {
  ok: boolean;
  message?: string;
  /** Records written. */
  count?: number;
  errors: ImportRowError[];
  /** An earlier import of the same file answered (nothing imported again). */
  repeated?: boolean;
  /** Still running on the server (the dialog stopped following it). */
  running?: boolean;
  job?: ImportJob;
}

/** The row errors of an import answer (`errors` at the top or under `data`). */
export function parseImportErrors(body: unknown): ImportRowError[] {
  const env = body as { errors?: unknown; data?: { errors?: unknown } } | undefined;
  const list = Array.isArray(env?.errors) ? env.errors : Array.isArray(env?.data?.errors) ? env.data.errors : [];
  return list
    .filter((e): e is Record<string, unknown> => typeof e === 'object' && e !== null)
    .map((e) => {
      const field = e.field === undefined ? undefined : String(e.field);
      // The import call names a cell as "row <n>.<field>" (n: the spreadsheet's row number).
      const cell = field ? /^row (\d+)(?:\.(.+))?$/.exec(field) : null;
      const row = typeof e.row === 'number' ? e.row : e.row !== undefined && /^\d+$/.test(String(e.row)) ? Number(e.row) : undefined;
      return { row: cell ? Number(cell[1]) : row, field: cell ? cell[2] : field, message: String(e.message ?? '') };
    });
}

function importCount(data: unknown): number | undefined {
  if (typeof data === 'number') return data;
  const d = data as { count?: unknown; imported?: unknown; added?: unknown } | undefined;
  const n = d?.count ?? d?.imported ?? d?.added;
  return typeof n === 'number' ? n : undefined;
}

/** An import job as the server reports it (the import call with async=1, and queryImportJob). */
export interface ImportJob {
  id: number;
  status: 'running' | 'done' | 'failed';
  /** Records in the file (0 while it is read). */
  total: number;
  /** Rows read so far. */
  read: number;
  /** Records checked so far. */
  processed: number;
  imported: number;
  message: string;
  errors: unknown[];
  createTime: string;
  /** The answer is an earlier import of the same file: nothing was imported again. */
  repeated?: boolean;
}

/** How often the dialog asks for a running import's progress. */
const IMPORT_POLL_MS = 700;
/** How long the upload itself may take (the server answers as soon as the file is in). */
const IMPORT_UPLOAD_TIMEOUT_MS = 120_000;

function isJob(data: unknown): data is ImportJob {
  const d = data as Partial<ImportJob> | undefined;
  return typeof d?.id === 'number' && (d.status === 'running' || d.status === 'done' || d.status === 'failed');
}

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Uploads a filled spreadsheet to the import call (multipart field "file") as a job
 * (`async=1`), then follows the job with queryImportJob until it is over: the outcome does not
 * depend on one request staying open. `onProgress` sees each reading; `stopped` ends the
 * following early (the dialog was closed; the job goes on on the server). Refusals come back
 * as row errors, not toasts.
 */
export async function uploadImport(
  resource: ResourceMeta,
  name: string,
  file: File,
  onProgress?: (job: ImportJob) => void,
  stopped: () => boolean = () => false,
): Promise<ImportResult> {
  const { method, url } = urlOf(resource, name);
  const form = new FormData();
  form.append('file', file, file.name);
  let job: ImportJob;
  try {
    const response = await (
      await http()
    ).request<Envelope<unknown>>({ method, url, params: { async: 1 }, data: form, silent: true, timeout: IMPORT_UPLOAD_TIMEOUT_MS });
    const body = response.data;
    if (!isJob(body?.data))
      return { ok: true, message: envelopeMessage(body), count: importCount(body?.data), errors: parseImportErrors(body) };
    job = body.data;
  } catch (err) {
    const body = err instanceof ApiError ? err.body : undefined;
    return {
      ok: false,
      message: envelopeMessage(body) ?? (err instanceof Error ? err.message : String(err)),
      errors: parseImportErrors(body),
    };
  }
  const repeated = job.repeated === true;
  while (job.status === 'running') {
    onProgress?.(job);
    if (stopped()) return { ok: false, running: true, errors: [], job };
    await pause(IMPORT_POLL_MS);
    try {
      const answer = await call<Envelope<unknown>>('queryImportJob', { id: job.id }, true);
      if (isJob(answer.data)) job = answer.data;
    } catch {
      // a reading that failed (a network blip): ask again next time
    }
  }
  onProgress?.(job);
  return {
    ok: job.status === 'done',
    message: job.status === 'done' ? undefined : job.message,
    count: job.status === 'done' ? job.imported : undefined,
    errors: parseImportErrors({ errors: job.errors }),
    repeated,
    job,
  };
}
