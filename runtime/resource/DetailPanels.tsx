/**
 * The panels of a record's detail view (`list.detailPanels` of the resource file): under the
 * record's fields, each panel shows what its call answers for the record: `svg` an image the
 * server draws (a process diagram, sanitised as SVG: no script, handler or foreign object
 * survives), `list` rows (comments, history) as a table of a resource's columns. A call the
 * user may not make shows "not available" in its panel; the rest of the view stays.
 */
import { useMemo } from 'react';
import { Alert, Card, Empty, Spin, Table } from 'antd';
import createDOMPurify from 'dompurify';
import type { DetailPanelSpec } from '../generated/fileTypes.ts';
import type { ResourceMeta } from '../generated/resources.ts';
import { useTranslation } from '../i18n/translator.ts';
import { buildColumns } from './columns.ts';
import { renderCell } from './cells.tsx';
import type { ResourceRecord } from './extensions.ts';
import { runCall } from './api.ts';
import { useRegistry } from './registryContext.tsx';
import { useLoad } from './actions/ActionParts.tsx';

const purify = typeof window === 'undefined' ? undefined : createDOMPurify(window);

function paramsOf(panel: DetailPanelSpec, record: ResourceRecord): Record<string, unknown> {
  const out: Record<string, unknown> = { ...(panel.fixed ?? {}) };
  for (const [param, field] of Object.entries(panel.params ?? {})) out[param] = record[field];
  return out;
}

function dataOf(answer: unknown): unknown {
  return answer && typeof answer === 'object' && 'data' in answer ? (answer as { data: unknown }).data : answer;
}

function rowsOf(answer: unknown): ResourceRecord[] {
  const data = dataOf(answer);
  if (Array.isArray(data)) return data as ResourceRecord[];
  const list = (data as { list?: unknown } | undefined)?.list;
  return Array.isArray(list) ? (list as ResourceRecord[]) : [];
}

function SvgPanel({ panel, record }: { panel: DetailPanelSpec; record: ResourceRecord }) {
  const { t } = useTranslation();
  const loaded = useLoad(
    async () => String(dataOf(await runCall(panel.call, paramsOf(panel, record), true)) ?? ''),
    [panel.call, paramsOf(panel, record)],
  );
  if (loaded.loading) return <Spin />;
  if (loaded.error !== undefined || !loaded.data) return <Alert type="info" showIcon title={t('resource.panelUnavailable')} />;
  const html = purify ? purify.sanitize(loaded.data, { USE_PROFILES: { svg: true } }) : '';
  return <div className="resource-detail-svg" data-testid="detail-svg" dangerouslySetInnerHTML={{ __html: html }} />;
}

function ListPanel({ panel, record, resource }: { panel: DetailPanelSpec; record: ResourceRecord; resource: ResourceMeta }) {
  const { t } = useTranslation();
  const loaded = useLoad(
    async () => rowsOf(await runCall(panel.call, paramsOf(panel, record), true)),
    [panel.call, paramsOf(panel, record)],
  );
  const columns = useMemo(() => buildColumns(resource, new Set()), [resource]);
  if (loaded.error !== undefined) return <Alert type="info" showIcon title={t('resource.panelUnavailable')} />;
  return (
    <Table<ResourceRecord>
      size="small"
      loading={loaded.loading}
      dataSource={loaded.data ?? []}
      rowKey={(r) => String(r.id ?? JSON.stringify(r))}
      pagination={false}
      scroll={{ x: true }}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('resource.empty')} /> }}
      columns={columns
        .filter((c) => !c.defaultHidden)
        .map((c) => ({ key: c.field, title: t(c.label), render: (_: unknown, r: ResourceRecord) => renderCell(resource, c, r, 'detail') }))}
    />
  );
}

export default function DetailPanels({
  resource,
  record,
  panels = resource.list.detailPanels ?? [],
}: {
  resource: ResourceMeta;
  record: ResourceRecord;
  /** the panels to show (default: the resource's own) */
  panels?: DetailPanelSpec[];
}) {
  const { t } = useTranslation();
  const registry = useRegistry();
  return (
    <>
      {panels.map((panel) => {
        const rows = panel.kind === 'list' ? registry[panel.resource ?? resource.name] : undefined;
        return (
          <Card
            key={`${panel.call}.${panel.title}`}
            size="small"
            title={t(panel.title)}
            className="resource-detail-panel"
            data-panel={panel.call}
          >
            {panel.kind === 'svg' ? (
              <SvgPanel panel={panel} record={record} />
            ) : rows ? (
              <ListPanel panel={panel} record={record} resource={rows} />
            ) : null}
          </Card>
        );
      })}
    </>
  );
}
