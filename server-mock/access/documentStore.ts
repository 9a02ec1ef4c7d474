/**
 * A tenant's published documents (server-mock/documents/), as the access layer keeps them: the
 * publications (sys_published_resource: the document as published, its status and version)
 * and what publishing needs to know about the records already stored under a resource key
 * (which fields they hold, their values). Every statement carries the tenant's condition; a
 * store is had from a TenantData (`data.documents()`), on its connection or transaction.
 */
import { sql } from 'kysely';
import type { Resource } from '../../schemas/registry/types.ts';
import type { AnyKysely, Row } from '../db/anyKysely.ts';
import type { Database } from '../db/database.ts';
import { DOCUMENT_TABLE, PUBLICATION_CHANNEL, PUBLICATION_TABLE, documentIndexes } from '../db/documentSql.ts';

export type PublicationStatus = 'live' | 'hidden';

export interface Publication {
  id: number;
  name: string;
  service: string;
  path: string;
  formId: number;
  /** The document as published: {resource, messages}. */
  document: unknown;
  status: PublicationStatus;
  version: number;
  publishedBy: string;
  updateTime: string;
}

function toPublication(database: Database, row: Row): Publication {
  const document = database.dialect.fromDb('json', row.document);
  return {
    id: Number(row.id),
    name: String(row.name),
    service: String(row.service),
    path: String(row.path),
    formId: Number(row.form_id),
    document,
    status: row.status === 'live' ? 'live' : 'hidden',
    version: Number(row.version),
    publishedBy: String(row.published_by ?? ''),
    updateTime: String(database.dialect.fromDb('datetime', row.update_time)),
  };
}

export class DocumentStore {
  constructor(
    private readonly database: Database,
    readonly tenantCode: string,
    private readonly db: AnyKysely,
  ) {}

  /** Every publication of the tenant (live and hidden), oldest first. */
  async publications(): Promise<Publication[]> {
    const rows = (await this.db
      .selectFrom(PUBLICATION_TABLE)
      .selectAll()
      .where('tenant_code', '=', this.tenantCode)
      .orderBy('id')
      .execute()) as Row[];
    return rows.map((r) => toPublication(this.database, r));
  }

  /**
   * What changes whenever a publication of the tenant does: the number of publications and the
   * sum of their versions (a version only grows, publications are never removed).
   */
  async stamp(): Promise<string> {
    const row = (await this.db
      .selectFrom(PUBLICATION_TABLE)
      .select([sql<number>`count(*)`.as('n'), sql<number>`coalesce(sum(version), 0)`.as('v')])
      .where('tenant_code', '=', this.tenantCode)
      .executeTakeFirst()) as Row | undefined;
    return `${Number(row?.n ?? 0)}:${Number(row?.v ?? 0)}`;
  }

  async byForm(formId: number): Promise<Publication | undefined> {
    const row = (await this.db
      .selectFrom(PUBLICATION_TABLE)
      .selectAll()
      .where('tenant_code', '=', this.tenantCode)
      .where('form_id', '=', formId)
      .executeTakeFirst()) as Row | undefined;
    return row ? toPublication(this.database, row) : undefined;
  }

  async byName(name: string): Promise<Publication | undefined> {
    const row = (await this.db
      .selectFrom(PUBLICATION_TABLE)
      .selectAll()
      .where('tenant_code', '=', this.tenantCode)
      .where('name', '=', name)
      .executeTakeFirst()) as Row | undefined;
    return row ? toPublication(this.database, row) : undefined;
  }

  /** Store a publication (a new one, or the form's publication with its next version); answers it. */
  async save(p: Omit<Publication, 'id' | 'version' | 'updateTime'>, now: Date, existing?: Publication): Promise<Publication> {
    const values: Row = {
      name: p.name,
      service: p.service,
      path: p.path,
      form_id: p.formId,
      document: this.database.dialect.toDb('json', p.document),
      status: p.status,
      published_by: p.publishedBy,
      update_time: this.database.dialect.toDb('datetime', now.toISOString()),
    };
    if (existing) {
      await this.db
        .updateTable(PUBLICATION_TABLE)
        .set({ ...values, version: existing.version + 1 })
        .where('tenant_code', '=', this.tenantCode)
        .where('id', '=', existing.id)
        .execute();
    } else {
      await this.db
        .insertInto(PUBLICATION_TABLE)
        .values({ ...values, tenant_code: this.tenantCode, version: 1 })
        .execute();
    }
    return (await this.byName(p.name))!;
  }

