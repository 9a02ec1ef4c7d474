/** The platform's response envelope and the rules that read it (spec 7, 8; platform-api). */
import { RELOGIN_CODES, SUCCESS_STATUS } from '../constants/spec.ts';

export interface Envelope<T = unknown> {
  status?: number | string;
  code?: number | string;
  message?: string;
  data?: T;
}

export interface Page<T> {
  list: T[];
  pagination: { total: number; pageSize: number; current: number };
}

function isEnvelope(body: unknown): body is Envelope {
  return typeof body === 'object' && body !== null && ('status' in body || 'code' in body);
}

/** The numeric code of an envelope (`code` and `status` alike); undefined for "ok" and others. */
export function envelopeCode(body: unknown): number | undefined {
  if (!isEnvelope(body)) return undefined;
  for (const value of [body.code, body.status]) {
    if (typeof value === 'number') return value;
    if (typeof value === 'string' && /^\d+$/.test(value)) return Number(value);
  }
  return undefined;
}

/** An envelope whose numeric code is not 200 is a failure; plain objects (OAuth answers) pass. */
export function isFailure(body: unknown): boolean {
  const code = envelopeCode(body);
  return code !== undefined && code !== SUCCESS_STATUS;
}

export function needsRelogin(code: number | undefined): boolean {
  return code !== undefined && RELOGIN_CODES.includes(code);
}

export function envelopeMessage(body: unknown): string | undefined {
  if (!isEnvelope(body)) return undefined;
  return typeof body.message === 'string' && body.message ? body.message : undefined;
}

/** Lists come as a page or a bare array depending on the call. */
export function listOf<T>(data: T[] | Page<T> | undefined | null): T[] {
  if (!data) return [];
  return Array.isArray(data) ? data : (data.list ?? []);
}
