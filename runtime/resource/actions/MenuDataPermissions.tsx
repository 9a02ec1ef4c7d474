/**
 * The menus page's "data permissions" row action: the chosen menu's data permissions, as the
 * data permissions page lists them (the SysRoleData list, fixed on the menu), with that
 * resource's own add and delete actions for holders of their buttons.
 */
import { useMemo } from 'react';
import { Button } from 'antd';
import { useSnapshot } from 'valtio';
import { resources } from '../../generated/resources.ts';
import { useTranslation } from '../../i18n/translator.ts';
import { userState } from '../../stores/user.ts';
import type { ActionComponentProps } from '../extensions.ts';
import { hiddenFieldsFor } from '../meta.ts';
import ResourceList from '../ResourceList.tsx';

const DATA = resources.SysRoleData!;

export default function MenuDataPermissions({ records, onClose }: ActionComponentProps) {
  const { t } = useTranslation();
  const { dataFields } = useSnapshot(userState);
  const hidden = useMemo(() => hiddenFieldsFor(DATA, dataFields), [dataFields]);
  const menuCode = String(records[0]?.menuCode ?? '');
  const fixed = useMemo(() => ({ menuCode }), [menuCode]);
  return (
    <>
      <ResourceList resource={DATA} hidden={hidden} fixed={fixed} presets={fixed} compact />
      <div style={{ textAlign: 'right' }}>
        <Button onClick={() => onClose(false)}>{t('common.close')}</Button>
      </div>
    </>
  );
}
