/**
 * The role switch of the permission demo pages (spec 4): the chosen role's token is the role
 * plus "-token"; the mock API's user info for that token gives the roles, the authority menu
 * is asked again and the routes are generated from the new roles, and every tab is closed.
 *
 * The roles only change what the console shows: the platform server never grants more than
 * the signed-in user holds (a RoleCode the user does not have is ignored), and a reload
 * brings back the user's own roles.
 */
import { proxy } from 'valtio';
import { loadAuthority } from '../../../auth/session.ts';
import { resetTags } from '../../../tags/tagsViewState.ts';
import { userState } from '../../../auth/userState.ts';
import { ADMIN_ROLE } from '../../../constants/spec.ts';
import { mockGet } from '../mockClient.ts';
import { roleToken } from './roleCheck.ts';

/** The roles the switch offers (the template's admin and editor). */
export const SWITCHABLE_ROLES = [ADMIN_ROLE, 'ROLE_EDITOR'] as const;

export const roleSwitchState = proxy({
  /** The token of the role switched to; undefined while the user's own roles apply. */
  token: undefined as string | undefined,
});

/** Switches the console to `role`; answers the roles now in effect. */
export async function changeRoles(role: string): Promise<string[]> {
  const token = roleToken(role);
  const info = await mockGet<{ roles: string[] }>('user/info', { token });
  roleSwitchState.token = token;
  userState.roles = [...info.roles];
  await loadAuthority();
  resetTags();
  return info.roles;
}
