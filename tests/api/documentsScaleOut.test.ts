/**
 * Publications across server processes (docs/documents.md, "Several server processes"): on
 * PostgreSQL a publish or unpublish committed by one process is announced (NOTIFY) and the other
 * serves it at its next request, well before its check of the database would have (B asks the
 * database right before each change, so only the announcement can make it serve the change within
 * half of DOCUMENTS_CHECK_MS); on SQLite, with no announcements, the other process finds it by
 * checking the database within DOCUMENTS_CHECK_MS.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endChild, startChild, type ChildServer } from './childServer.ts';
import { client, createPgDatabase, signIn, type Envelope, type PageData } from './harness.ts';
import { CONTRACTS, contractDocument, FORMS, saveForm, type Client } from './documentFixture.ts';
import { DOCUMENTS_CHECK_MS } from '../../schemas/registry/documentLimits.ts';

const ADMIN_URL = process.env.TEST_DATABASE_URL;

interface Pair {
  a: ChildServer;
  b: ChildServer;
  onA: Client;
  onB: Client;
}

async function signedIn(a: ChildServer, b: ChildServer): Promise<Pair> {
  return {
    a,
    b,
    onA: client(a.url, await signIn(a.url, 'demo', 'admin')),
    onB: client(b.url, await signIn(b.url, 'demo', 'admin')),
  };
}

const statusOn = async (api: Client): Promise<number> => (await api.get(`${CONTRACTS}/queryContract`)).status;

/** Publishes on A, then unpublishes, each time after B has just checked the database; `within` bounds how soon B must follow. */
async function followsAcross({ onA, onB }: Pair, within: number): Promise<void> {
  const id = await saveForm(onA, 'contracts', contractDocument(), { roleCodes: ['ROLE_EDITOR'] });
  const poll = { timeout: within, interval: 20 };
  // B has just read the tenant's documents (none): a check of its own comes DOCUMENTS_CHECK_MS later at the earliest
  expect(await statusOn(onB)).toBe(404);
  const published = await onA.post<Envelope>(`${FORMS}/publishGeneratorForm`, { id });
  expect(published.status, JSON.stringify(published.body)).toBe(200);
  await expect.poll(() => statusOn(onB), poll).toBe(200);
  const added = await onB.post<Envelope>(`${CONTRACTS}/addContract`, { contractCode: 'C010', contractName: 'Across processes' });
  expect(added.status, JSON.stringify(added.body)).toBe(200);
  const listed = await onA.get<Envelope<PageData>>(`${CONTRACTS}/queryContract`);
  expect(listed.body.data!.list.map((r) => r.contractCode)).toEqual(['C010']);

  expect(await statusOn(onB)).toBe(200);
  expect((await onA.post(`${FORMS}/unpublishGeneratorForm`, { id })).status).toBe(200);
  await expect.poll(() => statusOn(onB), poll).toBe(404);
}

describe.skipIf(!ADMIN_URL)('two server processes on one PostgreSQL database', () => {
  let dir: string;
  let dropDb: () => Promise<void>;
  let pair: Pair;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'console-notify-'));
    mkdirSync(join(dir, 'static'));
    const db = await createPgDatabase(ADMIN_URL!);
    dropDb = db.drop;
    const env = (name: string) => ({ DATABASE_URL: db.url, DATA_DIR: join(dir, name), STATIC_DIR: join(dir, 'static') });
    const a = await startChild(env('a'));
    const b = await startChild(env('b')).catch(async (err: unknown) => {
      await endChild(a, 'SIGTERM');
      throw err;
    });
    pair = await signedIn(a, b);
  }, 120_000);

  afterAll(async () => {
    for (const c of [pair?.a, pair?.b]) if (c) await endChild(c, 'SIGTERM');
    if (dropDb) await dropDb();
    rmSync(dir, { recursive: true, force: true });
  });

  it('a publish and an unpublish on one are served by the other as soon as they are announced, not at its next check', async () => {
    await followsAcross(pair, DOCUMENTS_CHECK_MS / 2);
  });
});

// the PostgreSQL pass of npm test runs the case above instead
describe.skipIf(!!ADMIN_URL)('two server processes on one SQLite file', () => {
  let dir: string;
  let pair: Pair;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'console-poll-'));
    mkdirSync(join(dir, 'static'));
    const env = { DATA_DIR: join(dir, 'data'), STATIC_DIR: join(dir, 'static') };
    // one after the other: the first creates and seeds the file
    const a = await startChild(env);
    const b = await startChild(env).catch(async (err: unknown) => {
      await endChild(a, 'SIGTERM');
      throw err;
    });
    pair = await signedIn(a, b);
  }, 120_000);

  afterAll(async () => {
    for (const c of [pair?.a, pair?.b]) if (c) await endChild(c, 'SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  });

  it('a publish and an unpublish on one are served by the other at its next check of the database', async () => {
    // the bound allows the machine's load
    await followsAcross(pair, DOCUMENTS_CHECK_MS * 3);
  });
});
