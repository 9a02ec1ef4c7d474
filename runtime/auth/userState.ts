/** The current user's session state (spec 3). The calls that fill it live in auth/session.ts. */
import { proxy } from 'valtio';
import type { Org } from '../api/account.ts';
import { clearSession, getToken, readSession, removeToken } from './tokenStorage.ts';

export interface UserState {
  token: string | undefined;
  menuButton: string[];
  /** Data permission: the fields hidden from the user, per menu code (queryCurrentAuthority `dataFields`). */
  dataFields: Record<string, string[]>;
  name: string;
  avatar: string;
  tenantCode: string;
  tenantName: string;
  id: number | undefined;
  nickname: string;
  phone: string;
  email: string;
  mobile: string;
  geographic: unknown;
  address: string;
  profile: string;
  introduction: string;
  roles: string[];
  orgs: Org[];
  /** The organisation or post the menu is currently built for (navbar switchers). */
  currentOrgId: number | undefined;
  currentPostCode: string | undefined;
}

export const userState = proxy<UserState>({
  token: getToken(),
  menuButton: [],
  dataFields: {},
  name: '',
  avatar: '',
  tenantCode: '',
  tenantName: readSession('tenantName') ?? '',
  id: undefined,
  nickname: '',
  phone: '',
  email: '',
  mobile: '',
  geographic: undefined,
  address: '',
  profile: '',
  introduction: '',
  roles: [],
  orgs: [],
  currentOrgId: undefined,
  currentPostCode: undefined,
});

/** Clears token, menu buttons and roles (reset token, spec 4) without touching routes or tabs. */
export function resetToken(): void {
  userState.token = undefined;
  userState.menuButton = [];
  userState.dataFields = {};
  userState.roles = [];
  removeToken();
  clearSession(['tenantName', 'role', 'postCode', 'orgId']);
  userState.tenantName = '';
  userState.currentOrgId = undefined;
  userState.currentPostCode = undefined;
}
