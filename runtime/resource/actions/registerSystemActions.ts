/**
 * The custom actions of the system pages (schemas/resources/*.json, `kind: "custom"`),
 * registered with the generic resource page. Every component loads when first opened, with
 * the antd parts it uses. An action with an `assign` section (the links of a record: a role's
 * users, a URL's roles, a user's roles per post) or a `run` section needs no registration: the
 * generic page shows AssignLinks.tsx or CallAction.tsx for it (ActionHost.tsx).
 */
import { registerActionComponent } from '../extensions.ts';

export function registerSystemActions(): void {
  // Roles (sys-role.json): menus, buttons and URLs
  registerActionComponent('SysRole', 'authorize', () => import('./RoleAuthorize.tsx'));
  // Users (sys-user.json)
  registerActionComponent('SysUser', 'addToTenant', () => import('./UserAddToTenant.tsx'));
  registerActionComponent('SysUser', 'online', () => import('./OnlineUsers.tsx'));
  registerActionComponent('SysUser', 'removePrincipal', () => import('./RemovePrincipal.tsx'));
  registerActionComponent('SysUser', 'unlock', () => import('./UnlockUser.tsx'));
  registerActionComponent('SysUser', 'resetPassword', () => import('./ResetPassword.tsx'));
  // Menus (sys-menu.json): a menu's data permissions
  registerActionComponent('SysMenu', 'dataFields', () => import('./MenuDataPermissions.tsx'));
  // Online users (sys-online-user.json, the /onlinesysuser page)
  registerActionComponent('SysOnlineUser', 'removePrincipal', () => import('./RemovePrincipal.tsx'));
  // Data permissions (sys-role-data.json, the /datapermission page: rows of the menu chosen in its filter tree)
  registerActionComponent('SysRoleData', 'add', () => import('./DataPermissionAdd.tsx'));
  registerActionComponent('SysRoleData', 'delete', () => import('./DataPermissionDelete.tsx'));
  // Tenants (sys-tenant.json): a deleted tenant's restore, within its grace period
  registerActionComponent('SysTenant', 'restore', () => import('./TenantRestore.tsx'));
  // Saved forms (generator-form.json): publish a form as a live resource, hide it again (its Design is an open action)
  registerActionComponent('GeneratorForm', 'publish', async () => ({ default: (await import('./GeneratorFormPublish.tsx')).PublishForm }));
  registerActionComponent('GeneratorForm', 'unpublish', async () => ({
    default: (await import('./GeneratorFormPublish.tsx')).UnpublishForm,
  }));
}
