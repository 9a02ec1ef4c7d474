/** The detail view of a record: every field the user may see, with labels, dictionary labels, formatted dates and rich text sanitised. */
import { Descriptions, Drawer } from 'antd';
import type { ResourceMeta } from '../generated/resources.ts';
import { useTranslation } from '../i18n/translator.ts';
import { detailFields } from './columns.ts';
import { renderCell } from './cells.tsx';
import type { ResourceRecord } from './extensions.ts';

export interface DetailDrawerProps {
  resource: ResourceMeta;
  record: ResourceRecord;
  hidden: ReadonlySet<string>;
  onClose(): void;
}

export default function DetailDrawer({ resource, record, hidden, onClose }: DetailDrawerProps) {
  const { t } = useTranslation();
  const fields = detailFields(resource, hidden);
  return (
    <Drawer
      open
      size={560}
      title={t('resource.detailTitle', { title: t(resource.labels.title) })}
      onClose={onClose}
      destroyOnHidden
      closable={{ 'aria-label': t('common.close') }}
    >
      <Descriptions
        column={1}
        bordered
        size="small"
        data-testid="resource-detail"
        items={fields.map((f) => ({ key: f.field, label: t(f.label), children: renderCell(resource, f, record, 'detail') }))}
      />
    </Drawer>
  );
}
