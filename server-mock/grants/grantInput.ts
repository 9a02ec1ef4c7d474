/**
 * The parameters of the grant calls, read from the query string and the body alike (the
 * platform sends some of them one way, some the other), checked whatever the call's schema
 * declared: ids are positive integers, codes non-empty text, lists arrays or comma-separated
 * text. A bad value is a 400 naming the field.
 */
import type { CallContext } from '../calls/context.ts';
import type { Row } from '../db/anyKysely.ts';
import { badRequest } from '../http/apiError.ts';

/** Longest code accepted in a parameter (codes are short identifiers). */
const MAX_CODE_LENGTH = 255;
/** Most values accepted in one list parameter. */
export const MAX_LIST_LENGTH = 10_000;

/** Query string and body of the call as one object (body values win). */
export function callInput(ctx: CallContext): Row {
  const body = ctx.body;
  if (body !== undefined && body !== null && (typeof body !== 'object' || Array.isArray(body))) {
    throw badRequest('The request body must be a JSON object', [{ field: '(body)', message: 'must be an object' }]);
  }
  return { ...ctx.query, ...((body as Row | undefined) ?? {}) };
}

function missing(name: string): never {
  throw badRequest(`${name} is required`, [{ field: name, message: 'is required' }]);
}

function isAbsent(v: unknown): boolean {
  return v === undefined || v === null || v === '';
}

function toId(name: string, v: unknown): number {
  const n = typeof v === 'string' && /^\s*\d{1,16}\s*$/.test(v) ? Number(v) : v;
  if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < 1) {
    throw badRequest(`${name} must be a positive integer`, [{ field: name, message: 'must be a positive integer' }]);
  }
  return n;
}

function toCode(name: string, v: unknown): string {
  const s = typeof v === 'number' && Number.isFinite(v) ? String(v) : v;
  if (typeof s !== 'string' || s.trim() === '')
    throw badRequest(`${name} must be a non-empty text`, [{ field: name, message: 'must be a non-empty text' }]);
  if (s.length > MAX_CODE_LENGTH)
    throw badRequest(`${name} is too long`, [{ field: name, message: `must be at most ${MAX_CODE_LENGTH} characters` }]);
  return s.trim();
}

export function idParam(input: Row, name: string): number;
export function idParam(input: Row, name: string, optional: true): number | undefined;
export function idParam(input: Row, name: string, optional = false): number | undefined {
  const v = input[name];
  if (isAbsent(v)) return optional ? undefined : missing(name);
  return toId(name, v);
}

/** A required text, as sent (its length checked by the call's schema). */
export function textParam(input: Row, name: string): string {
  const v = input[name];
  if (isAbsent(v) || typeof v !== 'string') return missing(name);
  return v;
}

export function codeParam(input: Row, name: string): string;
export function codeParam(input: Row, name: string, optional: true): string | undefined;
export function codeParam(input: Row, name: string, optional = false): string | undefined {
  const v = input[name];
  if (isAbsent(v)) return optional ? undefined : missing(name);
  return toCode(name, v);
}

/** A list: a JSON array, or comma-separated text in a query string. Absent means empty. Duplicates are dropped. */
function listOf(input: Row, name: string): unknown[] {
  const v = input[name];
  if (v === undefined || v === null) return [];
  const items = Array.isArray(v) ? v : typeof v === 'string' ? (v.trim() === '' ? [] : v.split(',')) : [v];
  if (items.length > MAX_LIST_LENGTH)
    throw badRequest(`${name} has too many items`, [{ field: name, message: `must have at most ${MAX_LIST_LENGTH} items` }]);
  return items;
}

export function idList(input: Row, name: string): number[] {
  return [...new Set(listOf(input, name).map((v, i) => toId(`${name}[${i}]`, v)))];
}

export function codeList(input: Row, name: string): string[] {
  return [...new Set(listOf(input, name).map((v, i) => toCode(`${name}[${i}]`, v)))];
}

/** assign: "1" (or absent) the granted ones, "0" the others. */
export function assignParam(input: Row): boolean {
  const v = input.assign;
  if (isAbsent(v)) return true;
  const s = String(v);
  if (s === '1' || s === 'true') return true;
  if (s === '0' || s === 'false') return false;
  throw badRequest('assign must be "1" or "0"', [{ field: 'assign', message: 'must be "1" or "0"' }]);
}

/** assign as an optional filter: undefined when absent. */
export function optionalAssign(input: Row): boolean | undefined {
  return isAbsent(input.assign) ? undefined : assignParam(input);
}
