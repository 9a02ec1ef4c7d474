/**
 * The grant calls of the permission pages by handler name (resource files name them in their
 * `calls`): roles and users, menus, buttons, data fields and URLs of roles, and the two trees
 * used to choose them. All go through the caller's tenant data; every change is one transaction.
 */
import type { CallHandler } from '../calls/context.ts';
import { rolesOfUser, rolesToUser, usersToRole } from './roleUserGrants.ts';
import { menusOfRole, menusToRole } from './menuGrants.ts';
import { checkedMenuButton, menuButtonCheckbox, menuButtonsOfRole, menuButtonsToRole, menuButtonTree } from './buttonGrants.ts';
import { dataFieldsOfMenu, deleteDataField, menuDataToRole } from './dataGrants.ts';
import { rolesOfUrl, rolesToUrl, urlsOfRole, urlsToRole } from './urlGrants.ts';
import { orgUserTree } from './orgUserTree.ts';
import { userPostTree } from './userPostTree.ts';

export const grantHandlers: Record<string, CallHandler> = {
  'grant.rolesOfUser': rolesOfUser,
  'grant.rolesToUser': rolesToUser,
  'grant.usersToRole': usersToRole,
  'grant.menusOfRole': menusOfRole,
  'grant.menusToRole': menusToRole,
  'grant.menuButtonCheckbox': menuButtonCheckbox,
  'grant.checkedMenuButton': checkedMenuButton,
  'grant.menuButtonTree': menuButtonTree,
  'grant.menuButtonsOfRole': menuButtonsOfRole,
  'grant.menuButtonsToRole': menuButtonsToRole,
  'grant.dataFieldsOfMenu': dataFieldsOfMenu,
  'grant.deleteDataField': deleteDataField,
  'grant.menuDataToRole': menuDataToRole,
  'grant.rolesOfUrl': rolesOfUrl,
  'grant.urlsOfRole': urlsOfRole,
  'grant.rolesToUrl': rolesToUrl,
  'grant.urlsToRole': urlsToRole,
  'grant.orgUserTree': orgUserTree,
  'grant.userPostTree': userPostTree,
};
