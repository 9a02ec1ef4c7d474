/**
 * Sign-in, session and own-account handlers, by the names the resource files give them
 * (oauth.json, captcha.json, uaa-user.json, sys-user-detail.json, sys-user.json).
 */
import type { CallHandler } from '../calls/context.ts';
import { token } from './signIn.ts';
import { smsCaptcha } from './smsCaptcha.ts';
import { handleFail, handleSuccess, queryTenantUser } from './signInChecks.ts';
import { currentAuthority } from './currentAuthority.ts';
import { getSysUser, updateDetail, updatePassword } from '../account/ownAccount.ts';
import { logout, online, registerNewSession, removePrincipal } from '../sessions/sessionHandlers.ts';
import { currentPosts } from '../account/currentPosts.ts';
import { addToTenant } from '../users/addToTenant.ts';
import { unlockUser } from '../users/unlockUser.ts';

export const authHandlers: Record<string, CallHandler> = {
  'auth.token': token,
  'auth.smsCaptcha': smsCaptcha,
  'auth.queryTenantUser': queryTenantUser,
  'auth.handleSuccess': handleSuccess,
  'auth.handleFail': handleFail,
  'auth.getSysUser': getSysUser,
  'auth.currentAuthority': currentAuthority,
  'auth.registerNewSession': registerNewSession,
  'auth.updatePassword': updatePassword,
  'auth.logout': logout,
  'account.updateDetail': updateDetail,
  'account.currentPosts': currentPosts,
  'session.online': online,
  'session.removePrincipal': removePrincipal,
  'user.addToTenant': addToTenant,
  'user.unlock': unlockUser,
};
