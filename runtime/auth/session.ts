/**
 * Sign-in and session calls (spec 4): both sign-in modes with the lock check and the
 * failure record, user info, authority menu and orgs, log out. Loaded on demand, so the
 * sign-in page's first download does not carry the HTTP client.
 */
import { translator } from '../i18n/translator.ts';
import {
  getSysUser,
  handleFail,
  handleSuccess,
  logout as logoutCall,
  mobileToken,
  passwordToken,
  queryCurrentAuthority,
  registerNewSession,
  type OAuthToken,
} from '../api/auth.ts';
import { querySysOrg } from '../api/account.ts';
import { saveSession, setToken } from './tokenStorage.ts';
import { toastError } from '../feedback/feedback.ts';
import { bindSession } from '../http/request.ts';
import { ApiError } from '../http/apiError.ts';
import type { Envelope } from '../http/envelope.ts';
import { resetRoutes } from '../permission/permissionState.ts';
import { resetPublished } from '../resource/publishedState.ts';
import { loadPublishedResources } from '../resource/publishedResources.ts';
import { applyMenu } from '../permission/applyMenu.ts';
import { resetTags } from '../tags/tagsViewState.ts';
import { resetToken, userState } from './userState.ts';
import { parseDataFields } from '../resource/meta.ts';

bindSession({ roles: () => userState.roles, resetToken });

export interface AccountLogin {
  tenantCode: string;
  username: string;
  password: string;
}

export interface MobileLogin {
  tenantCode: string;
  mobile: string;
  smsCaptcha: string;
}

/** Thrown when sign-in stops after the token call (the account is locked). */
export class SignInRefused extends Error {}

function acceptToken(answer: OAuthToken): void {
  userState.token = answer.access_token;
  setToken(answer.access_token);
}

function lockMessageOf(body: unknown): string {
  const env = body as Envelope<unknown> | undefined;
  if (typeof env?.data === 'string' && env.data.trim()) return env.data;
  return '';
}

/** The lock check after a token was issued: the non-empty answer is the lock message. */
async function lockCheck(username: string, tenantCode: string): Promise<string> {
  try {
    return lockMessageOf(await handleSuccess({ username, tenantCode }));
  } catch (err) {
    if (err instanceof ApiError && err.httpStatus === 400) {
      return lockMessageOf(err.body) || (err.body as Envelope | undefined)?.message || err.message;
    }
    return '';
  }
}

/**
 * Records a failed sign-in and shows the server's message (how many tries are left, or the
 * lock), unless the failed call already showed that very text.
 */
async function recordFailure(username: string, tenantCode: string, failure: unknown): Promise<void> {
  const shown = failure instanceof Error ? failure.message : '';
  const show = (text: string) => {
    if (text && text !== shown) toastError(text);
  };
  try {
    const answer = await handleFail({ username, tenantCode });
    show(lockMessageOf(answer) || (answer.message && answer.message !== 'success' ? answer.message : ''));
  } catch (err) {
    if (err instanceof ApiError) show(lockMessageOf(err.body) || err.message);
  }
}

async function afterToken(username: string, tenantCode: string): Promise<void> {
  const lock = await lockCheck(username, tenantCode);
  if (lock) {
    toastError(lock);
    resetToken();
    throw new SignInRefused(lock);
  }
  // The follow-up call: its answer is ignored.
  void registerNewSession().catch(() => undefined);
  saveSession({ username });
}

export async function login(form: AccountLogin): Promise<void> {
  const tenantCode = form.tenantCode.trim();
  const username = form.username.trim();
  let answer: OAuthToken;
  try {
    answer = await passwordToken({ tenantCode, username, password: form.password });
  } catch (err) {
    await recordFailure(username, tenantCode, err);
    throw err;
  }
  acceptToken(answer);
  await afterToken(username, tenantCode);
}

export async function loginByMobile(form: MobileLogin): Promise<void> {
  const tenantCode = form.tenantCode.trim();
  const mobile = form.mobile.trim();
  let answer: OAuthToken;
  try {
    answer = await mobileToken({ tenantCode, mobile, smsCaptcha: form.smsCaptcha.trim() });
  } catch (err) {
    await recordFailure(mobile, tenantCode, err);
    throw err;
  }
  acceptToken(answer);
  await afterToken(mobile, tenantCode);
}

/** Fetches the user's info; fails when it is missing or has no roles (spec 5). */
export async function getInfo(): Promise<string[]> {
  const answer = await getSysUser();
  const info = answer.data;
  if (!info) throw new Error(translator.t('session.verificationFailed'));
  if (!Array.isArray(info.roles) || info.roles.length === 0) throw new Error(translator.t('session.rolesRequired'));
  Object.assign(userState, {
    roles: info.roles,
    name: info.username,
    avatar: info.avatar ?? '',
    tenantCode: info.tenantCode ?? '',
    tenantName: info.tenantName ?? '',
    id: info.id,
    nickname: info.nickname ?? '',
    phone: info.phone ?? '',
    email: info.email ?? '',
    mobile: info.mobile ?? '',
    geographic: info.geographic,
    address: info.address ?? '',
    profile: info.profile ?? '',
    introduction: info.nickname ?? '',
  });
  saveSession({ role: info.roles.join(','), name: info.nickname || info.username, username: info.username, tenantName: info.tenantName });
  return info.roles;
}

/** Fetches the authority menu (optionally for an organisation or a post) and rebuilds the routes. */
export async function loadAuthority(scope: { parentId?: number; postCode?: string } = {}): Promise<void> {
  const answer = await queryCurrentAuthority({ username: userState.name, userId: userState.id, ...scope });
  userState.menuButton = answer.menuButton ?? [];
  userState.dataFields = parseDataFields((answer as { dataFields?: unknown }).dataFields);
  userState.currentOrgId = scope.parentId;
  userState.currentPostCode = scope.postCode;
  applyMenu(userState.roles, answer.menu ?? []);
}

export async function loadOrgs(): Promise<void> {
  const answer = await querySysOrg();
  userState.orgs = answer.data?.list ?? [];
}

/** Session restore (spec 4): info, authority menu, org list, then the routes. */
export async function restoreSession(): Promise<void> {
  await getInfo();
  // the published resources' metadata and labels are in place before the routes are built
  await Promise.all([loadPublishedResources(), loadAuthority()]);
  await loadOrgs().catch(() => undefined);
}

/** Log out: the server call, then everything of the session, the routes and all tabs. */
export async function logout(): Promise<void> {
  try {
    await logoutCall();
  } finally {
    resetToken();
    resetRoutes();
    resetPublished();
    resetTags();
  }
}
