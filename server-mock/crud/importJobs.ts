/**
 * An import runs as a job, so that its outcome does not depend on the request that carried
 * the file staying open (the console's HTTP client gives up after 5 s; a large import takes
 * longer). The job is a row of SysImportJob (table sys_import_job), written through the
 * caller's TenantData like every other row, so it belongs to the caller's tenant:
 *
 * - the import call stores the job (status `running`), starts the work and answers either at
 *   once with the job (`?async=1`, as the console asks) or, as the platform's client expects,
 *   when the work is done, with `{imported: n}` or the 400 that lists the refused rows;
 * - the rows and the job's `done` are written in one transaction: a job reads `done` exactly
 *   when its rows are there; a refused file writes no row and its job reads `failed` with the
 *   messages;
 * - the same file (same bytes, SHA-256) uploaded again to the same resource in the same tenant
 *   while its job runs or after it succeeded (for IMPORT_JOB_MEMORY_MS) is answered with that
 *   job, and nothing is imported again; a unique index on (tenant, resource, hash) holds this
 *   for two uploads at the same moment too. A failed job wrote nothing, so its file runs anew;
 * - `queryImportJob?id=` answers a job's progress and outcome to whoever may import into its
 *   resource in its tenant (404 to anyone else). Progress (rows read, rows checked) is kept
 *   in the memory of the process running the job and shown while it runs.
 */
import { createHash } from 'node:crypto';
import type { Resource } from '../../schemas/registry/types.ts';
import type { Row } from '../db/anyKysely.ts';
import type { TenantData } from '../access/tenantData.ts';
import { ApiError, notFound, type FieldError } from '../http/apiError.ts';
import { EnvelopeResult, withPrincipal, type CallContext, type CallHandler } from '../calls/context.ts';

/** How long a succeeded import is remembered: the same file within this time is not imported again. */
const IMPORT_JOB_MEMORY_MS = 24 * 60 * 60 * 1000;
/** A job still `running` after this long was cut off (its process ended): its file may run anew. */
const IMPORT_JOB_ABANDONED_MS = 60 * 60 * 1000;
/** Imports read and checked at once by one process; further ones wait their turn. */
const MAX_RUNNING_IMPORTS = 2;
/** Row errors kept with a failed job. */
const MAX_JOB_ERRORS = 100;
const MAX_MESSAGE = 4000;

type JobStatus = 'running' | 'done' | 'failed';

/** Progress of a running job, in the memory of the process that runs it. */
export interface ImportProgress {
  /** Rows read from the file so far (the header row included). */
  read: number;
  /** Records found in the file, once it is read. */
  total: number;
  /** Records checked (and written) so far. */
  processed: number;
}

/** A job as the status call and the import call answer it. */
interface ImportJobView {
  id: number;
  resource: string;
  fileName: string;
  status: JobStatus;
  /** Records in the file (0 while it is being read). */
  total: number;
  /** Rows read from the file so far (once it is over: the records found). */
  read: number;
  /** Records checked so far. */
  processed: number;
  /** Records written (when done). */
  imported: number;
  message: string;
  errors: FieldError[];
  createTime: string;
  updateTime: string;
  /** This answer is for an earlier upload of the same file (nothing was imported again). */
  repeated?: boolean;
}

type Outcome = { ok: true; imported: number } | { ok: false; error: Error };

interface Run {
  progress: ImportProgress;
  outcome: Promise<Outcome>;
}

/** The jobs this process runs, per database (one server per database in a process). */
const runsByDatabase = new WeakMap<object, Map<number, Run>>();
function runsOf(database: object): Map<number, Run> {
  let runs = runsByDatabase.get(database);
  if (!runs) runsByDatabase.set(database, (runs = new Map()));
  return runs;
}

/** Slots for imports running at once in this process. */
let running = 0;
const waiting: (() => void)[] = [];
async function slot(): Promise<() => void> {
  if (running >= MAX_RUNNING_IMPORTS) await new Promise<void>((resolve) => waiting.push(resolve));
  else running++;
  return () => {
    const next = waiting.shift();
    if (next) next();
    else running--;
  };
}

/** The work of an import: reads and checks the file, writes the rows and calls `done` in the same transaction. */
export type ImportWork = (progress: ImportProgress, done: (tx: TenantData, imported: number) => Promise<void>) => Promise<number>;

export interface StartedImport {
  job: ImportJobView;
  /** Settles when the work ends (at once for an earlier job that is over). */
  outcome: Promise<Outcome>;
}

function jobResource(data: TenantData): Resource {
  return data.resource('SysImportJob');
}

function view(data: TenantData, row: Row, progress?: ImportProgress): ImportJobView {
  const rec = data.toRecord(jobResource(data), row);
  const imported = Number(rec.imported ?? 0);
  const status = rec.status as JobStatus;
  return {
    id: Number(row.id),
    resource: String(rec.resource),
    fileName: String(rec.fileName ?? ''),
    status,
    total: progress?.total ?? Number(rec.total ?? 0),
    read: progress?.read ?? (status === 'running' ? 0 : Number(rec.total ?? 0)),
    processed: progress?.processed ?? (status === 'done' ? imported : 0),
    imported,
    message: String(rec.message ?? ''),
    errors: Array.isArray(rec.errors) ? (rec.errors as FieldError[]) : [],
    createTime: String(rec.createTime ?? ''),
    updateTime: String(rec.updateTime ?? ''),
  };
}

