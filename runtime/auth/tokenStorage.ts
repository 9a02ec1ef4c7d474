/** The token cookie and the session-storage values of spec section 3. */
import Cookies from 'js-cookie';
import { SESSION_NAME_KEY, SESSION_ROLE_KEY, SESSION_TENANT_NAME_KEY, SESSION_USERNAME_KEY, TOKEN_COOKIE } from '../constants/spec.ts';

export function getToken(): string | undefined {
  return Cookies.get(TOKEN_COOKIE) || undefined;
}

export function setToken(token: string): void {
  Cookies.set(TOKEN_COOKIE, token, { sameSite: 'lax' });
}

export function removeToken(): void {
  Cookies.remove(TOKEN_COOKIE);
}

export interface SessionValues {
  role?: string;
  name?: string;
  username?: string;
  tenantName?: string;
  /** The post chosen in the header (the post in force), and the organisation its list is limited to. */
  postCode?: string;
  orgId?: string;
}

const KEYS: Record<keyof SessionValues, string> = {
  role: SESSION_ROLE_KEY,
  name: SESSION_NAME_KEY,
  username: SESSION_USERNAME_KEY,
  tenantName: SESSION_TENANT_NAME_KEY,
  postCode: 'postCode',
  orgId: 'orgId',
};

export function saveSession(values: SessionValues): void {
  for (const [k, v] of Object.entries(values) as [keyof SessionValues, string | undefined][]) {
    if (v === undefined) sessionStorage.removeItem(KEYS[k]);
    else sessionStorage.setItem(KEYS[k], v);
  }
}

export function readSession(key: keyof SessionValues): string | undefined {
  return sessionStorage.getItem(KEYS[key]) ?? undefined;
}

export function clearSession(keys: readonly (keyof SessionValues)[]): void {
  for (const k of keys) sessionStorage.removeItem(KEYS[k]);
}
