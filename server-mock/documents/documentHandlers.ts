/**
 * The calls of the form generator's saved forms (resource GeneratorForm) that make a form's
 * document a live resource: publish, unpublish, validate, the published resources' metadata,
 * and a delete that refuses published forms. See docs/documents.md.
 */
import type { ValidateFunction } from 'ajv';
import type { Resource, ResourceFile } from '../../schemas/registry/types.ts';
import { checkDocument, mergeMessages, parseDocument, type DocumentIssue, type ResourceDocument } from '../../schemas/registry/document.ts';
import { getMessage, LOCALES, type Locale, type Messages } from '../../schemas/registry/locales.ts';
import { createSchemaAjv } from '../../schemas/registry/loadRegistry.ts';
import { resourceMeta } from '../../schemas/registry/resourceMeta.ts';
import type { Row } from '../db/anyKysely.ts';
import type { TenantData } from '../access/tenantData.ts';
import type { RequestAccess } from '../access/requestAccess.ts';
import type { Publication } from '../access/documentStore.ts';
import { withPrincipal, type CallContext, type CallHandler } from '../calls/context.ts';
import { badRequest, conflict, notFound, type FieldError } from '../http/apiError.ts';
import { crudHandlers, idsToDelete } from '../crud/crudHandlers.ts';
import { recordRow } from '../seed/provisionTenant.ts';
import { invalidateDocuments, publishedResource, tenantDocuments, type TenantDocuments } from './tenantDocuments.ts';

/** Records read at a time when a new schema is checked against the stored ones. */
const MIGRATION_BATCH = 1000;

/** A refusal naming each problem at its JSON pointer (400; 409 when stored records are in the way). */
function issuesError(what: string, issues: DocumentIssue[], make = badRequest): Error {
  const first = issues[0]!;
  const more = issues.length > 1 ? ` (and ${issues.length - 1} more)` : '';
  return make(
    `${what}: ${first.pointer || '/'} ${first.message}${more}`,
    issues.map((i) => ({ field: i.pointer || '/', message: i.message })),
  );
}

function message(ctx: CallContext, key: string, values: Record<string, string>, fallback: string): string {
  const text = getMessage(ctx.services.locales[ctx.locale], key) ?? fallback;
  return text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => values[k] ?? '');
}

async function loadForm(data: TenantData, formR: Resource, id: number): Promise<Row> {
  const row = (await data.select(formR).selectAll().where(`${formR.table}.id`, '=', id).executeTakeFirst()) as Row | undefined;
  if (!row) throw notFound(`No ${formR.name} with id ${id}`);
  return data.toRecord(formR, row);
}

/** The publications a document may not clash with: the tenant's others (this form's own, and those of deleted forms, excepted). */
function othersThan(docs: TenantDocuments, own: Publication | undefined): Resource[] {
  const released = new Set(docs.publications.filter((p) => p.formId === 0).map((p) => p.name));
  return docs.resources.filter((r) => r.name !== own?.name && !released.has(r.name));
}

/** Relations to resources the caller cannot read (their query URL is not granted) are refused. */
async function unreadableRelations(access: RequestAccess, docs: TenantDocuments, r: Resource): Promise<DocumentIssue[]> {
  const issues: DocumentIssue[] = [];
  for (const [field, rel] of Object.entries(r.relations)) {
    const target = docs.registry.byName.get(rel.resource);
    const query = target?.calls.find((c) => c.verb === 'query' || c.verb === 'tree');
    if (!target || !query || !(await access.urlGranted(query.url))) {
      issues.push({ pointer: `/resource/relations/${field}/resource`, message: `you cannot read the resource "${rel.resource}"` });
    }
  }
  return issues;
}

/** Check a document's text as publishing does (the migration aside). */
async function checkContent(
  ctx: CallContext,
  docs: TenantDocuments,
  text: string,
  own: Publication | undefined,
): Promise<{ resource?: Resource; document?: ResourceDocument; issues: DocumentIssue[] }> {
  const { access } = withPrincipal(ctx);
  const parsed = parseDocument(text);
  if (parsed.issues.length) return { issues: parsed.issues };
  const checked = checkDocument(ctx.services.config.schemasDir, parsed.document, {
    registry: ctx.services.registry,
    others: othersThan(docs, own),
    locales: ctx.services.locales,
  });
  if (!checked.resource) return { issues: checked.issues };
  const issues = await unreadableRelations(access, docs, checked.resource);
  if (own && own.name !== checked.resource.name) {
    issues.push({
      pointer: '/resource/name',
      message: `the form is published as ${own.name} and its records are kept under that name: keep the name`,
    });
  }
  const document: ResourceDocument = { resource: (parsed.document as { resource: ResourceFile }).resource, messages: checked.messages! };
  return { resource: checked.resource, document, issues };
}

