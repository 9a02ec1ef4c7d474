/**
 * The generic resource page: the route's resource (see meta.ts resolveResource) as a list with
 * its search, toolbar, table and dialogs, the filter tree on the left (list.filterTree) and the
 * related records of the chosen row underneath (list.detail). Every menu whose component is
 * "resource" renders it; nothing here is specific to one resource. On a narrow window (below
 * 992 px) the filter tree is a drawer opened by a button above the list.
 */
import { use, useMemo, useState } from 'react';
import { Button, Card, Col, Drawer, Empty, Result, Row } from 'antd';
import { FilterOutlined } from '@ant-design/icons';
import { useLocation } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import type { ResourceMeta } from '../generated/resources.ts';
import { useCurrentRoute } from '../app/currentRoute.ts';
import { useTranslation } from '../i18n/translator.ts';
import { userState } from '../auth/userState.ts';
import { appState } from '../layout/appState.ts';
import { loadExtensionModules, type ResourceRecord } from './extensions.ts';
import { hiddenFieldsFor, resolveResource, rowIdOf } from './meta.ts';
import { buildColumns, cellText } from './columns.ts';
import { translate } from './cells.tsx';
import ResourceList from './ResourceList.tsx';
import { otherParams, readListState } from './listUrlState.ts';
import FilterTree from './FilterTree.tsx';
import RecordView from './RecordView.tsx';
import { useRegistry } from './registryContext.tsx';
import './resource.css';

export default function ResourcePage() {
  use(loadExtensionModules());
  const { t } = useTranslation();
  const route = useCurrentRoute();
  const resources = useRegistry();
  const resource = useMemo(() => (route ? resolveResource(resources, route) : undefined), [resources, route]);
  const recordParams = useRecordParams();
  if (!resource) {
    return (
      <div className="page-container">
        <Result status="404" title={t('resource.notFound')} />
      </div>
    );
  }
  if (route?.hidden && recordParams)
    return <RecordScreen resource={resource} params={recordParams} title={t(route.meta.title ?? resource.labels.title)} />;
  return <ResourceScreen key={resource.name} resource={resource} />;
}

/** The query parameters of the location less a list's own (listUrlState.ts), or undefined when it has none. */
function useRecordParams(): Record<string, string> | undefined {
  const { search } = useLocation();
  return useMemo(() => {
    const params = otherParams(new URLSearchParams(search));
    return Object.keys(params).length ? params : undefined;
  }, [search]);
}

/** A hidden route opened with query parameters: the one record they select (RecordView.tsx). */
function RecordScreen({ resource, params, title }: { resource: ResourceMeta; params: Record<string, string>; title: string }) {
  const user = useSnapshot(userState);
  const hidden = useMemo(() => hiddenFieldsFor(resource, user.dataFields), [resource, user.dataFields]);
  return <RecordView key={JSON.stringify(params)} resource={resource} params={params} hidden={hidden} title={title} />;
}

/** A node value read from the address, typed as the filtered field is (a number for a numeric field). */
function nodeValue(resource: ResourceMeta, text: string | undefined): string | number | undefined {
  const field = resource.list.filterTree?.field;
  if (text === undefined || !field) return undefined;
  const type = resource.fields.find((f) => f.name === field)?.type;
  const numeric = (type === 'integer' || type === 'number') && /^-?\d+(\.\d+)?$/.test(text);
  return numeric ? Number(text) : text;
}

function ResourceScreen({ resource }: { resource: ResourceMeta }) {
  const { t } = useTranslation();
  const user = useSnapshot(userState);
  const narrow = useSnapshot(appState).device === 'mobile';
  const [treeOpen, setTreeOpen] = useState(false);
  const resources = useRegistry();
  const dataFields = user.dataFields;
  const hidden = useMemo(() => hiddenFieldsFor(resource, dataFields), [resource, dataFields]);

  const filterSpec = resource.list.filterTree;
  const filterResource = filterSpec ? resources[filterSpec.resource] : undefined;
  const location = useLocation();
  // The chosen node comes from the address (a reload, a shared link) and goes back into it with the list's state.
  const [node, setNode] = useState<string | number | undefined>(() =>
    nodeValue(resource, readListState(resource, new URLSearchParams(location.search)).node),
  );
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
        inAddress
        node={node}
        heading={
          narrow && filterResource ? (
            <Button className="resource-filter-button" icon={<FilterOutlined aria-hidden />} onClick={() => setTreeOpen(true)}>
              {t('resource.filterBy', { title: t(filterResource.labels.title) })}
            </Button>
          ) : undefined
        }
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

  const tree = filterResource && (
    <FilterTree
      resource={filterResource}
      valueField={filterSpec?.valueField}
      required={!!filterSpec && !!resource.list.source?.requires.includes(filterSpec.field)}
      value={node}
      onChange={(value) => {
        setNode(value);
        setActive(undefined);
        setTreeOpen(false);
      }}
    />
  );
  const beside = !!tree && !narrow;

  return (
    <div className="page-container resource-page" data-testid="resource-page" data-resource={resource.name}>
      {tree && narrow && (
        <Drawer
          open={treeOpen}
          placement="left"
          size="default"
          className="resource-filter-drawer"
          title={t('resource.filterBy', { title: t(filterResource.labels.title) })}
          onClose={() => setTreeOpen(false)}
        >
          {tree}
        </Drawer>
      )}
      <Row gutter={[16, 16]}>
        {beside && (
          <Col xs={24} md={7} xl={5}>
            {tree}
          </Col>
        )}
        <Col xs={24} md={beside ? 17 : 24} xl={beside ? 19 : 24}>
          {list}
          {detail}
        </Col>
      </Row>
    </div>
  );
}
