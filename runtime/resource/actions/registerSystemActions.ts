/**
 * The custom actions of the system pages (schemas/resources/*.json, `kind: "custom"`),
 * registered with the generic resource page. Every component loads when first opened, with
 * the antd parts it uses. An action with an `assign` section is the generic assign action
 * (AssignLinks.tsx), which its section configures.
 */
import { registerActionComponent, type ActionComponentLoader } from '../extensions.ts';

const assign: ActionComponentLoader = () => import('./AssignLinks.tsx');

export function registerSystemActions(): void {
  // Roles (sys-role.json): users (assign: the organisation tree), menus, buttons and URLs
  registerActionComponent('SysRole', 'assignUser', assign);
  registerActionComponent('SysRole', 'authorize', () => import('./RoleAuthorize.tsx'));
  // URL permissions (sys-url.json): roles (assign: checkboxes)
  registerActionComponent('SysUrl', 'authorize', assign);
  // Users (sys-user.json): roles per post (assign: a transfer)
  registerActionComponent('SysUser', 'grantRole', assign);
  registerActionComponent('SysUser', 'addToTenant', () => import('./UserAddToTenant.tsx'));
  registerActionComponent('SysUser', 'online', () => import('./OnlineUsers.tsx'));
  registerActionComponent('SysUser', 'removePrincipal', () => import('./RemovePrincipal.tsx'));
  registerActionComponent('SysUser', 'unlock', () => import('./UnlockUser.tsx'));
  // Menus (sys-menu.json): a menu's data permissions
  registerActionComponent('SysMenu', 'dataFields', () => import('./MenuDataPermissions.tsx'));
  // Online users (sys-online-user.json, the /onlinesysuser page)
  registerActionComponent('SysOnlineUser', 'removePrincipal', () => import('./RemovePrincipal.tsx'));
  // Data permissions (sys-role-data.json, the /datapermission page: rows of the menu chosen in its filter tree)
  registerActionComponent('SysRoleData', 'add', () => import('./DataPermissionAdd.tsx'));
  registerActionComponent('SysRoleData', 'delete', () => import('./DataPermissionDelete.tsx'));
  // Tenants (sys-tenant.json): a deleted tenant's restore, within its grace period
  registerActionComponent('SysTenant', 'restore', () => import('./TenantRestore.tsx'));
  // Saved forms (generator-form.json): publish a form as a live resource, or hide it again
  registerActionComponent('GeneratorForm', 'publish', async () => ({ default: (await import('./GeneratorFormPublish.tsx')).PublishForm }));
  registerActionComponent('GeneratorForm', 'unpublish', async () => ({
    default: (await import('./GeneratorFormPublish.tsx')).UnpublishForm,
  }));
}
