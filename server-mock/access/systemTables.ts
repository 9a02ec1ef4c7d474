/**
 * The server's own tables (server-mock/db/migrate.ts INTERNAL_TABLES) as the type system sees
 * them: sessions, sign-in failures, SMS codes, used captcha keys, password-reset codes and
 * secrets. No resource table is among them, so a query typed over `SystemDb` cannot reach one.
 */
import type { ColumnType, Generated, Kysely } from 'kysely';
import { INTERNAL_TABLES } from '../db/migrate.ts';

/** Whether the server's own tables include this one. */
export function hasSystemTable(name: keyof SystemTables): boolean {
  return INTERNAL_TABLES.some((t) => t.name === name);
}

/** A time: written as an ISO string, read as a Date (PostgreSQL) or a string (SQLite). */
type Time = ColumnType<Date | string, string, string>;
type OptionalTime = ColumnType<Date | string | null, string | null | undefined, string | null>;

export interface SystemTables {
  sys_session: {
    id: Generated<number>;
    jti: string;
    tenant_code: string;
    user_id: number;
    username: string;
    client_code: string;
    ip: string | null;
    user_agent: string | null;
    issued_at: Time;
    expires_at: Time;
    last_seen_at: OptionalTime;
    revoked_at: OptionalTime;
    revoked_reason: string | null;
  };
  sys_login_failure: {
    id: Generated<number>;
    tenant_code: string;
    username: string;
    failed_at: Time;
  };
  sys_sms_captcha: {
    id: Generated<number>;
    mobile: string;
    code: string;
    created_at: Time;
    expires_at: Time;
    used_at: OptionalTime;
  };
  sys_captcha_use: {
    id: Generated<number>;
    nonce: string;
    expires_at: Time;
  };
  sys_password_reset: {
    id: Generated<number>;
    tenant_code: string;
    user_id: number;
    code_hash: string;
    created_at: Time;
    expires_at: Time;
    used_at: OptionalTime;
    wrong_tries: number;
  };
  sys_secret: {
    id: Generated<number>;
    name: string;
    value: string;
  };
}

/** The server's own tables, and nothing else, as the type system sees them. */
export type SystemDb = Kysely<SystemTables>;