/**
 * A new schema against the records stored under its name, as a migration is checked: a field
 * that records hold cannot be removed, every stored value must be valid for its field's new
 * schema (a narrowed type, length, range or list of values is refused), and a field made
 * required must be held by every record.
 */
async function migrationIssues(data: TenantData, r: Resource): Promise<DocumentIssue[]> {
  const store = data.documents();
  const held = await store.heldFields(r.name);
  if (held.size === 0) return [];
  const issues: DocumentIssue[] = [];
  for (const [field, n] of held) {
    if (!r.fieldMap.has(field))
      issues.push({
        pointer: '/resource/record/properties',
        message: `${n} stored record(s) hold a value of "${field}": the field cannot be removed`,
      });
  }
  const ajv = createSchemaAjv();
  const validators = new Map<string, ValidateFunction>();
  for (const f of r.fields) if (!f.system && held.has(f.name)) validators.set(f.name, ajv.compile(f.schema));
  const refused = new Map<string, { n: number; example: unknown }>();
  let total = 0;
  for (let after = 0; ;) {
    const batch = await store.records(r.name, after, MIGRATION_BATCH);
    if (!batch.length) break;
    total += batch.length;
    after = batch[batch.length - 1]!.id;
    for (const { data: record } of batch) {
      for (const [name, validate] of validators) {
        const value = record[name];
        if (value === null || value === undefined || validate(value)) continue;
        const entry = refused.get(name) ?? { n: 0, example: value };
        entry.n++;
        refused.set(name, entry);
      }
    }
  }
  for (const [name, { n, example }] of refused) {
    issues.push({
      pointer: `/resource/record/properties/${name}`,
      message: `${n} stored record(s) hold values the new schema of "${name}" refuses (for example ${JSON.stringify(example)}): state a conversion by updating those records first, or keep the old schema`,
    });
  }
  for (const name of r.record.required ?? []) {
    const n = held.get(name) ?? 0;
    if (n < total)
      issues.push({
        pointer: '/resource/record/required',
        message: `${total - n} stored record(s) have no value of "${name}": it cannot become required`,
      });
  }
  return issues;
}

/** Add a row (API names) unless one with the same unique values is there; answers its id either way. */
async function ensureRow(data: TenantData, name: string, record: Row, key: Row, now: Date): Promise<number> {
  const r = data.resource(name);
  const inserted = await data.insertUnlessClash(r, await recordRow(data, r, record, now));
  if (inserted) return Number(inserted.id);
  let q = data.select(r).select(`${r.table}.id`);
  for (const [field, value] of Object.entries(key))
    q = q.where(`${r.table}.${r.fieldMap.get(field)!.column}`, '=', data.dialect.toDb(r.fieldMap.get(field)!.type, value));
  const row = (await q.executeTakeFirstOrThrow()) as Row;
  return Number(row.id);
}

/** The menu entry, buttons and URL rows of a published resource, granted to the roles. */
async function grantPublished(
  tx: TenantData,
  r: Resource,
  roleIds: Map<string, number>,
  parentMenuCode: string,
  title: string,
  now: Date,
): Promise<void> {
  const menuR = tx.resource('SysMenu');
  const menuCode = r.menu!;
  const menuId = await ensureRow(
    tx,
    'SysMenu',
    {
      menuCode,
      menuName: title.slice(0, 64),
      menuTitle: r.labels.title,
      menuIcon: 'form',
      menuPath: `/${r.path}`,
      menuComponent: 'resource',
      menuSequence: 1000,
      menuParent: parentMenuCode,
      menuStatus: 1,
      menuHidden: 0,
    },
    { menuCode },
    now,
  );
  // published again: shown again, under the parent chosen now
  await tx
    .update(menuR)
    .set(tx.toRow(menuR, { menuStatus: 1, menuParent: parentMenuCode, menuPath: `/${r.path}` }))
    .where('id', '=', menuId)
    .execute();
  for (const a of r.actions) {
    await ensureRow(tx, 'SysMenuButton', { menuCode, buttonCode: a.permission, buttonName: a.name }, { buttonCode: a.permission }, now);
  }
  const urlIds: number[] = [];
  for (const c of r.calls) {
    if (c.auth !== 'grant') continue;
    urlIds.push(await ensureRow(tx, 'SysUrl', { url: c.url, description: c.description, method: c.method }, { url: c.url }, now));
  }
  for (const [roleCode, roleId] of roleIds) {
    await ensureRow(tx, 'SysRoleMenu', { roleId, menuId }, { roleId, menuId }, now);
    for (const a of r.actions)
      await ensureRow(tx, 'SysRoleMenuButton', { roleCode, buttonCode: a.permission }, { roleCode, buttonCode: a.permission }, now);
    for (const urlId of urlIds) await ensureRow(tx, 'SysRoleUrl', { roleId, urlId }, { roleId, urlId }, now);
  }
}

