/**
 * The detail view of a record: every field the user may see that holds a value (no internal
 * key, no empty row), with labels, dictionary labels,
 * formatted dates and rich text sanitised, then the resource's detail panels (a diagram, comments,
 * history: `list.detailPanels`), loaded with their first use. Shown in a drawer from a list's row,
 * and on its own on a record route (RecordView.tsx).
 */
import { lazy, Suspense } from 'react';
import { Descriptions, Drawer, Space, Spin } from 'antd';
import { useSnapshot } from 'valtio';
import type { DetailPanelSpec } from '../generated/fileTypes.ts';
import type { ResourceMeta } from '../generated/resources.ts';
import { userState } from '../auth/userState.ts';
import { useTranslation } from '../i18n/translator.ts';
import { detailRows } from './columns.ts';
import { renderCell } from './cells.tsx';
import type { ResourceRecord } from './extensions.ts';

const DetailPanels = lazy(() => import('./DetailPanels.tsx'));

export interface DetailDrawerProps {
  resource: ResourceMeta;
  record: ResourceRecord;
  hidden: ReadonlySet<string>;
  onClose(): void;
}

/** The button that lets a user read the audit log, and with it every record's history. */
const HISTORY_BUTTON = 'auditlog:query';

/**
 * The panels of a record's detail: the resource's own, then, for a record of an entity and a
 * user who may read the audit log, its history (the audit log's rows of the record, newest first).
 */
function useDetailPanels(resource: ResourceMeta): DetailPanelSpec[] {
  const { menuButton } = useSnapshot(userState);
  const own = resource.list.detailPanels ?? [];
  if (resource.kind !== 'entity' || !menuButton.includes(HISTORY_BUTTON)) return own;
  const history: DetailPanelSpec = {
    kind: 'list',
    call: 'querySysAuditLog',
    params: { recordId: 'id' },
    fixed: { resourceName: resource.name, pageSize: 50 },
    resource: 'SysAuditLog',
    title: 'resources.SysAuditLog.panels.history',
  };
  return [...own, history];
}

export function DetailContent({ resource, record, hidden }: Omit<DetailDrawerProps, 'onClose'>) {
  const { t } = useTranslation();
  const fields = detailRows(resource, record, hidden);
  const panels = useDetailPanels(resource);
  return (
    // Focusable, so that a keyboard can scroll a long detail (the drawer's body holds no control).
    <Space orientation="vertical" size="middle" style={{ width: '100%' }} tabIndex={0} role="region" aria-label={t(resource.labels.title)}>
      <Descriptions
        column={1}
        bordered
        size="small"
        data-testid="resource-detail"
        items={fields.map((f) => ({ key: f.field, label: t(f.label), children: renderCell(resource, f, record, 'detail') }))}
      />
      {panels.length > 0 && (
        <Suspense fallback={<Spin />}>
          <DetailPanels resource={resource} record={record} panels={panels} />
        </Suspense>
      )}
    </Space>
  );
}

export default function DetailDrawer({ resource, record, hidden, onClose }: DetailDrawerProps) {
  const { t } = useTranslation();
  const wide = useDetailPanels(resource).length > 0;
  return (
    <Drawer
      open
      size={wide ? 820 : 560}
      title={t('resource.detailTitle', { title: t(resource.labels.title) })}
      onClose={onClose}
      destroyOnHidden
      closable={{ 'aria-label': t('common.close') }}
    >
      <DetailContent resource={resource} record={record} hidden={hidden} />
    </Drawer>
  );
}
