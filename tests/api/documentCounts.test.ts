/**
 * The totals of a published resource's list: kept per tenant and resource by the database's
 * triggers (server-mock/db/documentSql.ts), they follow every add and delete, agree with a
 * count of the rows, and are counted again for a database whose records predate them.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, createPgDatabase, signIn, startTestServer, type Envelope, type PageData, type TestServer } from './harness.ts';
import { CONTRACTS, publishContract, type Client } from './documentFixture.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'document-counts-'));
let pgDb: Awaited<ReturnType<typeof createPgDatabase>> | undefined;
let server: TestServer;
let admin: Client;

async function start(): Promise<void> {
  server = await startTestServer({ dataDir, databaseUrl: pgDb?.url });
  admin = client(server.url, await signIn(server.url, 'demo', 'admin'));
}

/** The list's total without filters, and the rows counted through a filter that every record matches. */
async function totals(): Promise<{ kept: number; counted: number }> {
  const kept = await admin.get<Envelope<PageData>>(`${CONTRACTS}/queryContract`, { pageSize: 1 });
  const counted = await admin.get<Envelope<PageData>>(`${CONTRACTS}/queryContract`, { pageSize: 1, amount: '-1000000,1000000' });
  expect(kept.status, JSON.stringify(kept.body)).toBe(200);
  return { kept: kept.body.data!.pagination.total, counted: counted.body.data!.pagination.total };
}

async function add(n: number, from: number): Promise<number[]> {
  const ids: number[] = [];
  for (let i = from; i < from + n; i++) {
    const res = await admin.post<Envelope<{ id: number }>>(`${CONTRACTS}/addContract`, {
      contractCode: `C${String(i).padStart(3, '0')}`,
      contractName: `Contract ${i}`,
      amount: i,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    ids.push(res.body.data!.id);
  }
  return ids;
}

/** Runs SQL on the server's database directly (the server stopped). */
async function onDatabase(statements: string[]): Promise<void> {
  if (pgDb) {
    const c = new pg.Client({ connectionString: pgDb.url });
    await c.connect();
    try {
      for (const s of statements) await c.query(s);
    } finally {
      await c.end();
    }
    return;
  }
  const db = new BetterSqlite3(join(dataDir, 'console.sqlite'));
  try {
    for (const s of statements) db.exec(s);
  } finally {
    db.close();
  }
}

beforeAll(async () => {
  if (process.env.TEST_DATABASE_URL) pgDb = await createPgDatabase(process.env.TEST_DATABASE_URL);
  await start();
  await publishContract(admin, ['ROLE_EDITOR']);
}, 60_000);

afterAll(async () => {
  await server?.stop();
  await pgDb?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the total of a published list', () => {
  it('follows adds and deletes, one and several at a time, and agrees with the counted rows', async () => {
    expect(await totals()).toEqual({ kept: 0, counted: 0 });
    const ids = await add(6, 100);
    expect(await totals()).toEqual({ kept: 6, counted: 6 });
    const several = await admin.post<Envelope>(`${CONTRACTS}/deleteContract?id=${ids[0]},${ids[1]},${ids[2]}`);
    expect(several.status, JSON.stringify(several.body)).toBe(200);
    expect(await totals()).toEqual({ kept: 3, counted: 3 });
    const one = await admin.post<Envelope>(`${CONTRACTS}/deleteContract?id=${ids[3]}`);
    expect(one.status).toBe(200);
    expect(await totals()).toEqual({ kept: 2, counted: 2 });
    // a refused add (a duplicate code) counts nothing
    const dup = await admin.post<Envelope>(`${CONTRACTS}/addContract`, { contractCode: 'C104', contractName: 'again', amount: 1 });
    expect(dup.status).toBe(409);
    expect(await totals()).toEqual({ kept: 2, counted: 2 });
    // an update leaves the total alone
    const upd = await admin.put<Envelope>(`${CONTRACTS}/updateContract`, { id: ids[4], contractName: 'renamed' });
    expect(upd.status, JSON.stringify(upd.body)).toBe(200);
    expect(await totals()).toEqual({ kept: 2, counted: 2 });
  });

  it('is counted again at start-up for records stored before the totals were kept', async () => {
    await add(3, 200);
    expect(await totals()).toEqual({ kept: 5, counted: 5 });
    await server.stop();
    await onDatabase(
      pgDb
        ? [
            'drop trigger trg_sys_document_record_count_insert on sys_document_record',
            'drop trigger trg_sys_document_record_count_delete on sys_document_record',
            'delete from sys_document_count',
            // a record the totals never saw
            `insert into sys_document_record (tenant_code, resource_key, data, create_time, update_time)
             select tenant_code, resource_key, jsonb_set(data, '{contractCode}', '"C999"'), create_time, update_time from sys_document_record where resource_key = 'Contract' limit 1`,
          ]
        : [
            'drop trigger trg_sys_document_record_count_insert',
            'drop trigger trg_sys_document_record_count_delete',
            'delete from sys_document_count',
            `insert into sys_document_record (tenant_code, resource_key, data, create_time, update_time)
             select tenant_code, resource_key, json_set(data, '$.contractCode', 'C999'), create_time, update_time from sys_document_record where resource_key = 'Contract' limit 1`,
          ],
    );
    await start();
    expect(await totals()).toEqual({ kept: 6, counted: 6 });
    await add(1, 300);
    expect(await totals()).toEqual({ kept: 7, counted: 7 });
  });
});
