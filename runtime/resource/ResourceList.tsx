/**
 * One resource's list, entirely from its metadata: the search form, the toolbar (standard and
 * custom actions the user holds), the virtualised table with row actions, pagination or the
 * tree, and the dialogs (add / edit form, detail, import, custom actions, print). Used for the
 * page's resource and for its master-detail list. The list's state (filters, sort, paging,
 * checked rows, fetching) is useResourceList's; this component only shows it, and for the
 * page's own list keeps it in the address (listUrlState.ts) so that it can be shared and is
 * there again when the tab comes back.
 *
 * Narrow windows (below 992 px, the shell's mobile device): the columns the resource declares
 * for phones (else the first two), the row actions all under "More", the first two toolbar
 * actions with the rest under "More", and the search form down to its first field.
 * Wide windows show the first two row actions and the rest under "More" (three show as they
 * are: a "More" of one action would be no shorter). The user's column order, visibility and
 * widths (dragged on the header's edge) are kept per user (columnPrefs.ts); the row height
 * follows the console's size.
 */
import { cloneElement, isValidElement, lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Button, Dropdown, Empty, Modal, Pagination, Space, Spin, Tooltip } from 'antd';
import {
  DeleteOutlined,
  DownOutlined,
  EllipsisOutlined,
  FileExcelOutlined,
  FilePdfOutlined,
  FileWordOutlined,
  PlusOutlined,
  PrinterOutlined,
  ReloadOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import { useSnapshot } from 'valtio';
import { useLocation, useNavigate } from 'react-router-dom';
import { appState } from '../layout/appState.ts';
import { SIZE_TOKENS } from '../constants/spec.ts';
import type { ActionMeta, ResourceMeta } from '../generated/resources.ts';
import { useTranslation } from '../i18n/translator.ts';
import { toastWarning } from '../feedback/feedback.ts';
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
import { buildColumns, cellText, displayValue, phoneColumns, type ColumnSpec } from './columns.ts';
import { arrangeColumns, clampWidth, moveColumn, useColumnPrefs } from './columnPrefs.ts';
import { hasListState, readListState, writeListState, type ListState } from './listUrlState.ts';
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
import { useFocusReturn } from './useFocusReturn.ts';
import ActionHost from './ActionHost.tsx';
import PrintView from './PrintView.tsx';
import TypedConfirm from './TypedConfirm.tsx';
import { deletedText, deleteTitle } from './actions/deleteConfirm.ts';
import { deletedToast } from './actions/undoDelete.ts';

/** Loaded when opened: it brings antd's Table and Upload. */
const ImportDialog = lazy(() => import('./ImportDialog.tsx'));
const PAGE_SIZES = [10, 20, 50, 100];
/** Row actions shown as links on a wide window; the rest go under "More". */
const INLINE_ROW_ACTIONS = 2;
/** Toolbar actions shown as buttons on a narrow window; the rest go under "More". */
const NARROW_TOOLBAR_ACTIONS = 2;
const NARROW_COLUMN_MIN = 96;

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
  /** The page's own list: its page, size, sort and search live in the address. */
  inAddress?: boolean;
  /** The filter tree's chosen node (its value), kept in the address with the list's state. */
  node?: string | number;
  /**
   * The custom actions this list offers, by name (a page that embeds the list picks its own);
   * default every one the resource declares.
   */
  customActions?: readonly string[];
}

