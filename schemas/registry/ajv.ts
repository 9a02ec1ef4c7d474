/**
 * The one Ajv set-up of the project: the options, the formats (ajv-formats) and the keywords
 * of the resource files. The server (request and record validation, the registry's check of
 * the record schemas) and the console (the record form's validator) build their Ajv here, so
 * that a value the form accepts is a value the server accepts, with the same error keywords
 * and params. No Node.js imports: the console bundles this module.
 *
 * Keywords of the resource files:
 * - x-dict, x-hash, x-auto, x-kind: annotations, they do not validate;
 * - x-notBefore: "<field>": the value may not be before that other field's value (two
 *   date-time, date, integer or number values); its error is
 *   `{keyword: 'x-notBefore', params: {otherField}, message: 'must not be before <field>'}`.
 */
import { Ajv, type FuncKeywordDefinition, type Options, type SchemaValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';

// ajv-formats ships CommonJS with a default export.
const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

/** Keywords of the resource files that annotate and do not validate. */
const ANNOTATION_KEYWORDS = ['x-dict', 'x-hash', 'x-auto', 'x-kind', 'x-partOf'] as const;
/** Every keyword the resource files add to JSON Schema. */
export const CUSTOM_KEYWORDS: readonly string[] = [...ANNOTATION_KEYWORDS, 'x-notBefore'];

/** Options every Ajv of the project starts from (each use may add its own, e.g. coercion). */
export const AJV_OPTIONS = { allErrors: true, strict: false, allowUnionTypes: true } as const satisfies Options;

/** A value as a point on its scale (epoch milliseconds for a date or date-time text), or undefined. */
function ordinal(value: unknown): number | undefined {
  if (typeof value === 'number') return value;
  if (typeof value !== 'string' || value === '') return undefined;
  const n = Date.parse(value);
  return Number.isNaN(n) ? undefined : n;
}

const DAY_MS = 86_400_000;
/** A `format: date` value (a day). */
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Whether `value` is before `bound`. A day (`yyyy-mm-dd`, read as UTC) against a time compares
 * their UTC days, so any time on the day of a date is not before it.
 */
function isBefore(value: unknown, bound: unknown): boolean {
  const v = ordinal(value);
  const b = ordinal(bound);
  if (v === undefined || b === undefined) return false;
  const byDay = typeof value === 'string' && typeof bound === 'string' && DAY.test(value) !== DAY.test(bound);
  return byDay ? Math.floor(v / DAY_MS) < Math.floor(b / DAY_MS) : v < b;
}

/** Params of an x-notBefore error: the field the value may not be before. */
interface NotBeforeParams {
  otherField: string;
}

const notBeforeValidate: SchemaValidateFunction = (otherField: string, data: unknown, _parentSchema, cxt) => {
  const parent = cxt?.parentData;
  if (typeof parent !== 'object' || parent === null) return true;
  if (!isBefore(data, (parent as Record<string, unknown>)[otherField])) return true;
  const params: NotBeforeParams = { otherField };
  notBeforeValidate.errors = [{ keyword: 'x-notBefore', params, message: `must not be before ${otherField}` }];
  return false;
};

const NOT_BEFORE: FuncKeywordDefinition = { keyword: 'x-notBefore', schemaType: 'string', errors: true, validate: notBeforeValidate };

/** Adds the project's formats and keywords to an Ajv (the console's validator builds its own Ajv and extends it here). */
export function addProjectVocabulary<A extends Ajv>(ajv: A): A {
  addFormats(ajv);
  for (const keyword of ANNOTATION_KEYWORDS) ajv.addKeyword({ keyword, schemaType: 'string' });
  ajv.addKeyword(NOT_BEFORE);
  return ajv;
}

/** A new Ajv with the project's options (plus `overrides`), formats and keywords. */
export function createAjv(overrides: Options = {}): Ajv {
  return addProjectVocabulary(new Ajv({ ...AJV_OPTIONS, ...overrides }));
}
