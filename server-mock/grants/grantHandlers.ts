/**
 * The grant calls that the generic link calls (linkHandlers.ts: `link.ids`, `link.replace`)
 * cannot express, by handler name (resource files name them in their `calls`):
 * - a menu's buttons as checkbox options and the menu tree with its buttons: answers shaped
 *   for a screen (options, a tree), not the values of a link;
 * - data permissions: each grant carries a value of its own (the hidden fields), checked
 *   against the menu's resources, and un-hiding is judged field by field;
 * - the org-user and user-post trees: another resource's tree with the linked records marked.
 * All go through the caller's tenant data; every change is one transaction.
 */
import type { CallHandler } from '../calls/context.ts';
import { menuButtonCheckbox, menuButtonTree } from './buttonGrants.ts';
import { dataFieldsOfMenu, deleteDataField, menuDataToRole } from './dataGrants.ts';
import { modelOrgUserTree, orgUserTree } from './orgUserTree.ts';
import { userPostTree } from './userPostTree.ts';
import { linkHandlers } from './linkHandlers.ts';

export const grantHandlers: Record<string, CallHandler> = {
  ...linkHandlers,
  'grant.menuButtonCheckbox': menuButtonCheckbox,
  'grant.menuButtonTree': menuButtonTree,
  'grant.dataFieldsOfMenu': dataFieldsOfMenu,
  'grant.deleteDataField': deleteDataField,
  'grant.menuDataToRole': menuDataToRole,
  'grant.orgUserTree': orgUserTree,
  'grant.modelOrgUserTree': modelOrgUserTree,
  'grant.userPostTree': userPostTree,
};
