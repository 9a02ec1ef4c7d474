/**
 * The two generic link calls (schemas/registry/links.ts), configured by the resource files:
 * - `link.ids`: the values linked to one record (the menus of a role, the roles of a URL);
 * - `link.replace`: make them exactly the values sent, in one transaction.
 * The call's `options.link` names the link ("SysRole.users"); its parameters take the names of
 * the link rows' fields, as the platform's calls do: the owner is `through.recordKey` (roleId,
 * userId, urlId, roleCode), the values `through.valueKey` (userId[], roleId[], menuId[],
 * buttonCode[]), each scope field (postCode) and the `within` field (menuCode) their own name.
 * Every id or code is checked to exist in the caller's tenant (else 400 naming it, nothing
 * changed); every read and write goes through the caller's TenantData; a replace is judged by
 * access/manageRules.ts (guardLinkChange) before it writes.
 */
import type { FieldType, LinkDef, Resource } from '../../schemas/registry/types.ts';
import { findLink, readLinkCallOptions, type LinkCallOptions } from '../../schemas/registry/links.ts';
import { guardLinkChange } from '../access/manageRules.ts';
import type { TenantData } from '../access/tenantData.ts';
import { withPrincipal, type CallContext, type CallHandler } from '../calls/context.ts';
import type { Row } from '../db/anyKysely.ts';
import { badRequest } from '../http/apiError.ts';
import { assignParam, callInput, codeList, codeParam, idList, idParam } from './grantInput.ts';
import { applyLinks, assertExist, assertOne, fieldOf, grantTransaction, planLinks, recordsWhere, type ReplaceSpec } from './linkRows.ts';

/** A link call's link, resolved against the registry. */
interface Link {
  options: LinkCallOptions;
  def: LinkDef;
  owner: Resource;
  /** The owner's field the link rows hold (id or a unique code). */
  ownerField: string;
  target: Resource;
  rows: Resource;
}

function linkOf(ctx: CallContext): Link {
  const { value: options } = readLinkCallOptions(ctx.call.handler, ctx.call.options);
  const registry = ctx.services.registry;
  const ref = options && findLink(registry.byName, options.link);
  // The registry refused a file whose link call names no link (schemas/registry/normalise/links.ts).
  if (!options || !ref) throw new Error(`Call ${ctx.call.url}: options.link names no link`);
  return {
    options,
    def: ref.link,
    owner: ref.owner,
    ownerField: ref.link.recordField ?? 'id',
    target: registry.byName.get(ref.link.resource)!,
    rows: registry.byName.get(ref.link.through.resource)!,
  };
}

/** A parameter naming one record by a field: a positive integer for an id, a code otherwise. */
function oneParam(input: Row, name: string, type: FieldType, optional: boolean): number | string | undefined {
  if (type === 'integer') return optional ? idParam(input, name, true) : idParam(input, name);
  return optional ? codeParam(input, name, true) : codeParam(input, name);
}

function listParam(input: Row, name: string, type: FieldType): (number | string)[] {
  return type === 'integer' ? idList(input, name) : codeList(input, name);
}

/** The scope values given (postCode), each checked through the link resource's relation; absent ones undefined. */
async function scopeOf(data: TenantData, l: Link, input: Row): Promise<Row> {
  const scope: Row = {};
  for (const field of l.def.scope ?? []) {
    const value = oneParam(input, field, fieldOf(l.rows, field).type, true);
    if (value !== undefined) {
      const rel = l.rows.relations[field]!;
      await assertOne(data, data.resource(rel.resource), rel.valueField, value, field);
    }
    scope[field] = value;
  }
  return scope;
}

interface Within {
  field: string;
  value: number | string;
  /** The linked resource's records inside it. */
  records: Row[];
}

/** The `within` value (a menu), checked through the linked resource's relation, and the records inside it (its buttons). */
async function withinOf(data: TenantData, l: Link, input: Row): Promise<Within | undefined> {
  const field = l.options.within;
  if (field === undefined) return undefined;
  const value = oneParam(input, field, fieldOf(l.target, field).type, false)!;
  const rel = l.target.relations[field]!;
  await assertOne(data, data.resource(rel.resource), rel.valueField, value, field);
  return { field, value, records: await recordsWhere(data, l.target, { [field]: value }) };
}

/** Distinct values in ascending order (numbers by value, codes as text). */
function ascending(values: unknown[]): unknown[] {
  const distinct = [...new Map(values.map((v) => [String(v), v])).values()];
  return distinct.every((v) => typeof v === 'number') ? (distinct as number[]).sort((a, b) => a - b) : distinct.map(String).sort();
}

