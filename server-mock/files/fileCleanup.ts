/**
 * The clean-up of the file storage: an object whose row is not there (a crash between writing
 * the object and its row, a delete that crashed after its rows, a purged tenant) is removed,
 * and so is a temporary upload file left by a crash. Only what is older than the grace period
 * is touched, so that an upload under way (its object written, its row not yet) keeps its
 * object. Run at start and then every FILE_CLEANUP_INTERVAL_MS.
 *
 * Keys are `<tenant>/<uuid>`: the objects of a tenant are looked up among that tenant's rows
 * (SystemStore.tenant), a chunk at a time.
 */
import { opendir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Services } from '../calls/context.ts';
import type { Row } from '../db/anyKysely.ts';
import { storageOf, uploadTempDir } from './storageConfig.ts';
import type { StoredObject } from './storage.ts';

/** Objects and temporary files younger than this are left alone. */
export const ORPHAN_GRACE_MS = 60 * 60_000;
const FILE_CLEANUP_INTERVAL_MS = 60 * 60_000;
const CHUNK = 500;

type CleanupServices = Pick<Services, 'system' | 'config' | 'log' | 'now'>;

export interface CleanupReport {
  /** Keys of the objects removed. */
  removed: string[];
  /** Temporary upload files removed. */
  temporary: number;
}

async function orphansOf(services: CleanupServices, tenantCode: string, objects: StoredObject[]): Promise<StoredObject[]> {
  const data = services.system.tenant(tenantCode);
  const file = data.resource('File');
  const column = file.fieldMap.get('objectKey')!.column;
  const known = new Set<string>();
  for (let i = 0; i < objects.length; i += CHUNK) {
    const keys = objects.slice(i, i + CHUNK).map((o) => o.key);
    const rows = (await data
      .select(file)
      .select(`${file.table}.${column}`)
      .where(`${file.table}.${column}`, 'in', keys)
      .execute()) as Row[];
    for (const r of rows) known.add(String(r[column]));
  }
  return objects.filter((o) => !known.has(o.key));
}

/** One run of the clean-up; `graceMs` (default ORPHAN_GRACE_MS) is the age under which nothing is removed. */
export async function cleanFileStorage(services: CleanupServices, graceMs = ORPHAN_GRACE_MS): Promise<CleanupReport> {
  const storage = storageOf(services.config);
  const before = services.now().getTime() - graceMs;
  const byTenant = new Map<string, StoredObject[]>();
  for await (const o of storage.list()) {
    if (o.modified.getTime() > before) continue;
    const tenant = o.key.split('/')[0]!;
    let list = byTenant.get(tenant);
    if (!list) byTenant.set(tenant, (list = []));
    list.push(o);
  }
  const removed: string[] = [];
  for (const [tenant, objects] of byTenant) {
    for (const o of await orphansOf(services, tenant, objects)) {
      await storage.remove(o.key);
      removed.push(o.key);
    }
  }
  let temporary = 0;
  const temp = uploadTempDir(services.config);
  try {
    for await (const entry of await opendir(temp)) {
      const path = join(temp, entry.name);
      if (entry.isFile() && (await stat(path)).mtime.getTime() <= before) {
        await rm(path, { force: true });
        temporary++;
      }
    }
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  if (removed.length || temporary)
    services.log.info(`File clean-up: ${removed.length} objects without a row and ${temporary} temporary uploads removed`);
  return { removed, temporary };
}

/** Runs the clean-up now (in the background) and then every FILE_CLEANUP_INTERVAL_MS; returns the function that stops it (settling once a run under way ends). */
export function startFileCleanup(services: CleanupServices): () => Promise<void> {
  let running: Promise<unknown> | undefined;
  const run = () => {
    running ??= cleanFileStorage(services)
      .catch((err: unknown) => services.log.error({ err }, 'the file clean-up failed'))
      .finally(() => (running = undefined));
  };
  run();
  const timer = setInterval(run, FILE_CLEANUP_INTERVAL_MS);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
