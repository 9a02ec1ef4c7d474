/**
 * Sign-in and session calls (platform-api "Sign-in"; spec 7), typed for the console over
 * the generated client.
 */
import { OAUTH_BASIC_AUTH, OAUTH_CLIENT_ID, OAUTH_SCOPE } from '../constants/spec.ts';
import type { Envelope } from '../http/envelope.ts';
import type { RegisterAccountInitialBody } from '../generated/types.ts';
import type { ServerMenuNode } from '../permission/routeTypes.ts';
import { platform, SILENT } from './platform.ts';

export interface OAuthToken {
  access_token: string;
  token_type: string;
  expires_in: number;
  refresh_token?: string;
  scope?: string;
}

/** Basic client auth and a form content type; the parameters travel in the query string. */
/** The token call: silent, the sign-in shows its failure once (auth/session.ts). */
const OAUTH_OPTIONS = {
  headers: { ...SILENT.headers, Authorization: OAUTH_BASIC_AUTH, 'Content-Type': 'application/x-www-form-urlencoded' },
};

export async function passwordToken(params: { tenantCode: string; username: string; password: string }): Promise<OAuthToken> {
  const api = await platform();
  const answer = await api.token(
    { ...params, scope: OAUTH_SCOPE, grant_type: 'password', client_id: OAUTH_CLIENT_ID, type: 'account' },
    OAUTH_OPTIONS,
  );
  return answer as unknown as OAuthToken;
}

export async function mobileToken(params: { tenantCode: string; mobile: string; smsCaptcha: string }): Promise<OAuthToken> {
  const api = await platform();
  const answer = await api.token(
    { ...params, scope: OAUTH_SCOPE, grant_type: 'mobile', client_id: OAUTH_CLIENT_ID, type: 'mobile' },
    OAUTH_OPTIONS,
  );
  return answer as unknown as OAuthToken;
}

export async function getSmsCaptcha(mobile: string): Promise<Envelope> {
  return (await platform()).getSmsCaptcha({ mobile });
}

export interface SysUserInfo {
  id: number;
  username: string;
  nickname?: string;
  avatar?: string;
  roles: string[];
  tenantCode?: string;
  tenantName?: string;
  phone?: string;
  mobile?: string;
  email?: string;
  geographic?: unknown;
  address?: string;
  profile?: string;
}

export async function getSysUser(): Promise<Envelope<SysUserInfo>> {
  return (await (await platform()).getSysUser()) as Envelope<SysUserInfo>;
}

export interface CurrentAuthority {
  status: string | number;
  type?: string;
  currentAuthority?: string[];
  menu?: ServerMenuNode[];
  menuButton?: string[];
}

export async function queryCurrentAuthority(
  params: {
    username: string;
    parentId?: number;
    postCode?: string;
    userId?: number;
  },
  headers?: Record<string, string>,
): Promise<CurrentAuthority> {
  return (await (await platform()).queryCurrentAuthority(params, headers && { headers })) as unknown as CurrentAuthority;
}

export async function registerNewSession(): Promise<unknown> {
  return (await platform()).registerNewSession(undefined, undefined, SILENT);
}

export interface TenantChoice {
  tenantCode: string;
  tenantName: string;
}

export async function queryTenantUser(userInfo: string): Promise<Envelope<TenantChoice[]>> {
  return (await (await platform()).queryTenantUser({ userInfo }, SILENT)) as Envelope<TenantChoice[]>;
}

/** The lock check after a successful sign-in: a non-empty answer is the lock message. */
export async function handleSuccess(params: { username: string; tenantCode: string }): Promise<Envelope<string>> {
  return (await (await platform()).handleSuccess(params)) as Envelope<string>;
}

/** Records a failed sign-in; the answer's message (if any) says how close the lock is. */
export async function handleFail(params: { username: string; tenantCode: string }): Promise<Envelope<string>> {
  return (await (await platform()).handleFail(params, SILENT)) as Envelope<string>;
}

export async function logout(): Promise<unknown> {
  return (await platform()).logout(undefined, undefined, SILENT);
}

export interface CharCaptcha {
  /** Goes back with the answer (compareCaptcha, retrievePassword). */
  key: string;
  /** An SVG data URL. */
  image: string;
  expiresAt: string;
}

export async function getCharCaptcha(): Promise<CharCaptcha> {
  const answer = (await (await platform()).getCharCaptcha(undefined, SILENT)) as Envelope<CharCaptcha>;
  return answer.data!;
}

/** Checks the characters; a wrong answer spends the key (load a new captcha). Failures are the caller's to show. */
export async function compareCaptcha(params: { charCaptcha: string; captchaKey: string }): Promise<Envelope> {
  return (await platform()).compareCaptcha(params, SILENT);
}

/** Mails a single-use reset code to the tenant's user with this email; spends the captcha. */
export async function retrievePassword(params: {
  tenantCode: string;
  email: string;
  charCaptcha: string;
  captchaKey: string;
}): Promise<Envelope> {
  return (await platform()).retrievePassword(params, SILENT);
}

/** Sets a new password with the mailed reset code; ends every session of the user. Failures are the caller's to show. */
export async function resetPassword(body: { tenantCode: string; email: string; code: string; newPassword: string }): Promise<Envelope> {
  return (await platform()).resetPassword(body, SILENT);
}

export type RegisterForm = RegisterAccountInitialBody;

/** Self-registration (a visitor of the tenant). Failures are the caller's to show. */
export async function registerAccountInitial(form: RegisterForm): Promise<Envelope> {
  return (await platform()).registerAccountInitial(form, SILENT);
}