const pick = (rec: Row, fields: string[]): Row => Object.fromEntries(fields.map((f) => [f, rec[f]]));

/**
 * link.ids: the values linked to the owner (of the scope given, within the `within` value),
 * ascending. With `fields`, the linked records' fields instead, and with assign "0" the
 * records not linked. With `ownerOptional` and no owner, every value (every record).
 */
const linkIds: CallHandler = async (ctx) => {
  const { data } = withPrincipal(ctx);
  const l = linkOf(ctx);
  const input = callInput(ctx);
  const { recordKey, valueKey } = l.def.through;
  const owner = oneParam(input, recordKey, fieldOf(l.owner, l.ownerField).type, l.options.ownerOptional === true);
  const assign = assignParam(input);
  if (owner !== undefined) await assertOne(data, l.owner, l.ownerField, owner, recordKey);
  const scope = await scopeOf(data, l, input);
  const within = await withinOf(data, l, input);
  const fields = l.options.fields;
  const candidates = async () => within?.records ?? (await recordsWhere(data, l.target, {}));
  if (owner === undefined) {
    const all = await candidates();
    return fields ? all.map((rec) => pick(rec, fields)) : ascending(all.map((rec) => rec[l.def.valueField]));
  }
  const inside = within && new Set(within.records.map((rec) => String(rec[l.def.valueField])));
  const linked = (await recordsWhere(data, l.rows, { ...scope, [recordKey]: owner }))
    .map((rec) => rec[valueKey])
    .filter((v) => !inside || inside.has(String(v)));
  if (!fields && assign) return ascending(linked);
  const held = new Set(linked.map(String));
  const chosen = (await candidates()).filter((rec) => held.has(String(rec[l.def.valueField])) === assign);
  return fields ? chosen.map((rec) => pick(rec, fields)) : ascending(chosen.map((rec) => rec[l.def.valueField]));
};

/** 400 naming the values that are not inside the `within` value (buttons of another menu). */
function assertInside(l: Link, within: Within, wanted: unknown[], param: string): void {
  const inside = new Set(within.records.map((rec) => String(rec[l.def.valueField])));
  const outside = wanted.filter((v) => !inside.has(String(v)));
  if (outside.length === 0) return;
  const list = outside.map((v) => JSON.stringify(v)).join(', ');
  const what = `${outside.length > 1 ? 'are not' : 'is not'} ${l.target.name} records of ${within.field} ${JSON.stringify(within.value)}`;
  throw badRequest(`${list} ${what}`, [{ field: param, message: `${list} ${what}` }]);
}

/**
 * link.replace: the owner's links (of the scope given, within the `within` value) become
 * exactly the values sent; links outside the scope or `within` are left alone, kept links keep
 * their creation time, new ones carry the scope's values.
 */
const linkReplace: CallHandler = async (ctx) => {
  const { data, principal } = withPrincipal(ctx);
  const l = linkOf(ctx);
  const input = callInput(ctx);
  const { recordKey, valueKey } = l.def.through;
  const owner = oneParam(input, recordKey, fieldOf(l.owner, l.ownerField).type, false)!;
  const wanted = listParam(input, valueKey, fieldOf(l.target, l.def.valueField).type);
  await grantTransaction(data, async (tx) => {
    await assertOne(tx, l.owner, l.ownerField, owner, recordKey);
    const scope = await scopeOf(tx, l, input);
    const within = await withinOf(tx, l, input);
    if (within) assertInside(l, within, wanted, valueKey);
    await assertExist(tx, l.target, l.def.valueField, wanted, valueKey);
    const spec: ReplaceSpec = {
      link: l.rows,
      scope: { ...scope, [recordKey]: owner },
      key: valueKey,
      wanted,
      within: within?.records.map((rec) => rec[l.def.valueField]),
      now: ctx.services.now(),
    };
    const plan = await planLinks(tx, spec);
    const change = {
      link: l.rows,
      owner: l.owner,
      ownerField: l.ownerField,
      ownerValue: owner,
      target: l.target,
      targetField: l.def.valueField,
      changed: [...plan.added, ...plan.removed],
    };
    await guardLinkChange(tx, principal, change, () => applyLinks(tx, spec, plan));
  });
  return undefined;
};

export const linkHandlers: Record<string, CallHandler> = {
  'link.ids': linkIds,
  'link.replace': linkReplace,
};
