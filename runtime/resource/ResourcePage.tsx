/**
 * The generic resource page: the route's resource (see meta.ts resolveResource) as a list with
 * its search, toolbar, table and dialogs, the filter tree on the left (list.filterTree) and the
 * related records of the chosen row underneath (list.detail). Every menu whose component is
 * "resource" renders it; nothing here is specific to one resource.
 */
import { use, useMemo, useState } from 'react';
import { Card, Col, Empty, Result, Row } from 'antd';
import { useSnapshot } from 'valtio';
import type { ResourceMeta } from '../generated/resources.ts';
import { useCurrentRoute } from '../app/currentRoute.ts';
import { useTranslation } from '../i18n/translator.ts';
import { userState } from '../auth/userState.ts';
import { loadExtensionModules, type ResourceRecord } from './extensions.ts';
import { hiddenFieldsFor, resolveResource, rowIdOf } from './meta.ts';
import { buildColumns, cellText } from './columns.ts';
import { translate } from './cells.tsx';
import ResourceList from './ResourceList.tsx';
import FilterTree from './FilterTree.tsx';
import { useRegistry } from './registryContext.tsx';
import './resource.css';

export default function ResourcePage() {
  use(loadExtensionModules());
  const { t } = useTranslation();
  const route = useCurrentRoute();
  const resources = useRegistry();
  const resource = useMemo(() => (route ? resolveResource(resources, route) : undefined), [resources, route]);
  if (!resource) {
    return (
      <div className="page-container">
        <Result status="404" title={t('resource.notFound')} />
      </div>
    );
  }
  return <ResourceScreen key={resource.name} resource={resource} />;
}

function ResourceScreen({ resource }: { resource: ResourceMeta }) {
  const { t } = useTranslation();
  const user = useSnapshot(userState);
  const resources = useRegistry();
  const dataFields = user.dataFields;
  const hidden = useMemo(() => hiddenFieldsFor(resource, dataFields), [resource, dataFields]);

  const filterSpec = resource.list.filterTree;
  const filterResource = filterSpec ? resources[filterSpec.resource] : undefined;
  const [node, setNode] = useState<string | number>();
  const fixed = useMemo(() => (filterSpec && node !== undefined ? { [filterSpec.field]: node } : undefined), [filterSpec, node]);

  const detailSpec = resource.list.detail;
  const detailResource = detailSpec ? resources[detailSpec.resource] : undefined;
  const detailHidden = useMemo(
    () => (detailResource ? hiddenFieldsFor(detailResource, dataFields) : new Set<string>()),
    [detailResource, dataFields],
  );
  const [active, setActive] = useState<ResourceRecord>();
  const activeId = active ? rowIdOf(resource, active) : undefined;
  const masterKey = active?.[detailSpec?.masterKey ?? resource.list.rowKey] as string | number | undefined;
  const detailFixed = useMemo(
    () => (detailSpec && masterKey !== undefined ? { [detailSpec.foreignKey]: masterKey } : undefined),
    [detailSpec, masterKey],
  );

  const title = t(resource.labels.title);
  const firstColumn = buildColumns(resource, hidden)[0];
  const activeName = active && firstColumn ? cellText(firstColumn, active, translate) : activeId;

  const list = (
    <Card className="resource-card" title={<h2 className="resource-title">{title}</h2>}>
      <ResourceList
        resource={resource}
        hidden={hidden}
        fixed={fixed}
        presets={fixed}
        activeId={detailResource ? activeId : undefined}
        onActiveChange={detailResource ? setActive : undefined}
      />
    </Card>
  );

  const detail = detailResource && detailSpec && (
    <Card
      className="resource-card resource-detail-card"
      title={
        <h2 className="resource-title">
          {active ? t('resource.detailOf', { title: t(detailResource.labels.title), name: activeName }) : t(detailResource.labels.title)}
        </h2>
      }
    >
      {detailFixed ? (
        <ResourceList
          key={String(masterKey)}
          resource={detailResource}
          hidden={detailHidden}
          fixed={detailFixed}
          presets={detailFixed}
          compact
        />
      ) : (
        <Empty description={t('resource.pickMaster', { title })} />
      )}
    </Card>
  );

  return (
    <div className="page-container resource-page" data-testid="resource-page" data-resource={resource.name}>
      <Row gutter={[16, 16]}>
        {filterResource && (
          <Col xs={24} md={7} xl={5}>
            <FilterTree
              resource={filterResource}
              valueField={filterSpec?.valueField}
              required={!!filterSpec && !!resource.list.source?.requires.includes(filterSpec.field)}
              value={node}
              onChange={(value) => {
                setNode(value);
                setActive(undefined);
              }}
            />
          </Col>
        )}
        <Col xs={24} md={filterResource ? 17 : 24} xl={filterResource ? 19 : 24}>
          {list}
          {detail}
        </Col>
      </Row>
    </div>
  );
}
