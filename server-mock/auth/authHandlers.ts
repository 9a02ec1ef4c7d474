/** Sign-in, session and own-account handlers by the names resource files use. */
import type { CallHandler } from '../calls/context.ts';
import { handleFail, handleSuccess, queryTenantUser, smsCaptcha, token } from './signIn.ts';
import {
  addToTenant,
  currentAuthority,
  getSysUser,
  logout,
  online,
  registerNewSession,
  removePrincipal,
  updateDetail,
  updatePassword,
} from './sessionHandlers.ts';

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
  'session.online': online,
  'session.removePrincipal': removePrincipal,
  'user.addToTenant': addToTenant,
};
