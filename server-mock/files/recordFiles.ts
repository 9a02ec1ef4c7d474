/**
 * The file of a record's `upload` field, for whoever may read the record (docs/files.md,
 * "Files of records"): `downloadRecordFile` and `previewRecordFile` name the record
 * (`resource`, `recordId`, `field`), not the file. They answer the file the field holds when
 *
 * - the resource is served in the caller's tenant (a file resource, or a live document of the
 *   tenant) and the field is of the `upload` kind;
 * - the caller holds the resource's query URL (the grant that lets them list its records) and
 *   no data permission hides the field from their roles (403 otherwise);
 * - the record is one of the caller's tenant and its field holds the id of a file (not a
 *   folder) of that tenant that is still stored (404 "The file could not be found" otherwise).
 *
 * So a file attached to a record can be read by every reader of the record, whoever uploaded
 * it; once the field holds another file, or the record is deleted, the call no longer finds
 * it. The netdisc's own calls (fileHandlers.ts) still serve a file only to its owner and the
 * users it is shared with. Every statement runs on the caller's TenantData.
 */
import type { Resource } from '../../schemas/registry/types.ts';
import type { Row } from '../db/anyKysely.ts';
import { withPrincipal, type CallContext, type CallHandler, type RawResult } from '../calls/context.ts';
import { badRequest, forbidden, notFound } from '../http/apiError.ts';
import { hiddenFor } from '../crud/hiddenFields.ts';
import { tenantDocuments, type TenantDocuments } from '../documents/tenantDocuments.ts';
import { FILE_NOT_FOUND } from './fileRules.ts';
import { fileOf, sendFile } from './fileHandlers.ts';

/** The resource the call names, as served in the caller's tenant (undefined: none, or an unpublished document). */
async function servedResource(ctx: CallContext, name: string): Promise<{ r: Resource; docs: TenantDocuments } | undefined> {
  const { data } = withPrincipal(ctx);
  const docs = await tenantDocuments(ctx.services, data);
  const r = docs.registry.byName.get(name);
  if (!r || (r.document && !docs.live.includes(r))) return undefined;
  return { r, docs };
}

/** The stored file row the record's upload field holds, once the caller is found to be a reader of the record. */
async function attachedFile(ctx: CallContext): Promise<Row> {
  const { data, access } = withPrincipal(ctx);
  const name = String(ctx.query.resource);
  const fieldName = String(ctx.query.field);
  const recordId = Number(ctx.query.recordId);
  const served = await servedResource(ctx, name);
  const field = served?.r.fieldMap.get(fieldName);
  if (!served || !field || field.kind !== 'upload') {
    throw badRequest(`${name} has no upload field ${fieldName}`, [{ field: 'field', message: 'is no upload field of the resource' }]);
  }
  const { r, docs } = served;
  const query = r.calls.find((c) => c.verb === 'query');
  if (!query || !(await access.urlGranted(query.url))) throw forbidden(`You may not read the records of ${r.name}`);
  if ((await hiddenFor(ctx, r)).has(fieldName)) {
    throw forbidden(`The field ${fieldName} of ${r.name} is hidden from your roles by a data permission`);
  }
  const records = data.withRegistry(docs.registry);
  const row = (await records
    .select(r)
    .select(`${r.table}.${field.column} as file`)
    .where(`${r.table}.id`, '=', recordId)
    .executeTakeFirst()) as Row | undefined;
  const fileId = row ? Number(records.dialect.fromDb(field.type, row.file)) : NaN;
  if (!Number.isInteger(fileId) || fileId < 1) throw notFound(FILE_NOT_FOUND);
  return fileOf(data, fileId);
}

async function recordFile(ctx: CallContext, disposition: 'attachment' | 'inline'): Promise<RawResult> {
  const row = await attachedFile(ctx);
  return sendFile(ctx, withPrincipal(ctx).data, row, disposition);
}

export const recordFileHandlers: Record<string, CallHandler> = {
  'file.recordDownload': (ctx) => recordFile(ctx, 'attachment'),
  'file.recordPreview': (ctx) => recordFile(ctx, 'inline'),
};
