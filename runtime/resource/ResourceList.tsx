/**
 * One resource's list, entirely from its metadata: the search form, the toolbar (standard and
 * custom actions the user holds), the virtualised table with row actions, pagination or the
 * tree, and the dialogs (add / edit form, detail, import, custom actions, print). Used for the
 * page's resource and for its master-detail list. The list's state (filters, sort, paging,
 * checked rows, fetching) is useResourceList's; this component only shows it.
 */
import { cloneElement, isValidElement, lazy, Suspense, useCallback, useMemo, useState, type ReactNode } from 'react';
import { Button, Empty, Modal, Pagination, Space, Spin, Tooltip } from 'antd';
import {
  DeleteOutlined,
  FileExcelOutlined,
  FilePdfOutlined,
  FileWordOutlined,
  PlusOutlined,
  PrinterOutlined,
  ReloadOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import { useSnapshot } from 'valtio';
import type { ActionMeta, ResourceMeta } from '../generated/resources.ts';
import { useTranslation } from '../i18n/translator.ts';
import { toastSuccess, toastWarning } from '../feedback/feedback.ts';
import { userState } from '../auth/userState.ts';
import {
  canView,
  offeredOnRow,
  selectionOf,
  selectionProblem,
  typeToConfirmOf,
  typedValues,
  visibleActions,
  type ActionContext,
  type Placement,
} from './actionModel.ts';
import { buildColumns, cellText, displayValue, type ColumnSpec } from './columns.ts';
import { renderCell, showsText, translate } from './cells.tsx';
import { hasActionComponent, type ResourceRecord } from './extensions.ts';
import { callName, rowIdOf } from './meta.ts';
import { buildExportBody, searchFields } from './queryParams.ts';
import { deleteRecords, downloadCall, hasCall } from './api.ts';
import { useRegistry } from './registryContext.tsx';
import { useResourceList } from './useResourceList.ts';
import DataTable, { type DataTableColumn, type TableRecord } from './table/DataTable.tsx';
import SearchForm from './SearchForm.tsx';
import ColumnMenu from './ColumnMenu.tsx';
import FormDialog from './FormDialog.tsx';
import DetailDrawer from './DetailDrawer.tsx';
import ActionHost from './ActionHost.tsx';
import PrintView from './PrintView.tsx';
import TypedConfirm from './TypedConfirm.tsx';

/** Loaded when opened: it brings antd's Table and Upload. */
const ImportDialog = lazy(() => import('./ImportDialog.tsx'));
const PAGE_SIZES = [10, 20, 50, 100];

export interface ResourceListProps {
  resource: ResourceMeta;
  /** Fields the user's data permission hides. */
  hidden: ReadonlySet<string>;
  /** Filters the page sets (filter tree node, master record): always sent, not in the search form. */
  fixed?: Readonly<Record<string, string | number>>;
  /** Initial values of the add form (the fixed filters). */
  presets?: ResourceRecord;
  /** The row whose details show below (master-detail). */
  activeId?: string;
  onActiveChange?(record: ResourceRecord | undefined): void;
  /** Smaller table (a detail list). */
  compact?: boolean;
  heading?: ReactNode;
}

type Dialog =
  | { kind: 'form'; mode: 'create' | 'edit'; record?: ResourceRecord }
  | { kind: 'detail'; record: ResourceRecord }
  | { kind: 'import' }
  | { kind: 'custom'; action: ActionMeta; records: ResourceRecord[] }
  | { kind: 'print' };

const EXPORT_EXTENSIONS: Record<string, string> = { export: 'xlsx', exportWord: 'docx', exportPdf: 'pdf' };

function toolbarIcon(name: string): ReactNode {
  switch (name) {
    case 'add':
      return <PlusOutlined aria-hidden />;
    case 'delete':
      return <DeleteOutlined aria-hidden />;
    case 'export':
      return <FileExcelOutlined aria-hidden />;
    case 'exportWord':
      return <FileWordOutlined aria-hidden />;
    case 'exportPdf':
      return <FilePdfOutlined aria-hidden />;
    case 'import':
      return <UploadOutlined aria-hidden />;
    case 'print':
      return <PrinterOutlined aria-hidden />;
    default:
      return undefined;
  }
}

/** Width of the row actions column: its link buttons side by side (wide CJK characters count double). */
function actionsWidth(labels: readonly string[]): number {
  const text = (label: string) => [...label].reduce((n, ch) => n + (/[\u2E80-\uFFEF]/.test(ch) ? 13 : 7.5), 0);
  return Math.max(120, Math.ceil(labels.reduce((n, label) => n + text(label) + 16, 24)));
}

export default function ResourceList({
  resource,
  hidden,
  fixed,
  presets,
  activeId,
  onActiveChange,
  compact = false,
  heading,
}: ResourceListProps) {
  const { t } = useTranslation();
  const user = useSnapshot(userState);
  const [modal, contextHolder] = Modal.useModal();
  const menuButton = user.menuButton;
  const has = useCallback((code: string) => menuButton.includes(code), [menuButton]);
  const ctx = useMemo<ActionContext>(
    () => ({ hasButton: has, hasCall: (name) => hasCall(name, resource), hasComponent: hasActionComponent }),
    [has, resource],
  );

  const fixedKey = JSON.stringify(fixed ?? {});
  const fixedFields = useMemo(() => new Set(Object.keys(JSON.parse(fixedKey) as object)), [fixedKey]);
  const columns = useMemo(() => buildColumns(resource, hidden), [resource, hidden]);
  const search = useMemo(() => {
    const s = searchFields(resource, hidden);
    const keep = (f: { field: string }) => !fixedFields.has(f.field);
    return { basic: s.basic.filter(keep), advanced: s.advanced.filter(keep) };
  }, [resource, hidden, fixedFields]);

  const queryAction = resource.actions.find((a) => a.name === 'query' && a.kind === 'standard');
  const canQuery = !queryAction || has(queryAction.permission);
  const toolbar = visibleActions(resource, 'toolbar', ctx).filter((a) => a.name !== 'query');
  const rowActions = visibleActions(resource, 'row', ctx).filter((a) => a.name !== 'view');
  const viewable = canView(resource, has);

  const list = useResourceList({ resource, hidden, fixed, enabled: canQuery });
  const { records, loading, selected, treeMode, serverSort, paged, waiting, refresh: reload } = list;
  const [hiddenColumns, setHiddenColumns] = useState<Set<string>>(
    () => new Set(columns.filter((c) => c.defaultHidden).map((c) => c.field)),
  );
  const [dialog, setDialog] = useState<Dialog>();

  const registry = useRegistry();
  const filterTitle = resource.list.filterTree ? registry[resource.list.filterTree.resource]?.labels.title : undefined;

  const endDialog = useCallback(() => setDialog(undefined), []);
  const closeDialog = useCallback(
    (changed: boolean) => {
      setDialog(undefined);
      if (changed) reload();
    },
    [reload],
  );

  const shownColumns = useMemo(() => columns.filter((c) => !hiddenColumns.has(c.field)), [columns, hiddenColumns]);
  const checkedRecords = list.selectedRecords;

  /**
   * The delete confirm. It opens with Cancel focused, so Enter does not delete. A resource whose
   * delete action names a typeToConfirm field asks for that field's value of every record, and
   * Confirm stays disabled until it is typed; the typed values go to the server too.
   */
  const confirmDelete = (targets: ResourceRecord[], content: string) => {
    const ids = targets.map((r) => rowIdOf(resource, r));
    const typedField = typeToConfirmOf(resource);
    const expected = typedField ? targets.map((r) => String(r[typedField] ?? '')) : [];
    let typed = '';
    const instance = modal.confirm({
      title: t('resource.deleteTitle'),
      content: typedField ? (
        <TypedConfirm
          question={content}
          expected={expected}
          label={t(resource.labels.fields[typedField] ?? typedField)}
          onChange={(text, matches) => {
            typed = text;
            instance.update({ okButtonProps: { danger: true, disabled: !matches } });
          }}
        />
      ) : (
        content
      ),
      okText: t('common.confirm'),
      okButtonProps: { danger: true, disabled: !!typedField },
      cancelText: t('common.cancel'),
      autoFocusButton: 'cancel',
      onOk: async () => {
        try {
          await deleteRecords(resource, ids, typedField ? typedValues(typed) : undefined);
        } catch {
          return; // Shown by the HTTP client.
        }
        toastSuccess(t('resource.deleted'));
        if (activeId !== undefined && ids.includes(activeId)) onActiveChange?.(undefined);
        reload();
      },
    });
  };

  const exportAs = async (name: string) => {
    const body = buildExportBody(resource, {
      values: list.filters,
      sort: treeMode ? undefined : list.sort,
      fixed: list.fixedFilters(),
      hidden,
      columns: shownColumns.map((c) => c.field),
    });
    try {
      await downloadCall(resource, callName(resource, name), body, `${resource.name}.${EXPORT_EXTENSIONS[name] ?? 'bin'}`);
    } catch {
      // Toasted by downloadCall.
    }
  };

  const runToolbar = (action: ActionMeta) => {
    const selection = selectionOf(action, 'toolbar');
    const problem = selectionProblem(selection, selected.size);
    if (problem) {
      toastWarning(t(problem));
      return;
    }
    if (action.kind === 'custom') {
      setDialog({ kind: 'custom', action, records: checkedRecords() });
      return;
    }
    switch (action.name) {
      case 'add':
        setDialog({ kind: 'form', mode: 'create', record: presets });
        break;
      case 'delete':
        confirmDelete(checkedRecords(), t('resource.confirmDeleteMany'));
        break;
      case 'export':
      case 'exportWord':
      case 'exportPdf':
        void exportAs(action.name);
        break;
      case 'import':
        setDialog({ kind: 'import' });
        break;
      case 'print':
        setDialog({ kind: 'print' });
        break;
      default:
        break;
    }
  };

  const runRow = (action: ActionMeta, record: ResourceRecord) => {
    if (action.kind === 'custom') {
      setDialog({ kind: 'custom', action, records: [record] });
      return;
    }
    if (action.name === 'update') setDialog({ kind: 'form', mode: 'edit', record });
    else if (action.name === 'delete') confirmDelete([record], t('resource.confirmDeleteOne'));
  };

  const actionLabel = (action: ActionMeta, placement: Placement) => {
    if (action.kind === 'custom') return t(action.label ?? action.name);
    if (placement === 'toolbar' && action.name === 'delete') return t('resource.actions.batchDelete');
    return t(`resource.actions.${action.name}`);
  };

  const tableColumns = useMemo<DataTableColumn[]>(
    () =>
      columns.map((c: ColumnSpec) => ({
        id: c.field,
        header: t(c.label),
        width: c.width,
        sortable: c.sortable,
        sortValue: (r: TableRecord) => displayValue(c, r) as string | number | undefined,
        cell: (r: TableRecord) => renderCell(resource, c, r),
        title: showsText(resource, c) ? (r: TableRecord) => cellText(c, r, translate) : undefined,
      })),
    [columns, resource, t],
  );

  const firstColumn = columns[0];
  const recordName = (r: TableRecord) => (firstColumn ? cellText(firstColumn, r, translate) : rowIdOf(resource, r));
  const showRowActions = rowActions.length > 0 || viewable;
  const selectable = toolbar.some((a) => selectionOf(a, 'toolbar') !== 'none');

  const renderRowActions = (record: TableRecord) => (
    <Space size={0}>
      {viewable && (
        <Button type="link" size="small" onClick={() => setDialog({ kind: 'detail', record })}>
          {t('resource.actions.view')}
        </Button>
      )}
      {rowActions
        .filter((a) => offeredOnRow(a, record))
        .map((a) => (
          <Button key={a.name} type="link" size="small" danger={a.name === 'delete'} onClick={() => runRow(a, record)}>
            {actionLabel(a, 'row')}
          </Button>
        ))}
    </Space>
  );

  const title = t(resource.labels.title);
  return (
    <section className={`resource-list${compact ? ' resource-list-compact' : ''}`} data-resource={resource.name} aria-label={title}>
      {contextHolder}
      {heading}
      <SearchForm
        resource={resource}
        fields={search}
        canQuery={canQuery}
        loading={loading}
        onSearch={list.search}
        onReset={list.resetFilters}
      />
      <div className="resource-toolbar" role="toolbar" aria-label={t('resource.toolbarOf', { title })}>
        <Space wrap>
          {toolbar.map((a) => (
            <Button
              key={a.name}
              type={a.name === 'add' ? 'primary' : 'default'}
              danger={a.name === 'delete'}
              icon={toolbarIcon(a.name)}
              onClick={() => runToolbar(a)}
            >
              {actionLabel(a, 'toolbar')}
            </Button>
          ))}
        </Space>
        <Space>
          {selected.size > 0 && <span className="resource-selected">{t('resource.selectedCount', { count: selected.size })}</span>}
          <Tooltip title={t('resource.refresh')}>
            <Button icon={<ReloadOutlined aria-hidden />} aria-label={t('resource.refresh')} onClick={reload} disabled={!canQuery} />
          </Tooltip>
          <ColumnMenu columns={columns} hidden={hiddenColumns} onChange={setHiddenColumns} />
        </Space>
      </div>
      {!canQuery ? (
        <div className="resource-no-query">{t('resource.noQuery')}</div>
      ) : waiting ? (
        <Empty className="resource-waiting" description={t('resource.pickFilter', { title: filterTitle ? t(filterTitle) : '' })} />
      ) : (
        <Spin spinning={loading} delay={150}>
          <DataTable
            ariaLabel={title}
            testId={`table-${resource.name}`}
            columns={tableColumns}
            data={records}
            getRowId={(r) => rowIdOf(resource, r)}
            tree={treeMode}
            manualSorting={serverSort}
            sort={list.sort}
            onSortChange={list.changeSort}
            hiddenColumns={hiddenColumns}
            selectable={selectable}
            selectedIds={selected}
            onSelectionChange={list.setSelected}
            rowActions={showRowActions ? renderRowActions : undefined}
            actionsWidth={actionsWidth([
              ...(viewable ? [t('resource.actions.view')] : []),
              ...rowActions.map((a) => actionLabel(a, 'row')),
            ])}
            activeRowId={activeId}
            onRowClick={onActiveChange ? (r) => onActiveChange(r) : undefined}
            maxHeight={compact ? 320 : 560}
            loading={loading}
            labels={{
              selectAll: t('resource.selectAll'),
              selectRow: (r) => t('resource.selectRow', { name: recordName(r) }),
              expand: t('resource.expand'),
              collapse: t('resource.collapseRow'),
              empty: t('resource.empty'),
              actions: t('resource.operations'),
            }}
          />
        </Spin>
      )}
      {paged && canQuery && !waiting && (
        <Pagination
          className="resource-pagination"
          current={list.page}
          pageSize={list.pageSize}
          total={list.total}
          showSizeChanger
          pageSizeOptions={[...new Set([resource.list.pageSize, ...PAGE_SIZES])].sort((a, b) => a - b)}
          showTotal={(n) => t('resource.total', { total: n })}
          itemRender={(_, type, element) =>
            (type === 'prev' || type === 'next') && isValidElement<{ 'aria-label'?: string }>(element)
              ? cloneElement(element, { 'aria-label': t(type === 'prev' ? 'resource.prevPage' : 'resource.nextPage') })
              : element
          }
          onChange={list.changePage}
        />
      )}
      {dialog?.kind === 'form' && (
        <FormDialog resource={resource} mode={dialog.mode} record={dialog.record} hidden={hidden} onClose={closeDialog} />
      )}
      {dialog?.kind === 'detail' && <DetailDrawer resource={resource} record={dialog.record} hidden={hidden} onClose={endDialog} />}
      {dialog?.kind === 'import' && (
        <Suspense fallback={null}>
          <ImportDialog resource={resource} onClose={closeDialog} />
        </Suspense>
      )}
      {dialog?.kind === 'custom' && (
        <ActionHost resource={resource} action={dialog.action} records={dialog.records} fixed={fixed} onClose={closeDialog} />
      )}
      {dialog?.kind === 'print' && <PrintView resource={resource} columns={shownColumns} records={records} onDone={endDialog} />}
    </section>
  );
}
