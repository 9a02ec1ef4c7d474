/**
 * Generic look-up calls a resource file can declare without server code (docs/resources.md):
 * - `lookup.options` {valueField, labelField}: every record as {label, value}, by label;
 * - `lookup.byField` {field, value?}: the records whose field equals the fixed value, or the
 *   query parameter of that name, presented like a list (labels, data permissions);
 * - `lookup.dict` {dictType}: the tenant's dictionary entries of a type as {label, value}.
 * Everything reads the caller's tenant only.
 */
import type { FieldDef, Resource } from '../../schemas/registry/types.ts';
import { getMessage, type Locale } from '../../schemas/registry/locales.ts';
import { withPrincipal, type CallContext, type CallHandler } from '../calls/context.ts';
import { hiddenFor, present } from '../crud/crudHandlers.ts';
import type { Row } from '../db/anyKysely.ts';
import { badRequest, forbidden } from '../http/apiError.ts';

/** The dictionary resource and its fields. */
const DICT = { resource: 'SysDict', type: 'dictType', value: 'dictValue', name: 'dictName', sequence: 'dictSequence' } as const;

interface LookupOption {
  label: unknown;
  value: unknown;
}

/** A text option of the call, as the resource file gives it. */
function textOption(ctx: CallContext, name: string): string | undefined {
  const v = ctx.call.options[name];
  if (v === undefined) return undefined;
  if (typeof v !== 'string' || !v) throw new Error(`Call ${ctx.call.url}: option "${name}" must be a non-empty string`);
  return v;
}

function requiredOption(ctx: CallContext, name: string): string {
  const v = textOption(ctx, name);
  if (v === undefined) throw new Error(`Call ${ctx.call.url} (${ctx.call.handler}) needs the option "${name}"`);
  return v;
}

function fieldOf(ctx: CallContext, r: Resource, name: string): FieldDef {
  const f = r.fieldMap.get(name);
  if (!f || f.secret) throw new Error(`Call ${ctx.call.url}: resource ${r.name} has no readable field "${name}"`);
  return f;
}

const collators = new Map<Locale, Intl.Collator>();
/** Labels sort as a reader of the caller's language expects (pinyin order in Chinese). */
function collator(locale: Locale): Intl.Collator {
  let c = collators.get(locale);
  if (!c) {
    c = new Intl.Collator(locale === 'tw' ? 'zh-Hant' : locale, { numeric: true, sensitivity: 'base' });
    collators.set(locale, c);
  }
  return c;
}

function tableOf(ctx: CallContext): Resource {
  const r = ctx.resource;
  if (r.kind === 'service') throw new Error(`Call ${ctx.call.url}: ${ctx.call.handler} needs a resource with a table`);
  return r;
}

/** lookup.options: every record of the resource as {label, value}, sorted by label. */
const options: CallHandler = async (ctx) => {
  const { data } = withPrincipal(ctx);
  const r = tableOf(ctx);
  const vf = fieldOf(ctx, r, requiredOption(ctx, 'valueField'));
  const lf = fieldOf(ctx, r, requiredOption(ctx, 'labelField'));
  const hidden = await hiddenFor(ctx, r);
  if (hidden.has(vf.name)) throw forbidden(`The field ${vf.name} of ${r.name} is hidden from your roles`);
  const rows = (await data
    .select(r)
    .select([`${r.table}.${vf.column} as v`, `${r.table}.${lf.column} as l`])
    .orderBy(`${r.table}.id`, 'asc')
    .execute()) as Row[];
  const list: LookupOption[] = rows.map((row) => {
    const value = data.dialect.fromDb(vf.type, row.v);
    const label = hidden.has(lf.name) ? value : data.dialect.fromDb(lf.type, row.l);
    return { label, value };
  });
  const c = collator(ctx.locale);
  return list.sort(
    (a, b) => c.compare(String(a.label ?? ''), String(b.label ?? '')) || c.compare(String(a.value ?? ''), String(b.value ?? '')),
  );
};

function invalid(name: string, message: string): never {
  throw badRequest(`${name} ${message}`, [{ field: name, message }]);
}

