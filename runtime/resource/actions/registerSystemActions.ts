/**
 * The custom actions of the system pages (schemas/resources/*.json, `kind: "custom"`),
 * registered with the generic resource page, and the data permissions page that shows the
 * data permission resource's actions (it has no list call for the generic page). Every
 * component loads when first opened, with the antd parts it uses.
 */
import { registerComponent } from '../../app/componentRegistry.ts';
import { registerActionComponent } from '../extensions.ts';

export function registerSystemActions(): void {
  // Roles (sys-role.json)
  registerActionComponent('SysRole', 'assignUser', () => import('./RoleAssignUsers.tsx'));
  registerActionComponent('SysRole', 'authorize', () => import('./RoleAuthorize.tsx'));
  // URL permissions (sys-url.json)
  registerActionComponent('SysUrl', 'authorize', () => import('./UrlAuthorizeRoles.tsx'));
  // Users (sys-user.json)
  registerActionComponent('SysUser', 'grantRole', () => import('./UserGrantRole.tsx'));
  registerActionComponent('SysUser', 'addToTenant', () => import('./UserAddToTenant.tsx'));
  registerActionComponent('SysUser', 'online', () => import('./OnlineUsers.tsx'));
  registerActionComponent('SysUser', 'removePrincipal', () => import('./RemovePrincipal.tsx'));
  // Online users (menu component views/onlinesysuser)
  registerComponent('onlinesysuser', () => import('./OnlineUsersPage.tsx'), ['/onlinesysuser']);
  // Data permissions (sys-role-data.json), on their own page (menu component views/datapermission)
  registerComponent('datapermission', () => import('./DataPermissionPage.tsx'), ['/datapermission']);
  registerActionComponent('SysRoleData', 'add', () => import('./DataPermissionAdd.tsx'));
  registerActionComponent('SysRoleData', 'delete', () => import('./DataPermissionDelete.tsx'));
}
