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
import { readSession, saveSession, setToken } from './tokenStorage.ts';
import { closeToast, toastError } from '../feedback/feedback.ts';
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

bindSession({ roles: () => userState.roles, postCode: () => userState.currentPostCode, resetToken });

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
 * The key of the sign-in page's failure toast: each failure replaces the one before (a run of
 * wrong passwords and the lock show one toast), and a successful sign-in closes it.
 */
const SIGN_IN_TOAST_KEY = 'sign-in-failure';

/**
 * Records a failed sign-in and shows one message. The failed token call's own reason comes
 * first: it already says how many tries are left or that the account is locked, and it is the
 * only one to say that the account is disabled (the failure report, which knows nothing of the
 * password, would answer "wrong username or password" to a disabled account's right password).
 * Without a reason from the token call, the failure report's answer is shown.
 */
async function recordFailure(username: string, tenantCode: string, failure: unknown): Promise<void> {
  let text = failure instanceof ApiError ? lockMessageOf(failure.body) || failure.message : '';
  try {
    const answer = await handleFail({ username, tenantCode });
    text ||= lockMessageOf(answer) || (answer.message && answer.message !== 'success' ? answer.message : '');
  } catch (err) {
    if (err instanceof ApiError) text ||= lockMessageOf(err.body) || err.message;
  }
  text ||= failure instanceof Error ? failure.message : '';
  if (text) toastError(text, SIGN_IN_TOAST_KEY);
}

async function afterToken(username: string, tenantCode: string): Promise<void> {
  const lock = await lockCheck(username, tenantCode);
  if (lock) {
    toastError(lock, SIGN_IN_TOAST_KEY);
    resetToken();
    throw new SignInRefused(lock);
  }
  closeToast(SIGN_IN_TOAST_KEY);
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

/**
 * Fetches the authority menu (optionally for an organisation or a post) and rebuilds the routes.
 * A post makes the roles granted for it (and those granted for no post) the roles in force:
 * the menu, the buttons and the data permissions are theirs, and every following request
 * carries the post (the PostCode header) so that the server grants the same. The choice is kept
 * in session storage and survives a reload; no post returns to every role of the user.
 */
export async function loadAuthority(scope: { parentId?: number; postCode?: string } = {}): Promise<void> {
  // the authority call itself is made for the post asked (not the one in force before)
  const headers = { PostCode: scope.postCode ?? '' };
  const answer = await queryCurrentAuthority({ username: userState.name, userId: userState.id, ...scope }, headers);
  userState.menuButton = answer.menuButton ?? [];
  userState.dataFields = parseDataFields((answer as { dataFields?: unknown }).dataFields);
  userState.currentOrgId = scope.parentId;
  userState.currentPostCode = scope.postCode;
  saveSession({ postCode: scope.postCode, orgId: scope.parentId === undefined ? undefined : String(scope.parentId) });
  // the pages that register with the first route generation (kept out of the sign-in page's download)
  (await import('../permission/registerLatePages.ts')).registerLatePages();
  applyMenu(scope.postCode ? (answer.currentAuthority ?? []) : userState.roles, answer.menu ?? []);
}

/** The organisation and post chosen before a reload (session storage). */
function savedScope(): { parentId?: number; postCode?: string } {
  const scope: { parentId?: number; postCode?: string } = {};
  const postCode = readSession('postCode');
  const orgId = Number(readSession('orgId'));
  if (postCode) scope.postCode = postCode;
  if (Number.isInteger(orgId) && orgId > 0) scope.parentId = orgId;
  return scope;
}

/** The button that grants the organisation list (`querySysOrg`, sys-org.json's query action). */
const ORG_QUERY_BUTTON = 'sysorg:query';

/**
 * The organisation list of the navbar's switcher, for users who may list organisations: a
 * user without `sysorg:query` (the visitor, a new role) is not asked for it and sees no
 * switcher. The call is silent: a grant of the button without its URL leaves the list empty
 * rather than toasting on every load.
 */
export async function loadOrgs(): Promise<void> {
  if (!userState.menuButton.includes(ORG_QUERY_BUTTON)) {
    userState.orgs = [];
    return;
  }
  const answer = await querySysOrg();
  userState.orgs = answer.data?.list ?? [];
}

/** Session restore (spec 4): info, authority menu (with the buttons), org list, then the routes. */
export async function restoreSession(): Promise<void> {
  await getInfo();
  // the published resources' metadata and labels are in place before the routes are built
  await Promise.all([loadPublishedResources(), loadAuthority(savedScope())]);
  await loadOrgs().catch(() => {
    userState.orgs = [];
  });
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