async function setMenuStatus(tx: TenantData, menuCode: string, status: number): Promise<void> {
  const menuR = tx.resource('SysMenu');
  await tx
    .update(menuR)
    .set(tx.toRow(menuR, { menuStatus: status }))
    .where(menuR.fieldMap.get('menuCode')!.column, '=', menuCode)
    .execute();
}

async function setFormPublished(tx: TenantData, formR: Resource, id: number, published: boolean, name?: string): Promise<void> {
  const values: Row = { published };
  if (name !== undefined) values.publishedName = name;
  await tx.update(formR).set(tx.toRow(formR, values)).where('id', '=', id).execute();
}

/** The role codes of a saved form's publishRoles (a comma-separated list). */
function publishRolesOf(form: Row): string[] {
  const text = typeof form.publishRoles === 'string' ? form.publishRoles : '';
  return [...new Set(text.split(',').filter((c) => c !== ''))];
}

const publish: CallHandler = async (ctx) => {
  const { data, principal } = withPrincipal(ctx);
  const body = ctx.body as { id: number };
  const formR = ctx.resource;
  const form = await loadForm(data, formR, body.id);
  const docs = await tenantDocuments(ctx.services, data, true);
  const store = data.documents();
  const checked = await checkContent(ctx, docs, String(form.formContent ?? ''), await store.byForm(body.id));
  if (checked.issues.length || !checked.resource)
    throw issuesError(`The form "${String(form.formName)}" cannot be published`, checked.issues);
  const r = checked.resource;
  // this form's publication, or that of a deleted form under the same name, whose records it takes over
  const own = (await store.byForm(body.id)) ?? (await store.byName(r.name));
  // the form's roles and parent menu (its publishRoles and publishParentMenu) must be the tenant's
  const roleCodes = publishRolesOf(form);
  const roleR = data.resource('SysRole');
  const roleRows = roleCodes.length
    ? ((await data
        .select(roleR)
        .select([`${roleR.table}.id`, `${roleR.table}.role_code`])
        .where(`${roleR.table}.role_code`, 'in', roleCodes)
        .execute()) as Row[])
    : [];
  const roleIds = new Map(roleRows.map((x) => [String(x.role_code), Number(x.id)]));
  const unknownRoles = roleCodes.filter((c) => !roleIds.has(c));
  if (unknownRoles.length)
    throw badRequest(`No role ${unknownRoles.join(', ')} in this tenant`, [
      { field: 'publishRoles', message: `unknown role ${unknownRoles.join(', ')}` },
    ]);
  const parent = typeof form.publishParentMenu === 'string' && form.publishParentMenu !== '' ? form.publishParentMenu : '0';
  if (parent !== '0') {
    const menuR = data.resource('SysMenu');
    const found = await data
      .select(menuR)
      .select(`${menuR.table}.id`)
      .where(`${menuR.table}.${menuR.fieldMap.get('menuCode')!.column}`, '=', parent)
      .executeTakeFirst();
    if (!found) throw badRequest(`No menu ${parent} in this tenant`, [{ field: 'publishParentMenu', message: `unknown menu ${parent}` }]);
  }
  const migration = await migrationIssues(data, r);
  if (migration.length)
    throw issuesError(`The form "${String(form.formName)}" would break the stored records of ${r.name}`, migration, conflict);
  const now = ctx.services.now();
  const title = getMessage(checked.document!.messages.en, r.labels.title) ?? getMessage(ctx.services.locales.en, r.labels.title) ?? r.name;
  const published = await data.transaction(async (tx) => {
    const txStore = tx.documents();
    const saved = await txStore.save(
      {
        name: r.name,
        service: r.service,
        path: r.path,
        formId: body.id,
        document: checked.document,
        status: 'live',
        publishedBy: principal.username,
      },
      now,
      own,
    );
    const live = publishedResource(checked.document!.resource, saved.id, saved.version);
    try {
      await txStore.ensureIndexes(live);
    } catch (err) {
      if (txStore.isUniqueViolation(err))
        throw conflict(`Stored records of ${r.name} repeat values of a unique field set: make them unique first`, [
          { field: '/resource/storage/unique', message: 'stored records repeat these values' },
        ]);
      throw err;
    }
    await setFormPublished(tx, formR, body.id, true, r.name);
    await grantPublished(tx, live, roleIds, parent, title, now);
    await txStore.announce();
    return live;
  });
  invalidateDocuments(ctx.services, data.tenantCode);
  return resourceMeta(published);
};