async function findJob(data: TenantData, resource: string, hash: string): Promise<Row | undefined> {
  const jr = jobResource(data);
  return (await data.select(jr).selectAll().where('resource', '=', resource).where('file_hash', '=', hash).executeTakeFirst()) as
    Row | undefined;
}

/** The outcome of an earlier job of the same file, or undefined when the file should run anew (its job removed). */
async function earlierJob(ctx: CallContext, data: TenantData, row: Row): Promise<StartedImport | undefined> {
  const jr = jobResource(data);
  const job = view(data, row);
  const age = ctx.services.now().getTime() - new Date(job.createTime).getTime();
  const run = runsOf(data.databaseKey).get(job.id);
  if (job.status === 'running' && run) return { job: { ...view(data, row, run.progress), repeated: true }, outcome: run.outcome };
  if ((job.status === 'running' && age < IMPORT_JOB_ABANDONED_MS) || (job.status === 'done' && age < IMPORT_JOB_MEMORY_MS)) {
    const outcome: Outcome =
      job.status === 'done'
        ? { ok: true, imported: job.imported }
        : {
            ok: false,
            error: new ApiError(
              409,
              `This file is being imported already (job ${job.id}, started ${job.createTime}); ask for its outcome with queryImportJob?id=${job.id}`,
            ),
          };
    return { job: { ...job, repeated: true }, outcome: Promise.resolve(outcome) };
  }
  // failed (nothing was written), forgotten or abandoned: the file runs anew
  await data.delete(jr).where('id', '=', job.id).execute();
  return undefined;
}

/**
 * Start (or find) the job importing `file` into the call's resource. The work runs after this
 * returns; its outcome is stored with the job.
 */
export async function startImportJob(
  ctx: CallContext,
  file: { filename: string; buffer: Buffer },
  work: ImportWork,
): Promise<StartedImport> {
  const { data, principal } = withPrincipal(ctx);
  const r = ctx.resource;
  const jr = jobResource(data);
  const hash = createHash('sha256').update(file.buffer).digest('hex');
  for (let attempt = 0; ; attempt++) {
    const found = await findJob(data, r.name, hash);
    if (found) {
      const earlier = await earlierJob(ctx, data, found);
      if (earlier) return earlier;
    }
    const at = ctx.services.now().toISOString();
    const row = data.toRow(jr, {
      resource: r.name,
      fileHash: hash,
      fileName: file.filename.slice(0, 255),
      username: principal.username,
      status: 'running',
      total: 0,
      imported: 0,
      message: '',
      errors: [],
    });
    row.create_time = data.dialect.toDb('datetime', at);
    row.update_time = row.create_time;
    const stored = await data.insertUnlessClash(jr, row);
    if (stored) {
      const id = Number(stored.id);
      const progress: ImportProgress = { read: 0, total: 0, processed: 0 };
      const runs = runsOf(data.databaseKey);
      const outcome = runJob(ctx, data, id, progress, work).finally(() => runs.delete(id));
      runs.set(id, { progress, outcome });
      return { job: view(data, stored, progress), outcome };
    }
    // the same file was stored a moment ago by another upload: answer with that one
    if (attempt > 2) throw new ApiError(409, 'This file is being imported by another request: try again');
  }
}

async function runJob(ctx: CallContext, data: TenantData, id: number, progress: ImportProgress, work: ImportWork): Promise<Outcome> {
  const jr = jobResource(data);
  const stamp = () => data.dialect.toDb('datetime', ctx.services.now().toISOString());
  const release = await slot();
  try {
    const imported = await work(progress, async (tx, n) => {
      await tx
        .update(jr)
        .set({ ...tx.toRow(jr, { status: 'done', total: progress.total, imported: n, message: '' }), update_time: stamp() })
        .where('id', '=', id)
        .execute();
    });
    return { ok: true, imported };
  } catch (err) {
    const error = err instanceof Error ? err : new Error(String(err));
    const api = err instanceof ApiError ? err : undefined;
    if (!api) ctx.services.log.error({ err }, `import job ${id} failed`);
    const message = (api?.message ?? 'The import failed on the server: nothing was imported').slice(0, MAX_MESSAGE);
    const errors = (api?.errors ?? []).slice(0, MAX_JOB_ERRORS);
    try {
      await data
        .update(jr)
        .set({ ...data.toRow(jr, { status: 'failed', total: progress.total, imported: 0, message, errors }), update_time: stamp() })
        .where('id', '=', id)
        .execute();
    } catch (writeErr) {
      ctx.services.log.error({ err: writeErr }, `import job ${id}: its outcome could not be stored`);
    }
    return { ok: false, error };
  } finally {
    release();
  }
}

/** The status call (queryImportJob?id=): a job of the caller's tenant, for whoever may import into its resource. */
const importJobCall: CallHandler = async (ctx) => {
  const { data, access } = withPrincipal(ctx);
  const id = Number(ctx.query.id);
  const jr = jobResource(data);
  const row = (await data.select(jr).selectAll().where('id', '=', id).executeTakeFirst()) as Row | undefined;
  const missing = () => notFound(`No import job ${id}`);
  if (!row) throw missing();
  const resource = String(data.toRecord(jr, row).resource);
  const call = ctx.services.registry.calls.find((c) => c.resource === resource && c.verb === 'import');
  if (!call) throw missing();
  if (!(await access.urlGranted(call.url))) throw missing();
  if (call.permission && !(await access.buttonGranted(call.permission))) throw missing();
  return new EnvelopeResult(view(data, row, runsOf(data.databaseKey).get(id)?.progress));
};

export const importJobHandlers: Record<string, CallHandler> = {
  'import.job': importJobCall,
};
