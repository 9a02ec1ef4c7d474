/**
 * The permission "directives" of the demo: `Permission` shows its children only to the roles
 * it names (the template's v-permission), `ButtonPermission` only when the user holds a button
 * code (the console's button grants, as the resource pages' toolbar uses them).
 */
import type { ReactNode } from 'react';
import { useSnapshot } from 'valtio';
import { userState } from '../../../auth/userState.ts';
import { checkPermission } from './roleCheck.ts';

export function Permission({ roles, children }: { roles: readonly string[]; children: ReactNode }) {
  const user = useSnapshot(userState);
  return checkPermission(user.roles, roles) ? <>{children}</> : null;
}

export function ButtonPermission({ code, children, otherwise = null }: { code: string; children: ReactNode; otherwise?: ReactNode }) {
  const user = useSnapshot(userState);
  return user.menuButton.includes(code) ? <>{children}</> : <>{otherwise}</>;
}