const unpublish: CallHandler = async (ctx) => {
  const { data } = withPrincipal(ctx);
  const { id } = ctx.body as { id: number };
  const formR = ctx.resource;
  const form = await loadForm(data, formR, id);
  const own = await data.documents().byForm(id);
  if (!own || own.status !== 'live') throw conflict(`The form "${String(form.formName)}" is not published`);
  const now = ctx.services.now();
  const r = publishedResource((own.document as ResourceDocument).resource, own.id, own.version);
  await data.transaction(async (tx) => {
    const txStore = tx.documents();
    await txStore.setStatus(own, 'hidden', now);
    await setFormPublished(tx, formR, id, false);
    await setMenuStatus(tx, r.menu!, 0);
    await txStore.announce();
  });
  invalidateDocuments(ctx.services, data.tenantCode);
  return { name: own.name, published: false };
};

/** The designer's live check: the same checks as publishing (the stored records aside), nothing stored. */
const validate: CallHandler = async (ctx) => {
  const { data } = withPrincipal(ctx);
  const body = ctx.body as { formContent: string; id?: number };
  const docs = await tenantDocuments(ctx.services, data);
  const own = body.id === undefined ? undefined : await data.documents().byForm(body.id);
  const checked = await checkContent(ctx, docs, body.formContent, own);
  const errors: FieldError[] = checked.issues.map((i) => ({ field: i.pointer || '/', message: i.message }));
  return { valid: errors.length === 0, errors };
};

/** The live documents whose list the caller may call, as the console's metadata, and their labels. */
const published: CallHandler = async (ctx) => {
  const { data, access } = withPrincipal(ctx);
  const docs = await tenantDocuments(ctx.services, data);
  const resources = [];
  const messages = Object.fromEntries(LOCALES.map((l) => [l, {} as Messages])) as Record<Locale, Messages>;
  for (const r of docs.live) {
    const query = r.calls.find((c) => c.verb === 'query');
    if (!query || !(await access.urlGranted(query.url))) continue;
    resources.push(resourceMeta(r));
    const doc = docs.publications.find((p) => p.name === r.name)?.document as ResourceDocument | undefined;
    for (const l of LOCALES) messages[l] = mergeMessages(messages[l], doc?.messages?.[l] ?? {});
  }
  return { resources, messages };
};

/**
 * A published form is not deleted: it is unpublished first. A deleted form's publication keeps
 * its records for the next form published under its name.
 */
const deleteForm: CallHandler = async (ctx) => {
  const { data } = withPrincipal(ctx);
  const formR = ctx.resource;
  const ids = await idsToDelete(data, formR, ctx.query);
  const publishedCol = formR.fieldMap.get('published')!.column;
  const rows = (await data
    .select(formR)
    .selectAll()
    .where(`${formR.table}.id`, 'in', ids)
    .where(`${formR.table}.${publishedCol}`, '=', data.dialect.toDb('boolean', true))
    .execute()) as Row[];
  if (rows.length) {
    const form = data.toRecord(formR, rows[0]!);
    throw conflict(
      message(
        ctx,
        'resources.GeneratorForm.messages.deletePublished',
        { name: String(form.formName), resource: String(form.publishedName ?? '') },
        'The form is published: unpublish it first',
      ),
    );
  }
  return data.transaction(async (tx) => {
    const answer = await crudHandlers['crud.delete']!({ ...ctx, data: tx });
    await tx.documents().release(ids);
    return answer;
  });
};

export const documentHandlers: Record<string, CallHandler> = {
  'documents.publish': publish,
  'documents.unpublish': unpublish,
  'documents.validate': validate,
  'documents.published': published,
  'documents.deleteForm': deleteForm,
};
