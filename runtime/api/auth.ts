/** Sign-in and session calls (platform-api "Sign-in"; spec 7). */
import { OAUTH_BASIC_AUTH, OAUTH_CLIENT_ID, OAUTH_SCOPE } from '../constants/spec.ts';
import type { Envelope } from '../http/envelope.ts';
import { request } from '../http/request.ts';
import type { ServerMenuNode } from '../permission/routeTypes.ts';

export interface OAuthToken {
  access_token: string;
  token_type: string;
  expires_in: number;
  refresh_token?: string;
  scope?: string;
}

const OAUTH_HEADERS = {
  Authorization: OAUTH_BASIC_AUTH,
  'Content-Type': 'application/x-www-form-urlencoded',
};

export function passwordToken(params: { tenantCode: string; username: string; password: string }): Promise<OAuthToken> {
  return request<OAuthToken>({
    method: 'POST',
    url: '/api/uaa/oauth/token',
    params: { ...params, scope: OAUTH_SCOPE, grant_type: 'password', client_id: OAUTH_CLIENT_ID, type: 'account' },
    // An empty form body: the parameters travel in the query string.
    data: '',
    headers: OAUTH_HEADERS,
  });
}

export function mobileToken(params: { tenantCode: string; mobile: string; smsCaptcha: string }): Promise<OAuthToken> {
  return request<OAuthToken>({
    method: 'POST',
    url: '/api/uaa/oauth/token',
    params: { ...params, scope: OAUTH_SCOPE, grant_type: 'mobile', client_id: OAUTH_CLIENT_ID, type: 'mobile' },
    data: '',
    headers: OAUTH_HEADERS,
  });
}

export function getSmsCaptcha(mobile: string): Promise<Envelope> {
  return request<Envelope>({ method: 'GET', url: '/api/account/captcha/getSmsCaptcha', params: { mobile } });
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

export function getSysUser(): Promise<Envelope<SysUserInfo>> {
  return request<Envelope<SysUserInfo>>({ method: 'GET', url: '/api/uaa/users/getSysUser' });
}

export interface CurrentAuthority {
  status: string | number;
  type?: string;
  currentAuthority?: string[];
  menu?: ServerMenuNode[];
  menuButton?: string[];
}

export function queryCurrentAuthority(params: {
  username: string;
  parentId?: number | string;
  postCode?: string;
  userId?: number;
}): Promise<CurrentAuthority> {
  return request<CurrentAuthority>({ method: 'POST', url: '/api/account/sysuserdetail/queryCurrentAuthority', params });
}

export function registerNewSession(): Promise<unknown> {
  return request({ method: 'POST', url: '/api/admin/sysuser/registerNewSession', silent: true });
}

export interface TenantChoice {
  tenantCode: string;
  tenantName: string;
}

export function queryTenantUser(userInfo: string): Promise<Envelope<TenantChoice[]>> {
  return request<Envelope<TenantChoice[]>>({
    method: 'GET',
    url: '/api/admin/sysuser/queryTenantUser',
    params: { userInfo },
    silent: true,
  });
}

/** The lock check after a successful sign-in: a non-empty answer is the lock message. */
export function handleSuccess(params: { username: string; tenantCode: string }): Promise<Envelope<string>> {
  return request<Envelope<string>>({ method: 'GET', url: '/api/admin/sysuser/handleSuccess', params });
}

/** Records a failed sign-in; the answer's message (if any) says how close the lock is. */
export function handleFail(params: { username: string; tenantCode: string }): Promise<Envelope<string>> {
  return request<Envelope<string>>({ method: 'GET', url: '/api/admin/sysuser/handleFail', params, silent: true });
}

export function logout(): Promise<unknown> {
  return request({ method: 'POST', url: '/api/uaa/oauth/logout', silent: true });
}

export function compareCaptcha(charCaptcha: string): Promise<Envelope> {
  return request<Envelope>({ method: 'POST', url: '/api/account/sysuserdetail/compareCaptcha', params: { charCaptcha } });
}

export function retrievePassword(params: { email: string; charCaptcha: string }): Promise<Envelope> {
  return request<Envelope>({ method: 'POST', url: '/api/account/sysuserdetail/retrievePassword', params });
}

export interface RegisterForm {
  tenantCode: string;
  username: string;
  password: string;
  email: string;
  mobile: string;
  nickname?: string;
}

export function registerAccountInitial(form: RegisterForm): Promise<Envelope> {
  const data = new FormData();
  for (const [k, v] of Object.entries(form)) if (v !== undefined) data.append(k, String(v));
  return request<Envelope>({ method: 'POST', url: '/api/admin/sysuser/registerAccountInitial', data });
}
