/**
 * A record route: a hidden menu entry of a resource page opened with query parameters
 * (`/mytaskdetails?id=7`, `/myprocessdetails?processInstanceId=3`) shows the one record its
 * list call answers for them, as the detail view (fields and detail panels), instead of the list.
 */
import { Card, Empty, Spin } from 'antd';
import type { ResourceMeta } from '../generated/resources.ts';
import { useTranslation } from '../i18n/translator.ts';
import { queryList } from './api.ts';
import { buildQueryParams } from './queryParams.ts';
import { DetailContent } from './DetailDrawer.tsx';
import { useLoad } from './actions/ActionParts.tsx';

export default function RecordView({
  resource,
  params,
  hidden,
  title,
}: {
  resource: ResourceMeta;
  params: Readonly<Record<string, string>>;
  hidden: ReadonlySet<string>;
  title: string;
}) {
  const { t } = useTranslation();
  const loaded = useLoad(
    async () =>
      (await queryList(resource, buildQueryParams(resource, { values: {}, page: 1, pageSize: 1, fixed: params }))).list[0] ?? null,
    [resource.name, params],
  );
  return (
    <div className="page-container resource-page" data-testid="record-view" data-resource={resource.name}>
      <Card className="resource-card" title={<h2 className="resource-title">{title}</h2>}>
        {loaded.loading ? (
          <Spin />
        ) : loaded.data ? (
          <DetailContent resource={resource} record={loaded.data} hidden={hidden} />
        ) : (
          <Empty description={t('resource.recordNotFound')} />
        )}
      </Card>
    </div>
  );
}
