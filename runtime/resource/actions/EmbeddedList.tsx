/**
 * Another resource's generic list inside a custom action's dialog (the users page's online
 * users, the menus page's data permissions), with the caller's data permissions applied, the
 * page's fixed filters, and a Close button.
 */
import { useMemo } from 'react';
import { Button } from 'antd';
import { useSnapshot } from 'valtio';
import type { ResourceMeta } from '../../generated/resources.ts';
import { useTranslation } from '../../i18n/translator.ts';
import { userState } from '../../auth/userState.ts';
import { hiddenFieldsFor } from '../meta.ts';
import ResourceList from '../ResourceList.tsx';

export interface EmbeddedListProps {
  resource: ResourceMeta;
  /** Filters the list is fixed on (also the presets of its add form and its custom actions). */
  fixed?: Readonly<Record<string, string | number>>;
  onClose(changed: boolean): void;
}

export default function EmbeddedList({ resource, fixed, onClose }: EmbeddedListProps) {
  const { t } = useTranslation();
  const { dataFields } = useSnapshot(userState);
  const hidden = useMemo(() => hiddenFieldsFor(resource, dataFields), [resource, dataFields]);
  return (
    <>
      <ResourceList resource={resource} hidden={hidden} fixed={fixed} presets={fixed} compact />
      <div style={{ textAlign: 'right' }}>
        <Button onClick={() => onClose(false)}>{t('common.close')}</Button>
      </div>
    </>
  );
}
