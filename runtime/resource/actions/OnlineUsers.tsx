/**
 * The users page's "online users" action: the online users list (resource SysOnlineUser, the
 * same list as the /onlinesysuser page) in the action's dialog, with its force sign-out.
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

const ONLINE = resources.SysOnlineUser!;

export default function OnlineUsers({ onClose }: ActionComponentProps) {
  const { t } = useTranslation();
  const { dataFields } = useSnapshot(userState);
  const hidden = useMemo(() => hiddenFieldsFor(ONLINE, dataFields), [dataFields]);
  return (
    <>
      <ResourceList resource={ONLINE} hidden={hidden} compact />
      <div style={{ textAlign: 'right' }}>
        <Button onClick={() => onClose(false)}>{t('common.close')}</Button>
      </div>
    </>
  );
}