interface RowEntry {
  key: string;
  label: string;
  danger: boolean;
  run(): void;
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
function actionsWidth(labels: readonly string[], min = 120): number {
  const text = (label: string) => [...label].reduce((n, ch) => n + (/[\u2E80-\uFFEF]/.test(ch) ? 13 : 7.5), 0);
  return Math.max(min, Math.ceil(labels.reduce((n, label) => n + text(label) + 16, 24)));
}

/** How many row entries show as links: all of three or fewer, else the first two (none on a narrow window). */
function inlineRowCount(count: number, narrow: boolean): number {
  if (narrow) return 0;
  return count <= INLINE_ROW_ACTIONS + 1 ? count : INLINE_ROW_ACTIONS;
}

/**
 * The list's state from the address once, at mount, and back into it as it changes, while the
 * address is this page's (a kept-alive tab's list leaves other pages' addresses alone). Coming
 * back to the page by its bare path (the menu) writes the state in again.
 */
function useAddressState(
  resource: ResourceMeta,
  on: boolean,
): {
  initial: ListState | undefined;
  write(state: ListState): void;
} {
  const location = useLocation();
  const navigate = useNavigate();
  const ownPath = useRef(location.pathname);
  const [initial] = useState(() => {
    const params = new URLSearchParams(location.search);
    return on && hasListState(params) ? readListState(resource, params) : undefined;
  });
  const latest = useRef(location);
  latest.current = location;
  const write = useCallback(
    (state: ListState) => {
      const here = latest.current;
      if (!on || here.pathname !== ownPath.current) return;
      const params = new URLSearchParams(here.search);
      const next = writeListState(resource, state, params);
      if (next.toString() === params.toString()) return;
      const search = next.toString();
      void navigate({ pathname: here.pathname, search: search ? `?${search}` : '', hash: here.hash }, { replace: true });
    },
    [on, resource, navigate],
  );
  return { initial, write };
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
  inAddress = false,
  node,
  customActions,
}: ResourceListProps) {
  const { t } = useTranslation();
  const user = useSnapshot(userState);
  const app = useSnapshot(appState);
  const narrow = app.device === 'mobile';
  const location = useLocation();
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
  const offered = (a: ActionMeta) => a.kind !== 'custom' || !customActions || customActions.includes(a.name);
  const toolbar = visibleActions(resource, 'toolbar', ctx).filter((a) => a.name !== 'query' && offered(a));
  const rowActions = visibleActions(resource, 'row', ctx).filter((a) => a.name !== 'view' && offered(a));
  const viewable = canView(resource, has);

  const address = useAddressState(resource, inAddress);
  const list = useResourceList({ resource, hidden, fixed, enabled: canQuery, initial: address.initial });
  const { records, loading, selected, treeMode, serverSort, paged, waiting, refresh: reload } = list;
  // The state goes into the address as it changes, and again when the page comes back without it.
  const writeAddress = address.write;
  useEffect(() => {
    const chosen = node === undefined ? undefined : String(node);
    writeAddress({ page: list.page, pageSize: list.pageSize, sort: list.sort, filters: list.filters, node: chosen });
  }, [writeAddress, list.page, list.pageSize, list.sort, list.filters, node, location.pathname, location.search]);

  const prefsUser = `${user.tenantCode}:${user.id ?? user.name}`;
  const { prefs, setPrefs, reset: resetPrefs } = useColumnPrefs(prefsUser, resource.name, columns);
  const arranged = useMemo(() => arrangeColumns(columns, prefs), [columns, prefs]);
  const hiddenColumns = useMemo(() => new Set(prefs.hidden), [prefs.hidden]);
  const setHiddenColumns = (next: Set<string>) => setPrefs({ ...prefs, hidden: [...next] });
  /** On a narrow window only the phone columns show (as the user has them). */
  const tableHidden = useMemo(() => {
    if (!narrow) return hiddenColumns;
    const keep = phoneColumns(columns);
    return new Set([...hiddenColumns, ...columns.filter((c) => !keep.has(c.field)).map((c) => c.field)]);
  }, [narrow, hiddenColumns, columns]);
  const [dialog, setDialog] = useState<Dialog>();
  useFocusReturn(dialog !== undefined);

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

  const shownColumns = useMemo(() => arranged.filter((c) => !hiddenColumns.has(c.field)), [arranged, hiddenColumns]);
  const checkedRecords = list.selectedRecords;

  /**
   * The delete confirm. Its title names the record (its label field) or the count of records
   * (actions/deleteConfirm.ts). It opens with Cancel focused, so Enter does not delete. A resource whose
   * delete action names a typeToConfirm field asks for that field's value of every record, and
   * Confirm stays disabled until it is typed; the typed values go to the server too.
   */
  const confirmDelete = (targets: ResourceRecord[], content: string) => {
    const ids = targets.map((r) => rowIdOf(resource, r));
    const typedField = typeToConfirmOf(resource);
    const expected = typedField ? targets.map((r) => String(r[typedField] ?? '')) : [];
    let typed = '';
    const title = deleteTitle(resource, targets);
    const instance = modal.confirm({
      title: t(title.key, title.values),
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
        let answer;
        try {
          answer = await deleteRecords(resource, ids, typedField ? typedValues(typed) : undefined);
        } catch {
          return; // Shown by the HTTP client.
        }
        // An undoable delete's toast offers to restore the records (actions/undoDelete.ts).
        deletedToast(answer, deletedText(resource, targets), reload);
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
      arranged.map((c: ColumnSpec) => ({
        id: c.field,
        header: t(c.label),
        width: c.width,
        minWidth: narrow ? NARROW_COLUMN_MIN : undefined,
        sortable: c.sortable,
        sortValue: (r: TableRecord) => displayValue(c, r) as string | number | undefined,
        cell: (r: TableRecord) => renderCell(resource, c, r),
        title: showsText(resource, c) ? (r: TableRecord) => cellText(c, r, translate) : undefined,
      })),
    [arranged, resource, t, narrow],
  );

  const firstColumn = columns[0];
  const recordName = (r: TableRecord) => (firstColumn ? cellText(firstColumn, r, translate) : rowIdOf(resource, r));
  const showRowActions = rowActions.length > 0 || viewable;
  const selectable = toolbar.some((a) => selectionOf(a, 'toolbar') !== 'none');

  const rowEntries = (record: TableRecord): RowEntry[] => [
    ...(viewable
      ? [{ key: 'view', label: t('resource.actions.view'), danger: false, run: () => setDialog({ kind: 'detail', record }) }]
      : []),
    ...rowActions
      .filter((a) => offeredOnRow(a, record))
      .map((a) => ({ key: a.name, label: actionLabel(a, 'row'), danger: a.name === 'delete', run: () => runRow(a, record) })),
  ];

  const renderRowActions = (record: TableRecord) => {
    const entries = rowEntries(record);
    const inline = inlineRowCount(entries.length, narrow);
    const rest = entries.slice(inline);
    return (
      <Space size={0}>
        {entries.slice(0, inline).map((e) => (
          <Button key={e.key} type="link" size="small" danger={e.danger} onClick={e.run}>
            {e.label}
          </Button>
        ))}
        {rest.length > 0 && (
          <Dropdown
            trigger={['click']}
            menu={{
              items: rest.map((e) => ({ key: e.key, label: e.label, danger: e.danger })),
              onClick: ({ key }) => rest.find((e) => e.key === key)?.run(),
            }}
          >
            <Button
              type="link"
              size="small"
              aria-label={t('resource.moreOf', { name: recordName(record) })}
              data-row-more=""
              icon={narrow ? <EllipsisOutlined aria-hidden /> : undefined}
            >
              {narrow ? null : (
                <>
                  {t('resource.more')} <DownOutlined aria-hidden />
                </>
              )}
            </Button>
          </Dropdown>
        )}
      </Space>
    );
  };

  /** The widest row's actions: the most entries any row can have. */
  const allRowLabels = [...(viewable ? [t('resource.actions.view')] : []), ...rowActions.map((a) => actionLabel(a, 'row'))];
  const inlineAll = inlineRowCount(allRowLabels.length, narrow);
  const rowActionsWidth = narrow
    ? 56
    : actionsWidth([...allRowLabels.slice(0, inlineAll), ...(allRowLabels.length > inlineAll ? [`${t('resource.more')} ..`] : [])]);

  const toolbarButton = (a: ActionMeta) => (
    <Button
      key={a.name}
      type={a.name === 'add' ? 'primary' : 'default'}
      danger={a.name === 'delete'}
      icon={toolbarIcon(a.name)}
      onClick={() => runToolbar(a)}
    >
      {actionLabel(a, 'toolbar')}
    </Button>
  );
  const toolbarShown = narrow ? toolbar.slice(0, NARROW_TOOLBAR_ACTIONS) : toolbar;
  const toolbarMore = narrow ? toolbar.slice(NARROW_TOOLBAR_ACTIONS) : [];
  const rowHeight = compact ? 40 : SIZE_TOKENS[app.size].controlHeight + 8;

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
        initial={list.filters}
        narrow={narrow}
        onSearch={list.search}
        onReset={list.resetFilters}
      />
      <div className="resource-toolbar" role="toolbar" aria-label={t('resource.toolbarOf', { title })}>
        <Space wrap>
          {toolbarShown.map(toolbarButton)}
          {toolbarMore.length > 0 && (
            <Dropdown
              trigger={['click']}
              menu={{
                items: toolbarMore.map((a) => ({
                  key: a.name,
                  label: actionLabel(a, 'toolbar'),
                  icon: toolbarIcon(a.name),
                  danger: a.name === 'delete',
                })),
                onClick: ({ key }) => {
                  const action = toolbarMore.find((a) => a.name === key);
                  if (action) runToolbar(action);
                },
              }}
            >
              <Button aria-label={t('resource.moreToolbar')}>
                {t('resource.more')} <DownOutlined aria-hidden />
              </Button>
            </Dropdown>
          )}
        </Space>
        <Space>
          {selected.size > 0 && <span className="resource-selected">{t('resource.selectedCount', { n: selected.size })}</span>}
          <Tooltip title={t('resource.refresh')}>
            <Button icon={<ReloadOutlined aria-hidden />} aria-label={t('resource.refresh')} onClick={reload} disabled={!canQuery} />
          </Tooltip>
          <ColumnMenu
            columns={arranged}
            hidden={hiddenColumns}
            onChange={setHiddenColumns}
            onMove={(field, step) => setPrefs(moveColumn(columns, prefs, field, step))}
            onReset={resetPrefs}
          />
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
            hiddenColumns={tableHidden}
            selectable={selectable}
            selectedIds={selected}
            onSelectionChange={list.setSelected}
            rowActions={showRowActions ? renderRowActions : undefined}
            actionsWidth={rowActionsWidth}
            rowHeight={rowHeight}
            onColumnResize={(id, width) => setPrefs({ ...prefs, widths: { ...prefs.widths, [id]: clampWidth(width) } })}
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
              resize: (name) => t('resource.resizeColumn', { name }),
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
        <ActionHost
          resource={resource}
          action={dialog.action}
          records={dialog.records}
          listed={records}
          fixed={fixed}
          onClose={closeDialog}
        />
      )}
      {dialog?.kind === 'print' && <PrintView resource={resource} columns={shownColumns} records={records} onDone={endDialog} />}
    </section>
  );
}
