/** The platform's response envelope. */
import type { FieldError } from './apiError.ts';

export interface Envelope<T = unknown> {
  status: number;
  code?: number;
  message: string;
  data?: T;
  errors?: FieldError[];
}

const SUCCESS = 'success';

export function ok<T>(data?: T): Envelope<T> {
  return data === undefined ? { status: 200, message: SUCCESS } : { status: 200, message: SUCCESS, data };
}

export function failure(status: number, message: string, errors?: FieldError[]): Envelope {
  const body: Envelope = { status, code: status, message };
  if (errors?.length) body.errors = errors;
  return body;
}

export interface Page<T> {
  list: T[];
  pagination: { total: number; pageSize: number; current: number };
}
