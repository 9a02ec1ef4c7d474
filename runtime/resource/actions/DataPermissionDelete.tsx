/**
 * Data permissions page, "delete" (row action): asks the spec's question with the row's role,
 * menu and fields; OK removes the role's data permission on that menu (deleteDataField).
 */
import { useState } from 'react';
import { Descriptions } from 'antd';
import { useTranslation } from '../../i18n/translator.ts';
import { toastSuccess } from '../../feedback/feedback.ts';
import type { ActionComponentProps } from '../extensions.ts';
import { ActionFooter, NoRecord } from './ActionParts.tsx';
import { client } from './grantApi.ts';

export default function DataPermissionDelete({ resource, records, onClose }: ActionComponentProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const record = records[0];
  const roleCode = typeof record?.roleCode === 'string' ? record.roleCode : '';
  const menuCode = typeof record?.menuCode === 'string' ? record.menuCode : '';
  if (!roleCode || !menuCode) return <NoRecord onClose={() => onClose(false)} />;

  const remove = async () => {
    setBusy(true);
    try {
      await (await client()).deleteDataField({ menuCode, roleCode });
      toastSuccess(t('resourceActions.dataPermission.deleted'));
      onClose(true);
    } catch {
      setBusy(false); // the HTTP client showed why
    }
  };

  const label = (field: string) => t(resource.labels.fields[field] ?? field);
  return (
    <div className="resource-action" data-testid="data-permission-delete">
      <p className="resource-action-hint">{t('resourceActions.dataPermission.confirmDelete')}</p>
      <Descriptions
        size="small"
        column={1}
        bordered
        items={[
          { key: 'roleCode', label: label('roleCode'), children: roleCode },
          { key: 'menuCode', label: label('menuCode'), children: menuCode },
          { key: 'dataFields', label: label('dataFields'), children: String(record?.dataFields ?? '') },
        ]}
      />
      <ActionFooter
        onCancel={() => onClose(false)}
        onOk={() => void remove()}
        okText={t('resourceActions.dataPermission.delete')}
        danger
        busy={busy}
      />
    </div>
  );
}
