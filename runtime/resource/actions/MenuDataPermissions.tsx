/**
 * The menus page's "data permissions" row action: the chosen menu's data permissions, as the
 * data permissions page lists them (the SysRoleData list, fixed on the menu), with that
 * resource's own add and delete actions for holders of their buttons.
 */
import { useMemo } from 'react';
import type { ActionComponentProps } from '../extensions.ts';
import { useRegistry } from '../registryContext.tsx';
import EmbeddedList from './EmbeddedList.tsx';

export default function MenuDataPermissions({ records, onClose }: ActionComponentProps) {
  const menuCode = String(records[0]?.menuCode ?? '');
  const fixed = useMemo(() => ({ menuCode }), [menuCode]);
  const data = useRegistry().SysRoleData;
  if (!data) throw new Error('The registry has no SysRoleData resource');
  return <EmbeddedList resource={data} fixed={fixed} onClose={onClose} />;
}