/** A parameter value as the field's type stores it. */
function fieldValue(f: FieldDef, raw: unknown): unknown {
  const text = typeof raw === 'string' ? raw.trim() : raw;
  switch (f.type) {
    case 'integer': {
      const n = typeof text === 'string' && /^-?\d{1,16}$/.test(text) ? Number(text) : text;
      if (typeof n !== 'number' || !Number.isSafeInteger(n)) invalid(f.name, 'must be an integer');
      return n;
    }
    case 'number': {
      const n = typeof text === 'string' && text !== '' ? Number(text) : text;
      if (typeof n !== 'number' || !Number.isFinite(n)) invalid(f.name, 'must be a number');
      return n;
    }
    case 'boolean': {
      if (text === true || text === 1 || text === '1' || text === 'true') return true;
      if (text === false || text === 0 || text === '0' || text === 'false') return false;
      return invalid(f.name, 'must be true or false');
    }
    case 'datetime': {
      const t = typeof text === 'string' && /^\d{4}-\d{2}-\d{2}/.test(text) ? Date.parse(text) : NaN;
      if (Number.isNaN(t)) invalid(f.name, 'must be a date');
      return new Date(t).toISOString();
    }
    case 'date': {
      if (typeof text !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(text) || Number.isNaN(Date.parse(text)))
        invalid(f.name, 'must be a date (YYYY-MM-DD)');
      return text;
    }
    case 'json':
      throw new Error(`lookup.byField cannot match the JSON field ${f.name}`);
    default:
      if (typeof text !== 'string' && typeof text !== 'number') invalid(f.name, 'must be a text');
      return String(text);
  }
}

/** lookup.byField: records whose field equals the fixed value or the query parameter of that name. */
const byField: CallHandler = async (ctx) => {
  const { data } = withPrincipal(ctx);
  const r = tableOf(ctx);
  const f = fieldOf(ctx, r, requiredOption(ctx, 'field'));
  const fixed = 'value' in ctx.call.options;
  const raw = fixed ? ctx.call.options.value : ctx.query[f.name];
  if (raw === undefined || raw === null || raw === '') {
    if (fixed) throw new Error(`Call ${ctx.call.url}: option "value" is empty`);
    invalid(f.name, 'is required');
  }
  // Matching on a field hidden from the caller would reveal it.
  if (!fixed && (await hiddenFor(ctx, r)).has(f.name)) throw forbidden(`The field ${f.name} of ${r.name} is hidden from your roles`);
  let q = data
    .select(r)
    .selectAll()
    .where(`${r.table}.${f.column}`, '=', data.dialect.toDb(f.type, fieldValue(f, raw)));
  const seq = r.list.tree?.sequenceField;
  if (seq) q = q.orderBy(`${r.table}.${r.fieldMap.get(seq)!.column}`, 'asc');
  const rows = (await q.orderBy(`${r.table}.id`, 'asc').execute()) as Row[];
  return present(ctx, data, r, rows);
};

/**
 * lookup.dict: the entries of a dictionary type, by sequence. A name left as seeded (the
 * English text of `dict.<type>.<value>`) is given in the caller's language.
 */
const dict: CallHandler = async (ctx) => {
  const { data } = withPrincipal(ctx);
  const fromOption = textOption(ctx, 'dictType');
  const raw = fromOption ?? ctx.query.dictType;
  if (typeof raw !== 'string' || raw.trim() === '') invalid('dictType', 'is required');
  const dictType = raw.trim();
  const r = data.resource(DICT.resource);
  const col = (name: string) => `${r.table}.${r.fieldMap.get(name)!.column}`;
  let q = data.select(r).selectAll().where(col(DICT.type), '=', dictType);
  if (r.fieldMap.has(DICT.sequence)) q = q.orderBy(col(DICT.sequence), 'asc');
  const rows = (await q.orderBy(`${r.table}.id`, 'asc').execute()) as Row[];
  const en = ctx.services.locales.en;
  const mine = ctx.services.locales[ctx.locale];
  return rows.map((row): LookupOption => {
    const rec = data.toRecord(r, row);
    const key = `dict.${dictType}.${String(rec[DICT.value])}`;
    const seeded = en && getMessage(en, key) === rec[DICT.name];
    const label = seeded && mine ? (getMessage(mine, key) ?? rec[DICT.name]) : rec[DICT.name];
    return { label, value: rec[DICT.value] };
  });
};

export const lookupHandlers: Record<string, CallHandler> = {
  'lookup.options': options,
  'lookup.byField': byField,
  'lookup.dict': dict,
};
