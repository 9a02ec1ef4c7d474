/**
 * The menus page's "data permissions" row action: the chosen menu's data permissions, as the
 * data permissions page lists them (the SysRoleData list, fixed on the menu), with that
 * resource's own add and delete actions for holders of their buttons.
 */
import { useMemo } from 'react';
import { resources } from '../../generated/resources.ts';
import type { ActionComponentProps } from '../extensions.ts';
import EmbeddedList from './EmbeddedList.tsx';

const DATA = resources.SysRoleData!;

export default function MenuDataPermissions({ records, onClose }: ActionComponentProps) {
  const menuCode = String(records[0]?.menuCode ?? '');
  const fixed = useMemo(() => ({ menuCode }), [menuCode]);
  return <EmbeddedList resource={DATA} fixed={fixed} onClose={onClose} />;
}