  /**
   * The publications of deleted forms (unpublished, since a published form is not deleted)
   * keep their records but no longer belong to a form (form_id 0): a form published under
   * the same name later takes them over.
   */
  async release(formIds: number[]): Promise<void> {
    if (!formIds.length) return;
    await this.db
      .updateTable(PUBLICATION_TABLE)
      .set({ form_id: 0 })
      .where('tenant_code', '=', this.tenantCode)
      .where('form_id', 'in', formIds)
      .execute();
  }

  /** Hide or show a publication again (its version grows, so every process reloads it). */
  async setStatus(p: Publication, status: PublicationStatus, now: Date): Promise<void> {
    await this.db
      .updateTable(PUBLICATION_TABLE)
      .set({ status, version: p.version + 1, update_time: this.database.dialect.toDb('datetime', now.toISOString()) })
      .where('tenant_code', '=', this.tenantCode)
      .where('id', '=', p.id)
      .execute();
  }

  /** The record keys stored under a resource key in this tenant, with how many records hold a value for each. */
  async heldFields(key: string): Promise<Map<string, number>> {
    const rows =
      this.database.dialect.name === 'sqlite'
        ? await sql<Row>`select j.key as k, count(*) as n from ${sql.table(DOCUMENT_TABLE)} d, json_each(d.data) j
            where d.tenant_code = ${this.tenantCode} and d.resource_key = ${key} and j.type <> 'null' group by j.key`.execute(this.db)
        : await sql<Row>`select j.key as k, count(*) as n from ${sql.table(DOCUMENT_TABLE)} d, jsonb_each(d.data) j
            where d.tenant_code = ${this.tenantCode} and d.resource_key = ${key} and jsonb_typeof(j.value) <> 'null' group by j.key`.execute(
            this.db,
          );
    return new Map(rows.rows.map((r) => [String(r.k), Number(r.n)]));
  }

  /** The records stored under a resource key in this tenant: id and values (API form), `after` an id, `limit` at a time. */
  async records(key: string, after: number, limit: number): Promise<{ id: number; data: Row }[]> {
    const rows = (await this.db
      .selectFrom(DOCUMENT_TABLE)
      .select(['id', 'data'])
      .where('tenant_code', '=', this.tenantCode)
      .where('resource_key', '=', key)
      .where('id', '>', after)
      .orderBy('id')
      .limit(limit)
      .execute()) as Row[];
    return rows.map((r) => ({ id: Number(r.id), data: (this.database.dialect.fromDb('json', r.data) ?? {}) as Row }));
  }

  /**
   * The indexes of a published resource's list (documentIndexes); a unique one that the
   * stored records break fails with the database's unique-violation error.
   */
  async ensureIndexes(r: Resource): Promise<void> {
    for (const index of documentIndexes(this.database.dialect, r, this.tenantCode)) await sql.raw(index.sql).execute(this.db);
  }

  /**
   * Tells every server process on the database that the tenant's publications changed: on
   * PostgreSQL a NOTIFY, sent when the transaction commits (listenForPublications hears it); on
   * SQLite nothing (the processes check the publications' stamp instead).
   */
  async announce(): Promise<void> {
    if (this.database.dialect.name !== 'postgres') return;
    await sql`select pg_notify(${PUBLICATION_CHANNEL}, ${this.tenantCode})`.execute(this.db);
  }

  /** Whether the error is a unique-constraint violation of this database. */
  isUniqueViolation(err: unknown): boolean {
    return this.database.dialect.isUniqueViolation(err);
  }
}

/** What a process does when publications change elsewhere (server-mock/documents/tenantDocuments.ts). */
export interface PublicationNotices {
  /** A tenant's publications changed (a publish or unpublish committed, in any process). */
  changed(tenantCode: string): void;
  /** Whether notices are being heard; false: some may be missed. */
  listening(on: boolean): void;
}

/**
 * Hears the announcements of DocumentStore.announce from every process on the database:
 * PostgreSQL's LISTEN on a connection of its own. On SQLite there are none (answers a no-op stop).
 */
export async function listenForPublications(database: Database, notices: PublicationNotices): Promise<() => Promise<void>> {
  if (!database.listen) return async () => undefined;
  return database.listen(PUBLICATION_CHANNEL, (tenantCode) => notices.changed(tenantCode), notices.listening);
}
