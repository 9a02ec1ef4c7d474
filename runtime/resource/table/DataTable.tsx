/**
 * The generic table: TanStack Table v9 for the row model (selection, sorting, column
 * visibility, tree expansion) and TanStack Virtual for the rows, so that only the rows in view
 * (plus a few) are in the DOM whatever the number of records. A sticky header, ARIA table
 * roles with row indexes, named checkboxes and toggles.
 */
import { useMemo, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import {
  columnVisibilityFeature,
  createExpandedRowModel,
  createSortedRowModel,
  rowExpandingFeature,
  rowSelectionFeature,
  rowSortingFeature,
  sortFn_alphanumeric,
  sortFn_basic,
  sortFn_datetime,
  sortFn_text,
  tableFeatures,
  useTable,
  type ColumnDef,
  type ExpandedState,
  type RowSelectionState,
  type SortingState,
  type Updater,
  type ColumnVisibilityState,
} from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import './dataTable.css';

export type TableRecord = Record<string, unknown>;

export interface DataTableColumn {
  id: string;
  /** The header text (already translated). */
  header: string;
  /** Fixed width in px; otherwise the column shares the free width (at least `minWidth`). */
  width?: number;
  minWidth?: number;
  sortable?: boolean;
  /** The value used by client-side sorting (tree mode). */
  sortValue?: (record: TableRecord) => unknown;
  cell: (record: TableRecord) => ReactNode;
  /** Plain text for the cell's tooltip. */
  title?: (record: TableRecord) => string;
}

export interface SortChange {
  field: string;
  order: 'ascend' | 'descend';
}

export interface DataTableLabels {
  selectAll: string;
  selectRow: (record: TableRecord) => string;
  expand: string;
  collapse: string;
  empty: string;
  actions: string;
}

export interface DataTableProps {
  ariaLabel: string;
  columns: readonly DataTableColumn[];
  data: readonly TableRecord[];
  getRowId: (record: TableRecord) => string;
  labels: DataTableLabels;
  /** Records carry `children`: an expandable tree, sorted on the client. */
  tree?: boolean;
  /** The server sorts (flat lists): the table only shows and reports the sort. */
  manualSorting?: boolean;
  sort?: SortChange;
  onSortChange?: (sort: SortChange | undefined) => void;
  hiddenColumns?: ReadonlySet<string>;
  selectable?: boolean;
  selectedIds?: ReadonlySet<string>;
  onSelectionChange?: (ids: Set<string>) => void;
  rowActions?: (record: TableRecord) => ReactNode;
  actionsWidth?: number;
  activeRowId?: string;
  onRowClick?: (record: TableRecord) => void;
  /** Height of the scroll area at most (px); the table is shorter when the rows are fewer. */
  maxHeight?: number;
  rowHeight?: number;
  loading?: boolean;
  testId?: string;
}

const features = tableFeatures({
  rowSelectionFeature,
  rowSortingFeature,
  sortedRowModel: createSortedRowModel(),
  sortFns: { alphanumeric: sortFn_alphanumeric, basic: sortFn_basic, datetime: sortFn_datetime, text: sortFn_text },
  columnVisibilityFeature,
  rowExpandingFeature,
  expandedRowModel: createExpandedRowModel(),
});

const SELECT_WIDTH = 44;
const DEFAULT_MIN_WIDTH = 110;
const INDENT_PX = 18;

function apply<T>(updater: Updater<T>, current: T): T {
  return typeof updater === 'function' ? (updater as (old: T) => T)(current) : updater;
}

function childrenOf(record: TableRecord): TableRecord[] | undefined {
  const children = record.children;
  return Array.isArray(children) && children.length > 0 ? (children as TableRecord[]) : undefined;
}

export default function DataTable(props: DataTableProps) {
  const {
    ariaLabel,
    columns,
    data,
    getRowId,
    labels,
    tree = false,
    manualSorting = true,
    sort,
    onSortChange,
    hiddenColumns,
    selectable = false,
    selectedIds,
    onSelectionChange,
    rowActions,
    actionsWidth = 160,
    activeRowId,
    onRowClick,
    maxHeight = 560,
    rowHeight = 40,
    loading = false,
    testId,
  } = props;
  const scrollRef = useRef<HTMLDivElement>(null);
  const [expanded, setExpanded] = useState<ExpandedState>(true);

  const columnDefs = useMemo<ColumnDef<typeof features, TableRecord>[]>(
    () =>
      columns.map((c) => ({
        id: c.id,
        header: c.header,
        accessorFn: (record: TableRecord) => (c.sortValue ? c.sortValue(record) : record[c.id]) as string | number | undefined,
        enableSorting: !!c.sortable,
        sortUndefined: 'last' as const,
      })),
    [columns],
  );

  const sorting = useMemo<SortingState>(() => (sort ? [{ id: sort.field, desc: sort.order === 'descend' }] : []), [sort]);
  const rowSelection = useMemo<RowSelectionState>(
    () => Object.fromEntries([...(selectedIds ?? [])].map((id) => [id, true])),
    [selectedIds],
  );
  const columnVisibility = useMemo<ColumnVisibilityState>(
    () => Object.fromEntries([...(hiddenColumns ?? [])].map((id) => [id, false])),
    [hiddenColumns],
  );

  const table = useTable({
    features,
    columns: columnDefs,
    data: data as TableRecord[],
    getRowId: (record: TableRecord) => getRowId(record),
    getSubRows: tree ? childrenOf : undefined,
    manualSorting: tree ? false : manualSorting,
    enableSortingRemoval: true,
    // Every column starts ascending (numbers would otherwise start descending).
    sortDescFirst: false,
    enableMultiSort: false,
    enableRowSelection: selectable,
    enableSubRowSelection: false,
    autoResetAll: false,
    state: { sorting, rowSelection, columnVisibility, expanded },
    onSortingChange: (updater: Updater<SortingState>) => {
      const next = apply(updater, sorting)[0];
      onSortChange?.(next ? { field: next.id, order: next.desc ? 'descend' : 'ascend' } : undefined);
    },
    onRowSelectionChange: (updater: Updater<RowSelectionState>) => {
      const next = apply(updater, rowSelection);
      onSelectionChange?.(
        new Set(
          Object.entries(next)
            .filter(([, v]) => v)
            .map(([k]) => k),
        ),
      );
    },
    onColumnVisibilityChange: () => undefined,
    onExpandedChange: (updater: Updater<ExpandedState>) => setExpanded((old) => apply(updater, old)),
  });

  const rows = table.getRowModel().rows;
  const visibleColumns = table.getVisibleLeafColumns();
  const byId = useMemo(() => new Map(columns.map((c) => [c.id, c])), [columns]);

  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    getItemKey: (index) => rows[index]?.id ?? index,
    overscan: 8,
    scrollMargin: rowHeight,
    initialRect: { width: 1024, height: maxHeight },
  });

  const template = [
    ...(selectable ? [`${SELECT_WIDTH}px`] : []),
    ...visibleColumns.map((col) => {
      const c = byId.get(col.id);
      return c?.width ? `${c.width}px` : `minmax(${c?.minWidth ?? DEFAULT_MIN_WIDTH}px, 1fr)`;
    }),
    ...(rowActions ? [`${actionsWidth}px`] : []),
  ].join(' ');
  const minWidth =
    (selectable ? SELECT_WIDTH : 0) +
    visibleColumns.reduce((n, col) => n + (byId.get(col.id)?.width ?? byId.get(col.id)?.minWidth ?? DEFAULT_MIN_WIDTH), 0) +
    (rowActions ? actionsWidth : 0);
  const gridStyle = { gridTemplateColumns: template, minWidth } as CSSProperties;

  const allSelected = selectable && rows.length > 0 && table.getIsAllRowsSelected();
  const someSelected = selectable && !allSelected && table.getIsSomeRowsSelected();
  const firstColumnId = visibleColumns[0]?.id;
  const items = virtualizer.getVirtualItems();

  return (
    <div
      className={`data-table${loading ? ' data-table-loading' : ''}`}
      ref={scrollRef}
      style={{ maxHeight }}
      role="table"
      aria-label={ariaLabel}
      aria-rowcount={rows.length + 1}
      aria-busy={loading || undefined}
      data-testid={testId}
    >
      <div className="data-table-head" role="rowgroup">
        <div className="data-table-row data-table-header-row" role="row" aria-rowindex={1} style={{ ...gridStyle, height: rowHeight }}>
          {selectable && (
            <div className="data-table-cell data-table-select" role="columnheader">
              <input
                type="checkbox"
                aria-label={labels.selectAll}
                checked={allSelected}
                ref={(el) => {
                  if (el) el.indeterminate = someSelected;
                }}
                onChange={() => table.toggleAllRowsSelected(!allSelected)}
              />
            </div>
          )}
          {visibleColumns.map((col) => {
            const c = byId.get(col.id);
            const sorted = col.getIsSorted();
            const ariaSort = sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : col.getCanSort() ? 'none' : undefined;
            return (
              <div key={col.id} className="data-table-cell data-table-th" role="columnheader" aria-sort={ariaSort} data-column={col.id}>
                {col.getCanSort() ? (
                  <button type="button" className="data-table-sort" onClick={col.getToggleSortingHandler()}>
                    <span className="data-table-ellipsis">{c?.header}</span>
                    <span className={`data-table-sort-icon${sorted ? ` is-${sorted}` : ''}`} aria-hidden="true" />
                  </button>
                ) : (
                  <span className="data-table-ellipsis">{c?.header}</span>
                )}
              </div>
            );
          })}
          {rowActions && (
            <div className="data-table-cell data-table-th data-table-actions" role="columnheader">
              {labels.actions}
            </div>
          )}
        </div>
      </div>
      <div
        className="data-table-body"
        role="rowgroup"
        style={{ height: Math.max(virtualizer.getTotalSize(), rows.length ? 0 : rowHeight * 2), minWidth }}
      >
        {rows.length === 0 && (
          <div className="data-table-empty" role="row">
            <div role="cell">{loading ? '' : labels.empty}</div>
          </div>
        )}
        {items.map((item) => {
          const row = rows[item.index]!;
          const record = row.original;
          const active = activeRowId !== undefined && row.id === activeRowId;
          const selected = selectable && row.getIsSelected();
          return (
            <div
              key={row.id}
              className={`data-table-row${active ? ' is-active' : ''}${selected ? ' is-selected' : ''}`}
              role="row"
              aria-rowindex={item.index + 2}
              aria-level={tree ? row.depth + 1 : undefined}
              aria-expanded={tree && row.getCanExpand() ? row.getIsExpanded() : undefined}
              data-row-id={row.id}
              style={{ ...gridStyle, height: rowHeight, transform: `translateY(${item.start - virtualizer.options.scrollMargin}px)` }}
              onClick={onRowClick ? () => onRowClick(record) : undefined}
            >
              {selectable && (
                <div className="data-table-cell data-table-select" role="cell" onClick={(e) => e.stopPropagation()}>
                  <input
                    type="checkbox"
                    aria-label={labels.selectRow(record)}
                    checked={selected}
                    disabled={!row.getCanSelect()}
                    onChange={row.getToggleSelectedHandler()}
                  />
                </div>
              )}
              {row.getVisibleCells().map((cell) => {
                const c = byId.get(cell.column.id);
                const first = tree && cell.column.id === firstColumnId;
                return (
                  <div
                    key={cell.id}
                    className="data-table-cell"
                    role="cell"
                    title={c?.title?.(record)}
                    style={first ? { paddingLeft: 8 + row.depth * INDENT_PX } : undefined}
                  >
                    {first &&
                      (row.getCanExpand() ? (
                        <button
                          type="button"
                          className={`data-table-toggle${row.getIsExpanded() ? ' is-open' : ''}`}
                          aria-label={row.getIsExpanded() ? labels.collapse : labels.expand}
                          aria-expanded={row.getIsExpanded()}
                          onClick={(e) => {
                            e.stopPropagation();
                            row.toggleExpanded();
                          }}
                        />
                      ) : (
                        <span className="data-table-toggle-space" />
                      ))}
                    <span className="data-table-ellipsis">{c?.cell(record)}</span>
                  </div>
                );
              })}
              {rowActions && (
                <div className="data-table-cell data-table-actions" role="cell" onClick={(e) => e.stopPropagation()}>
                  {rowActions(record)}
                </div>
              )}
            </div>
          );
        })}
      </div>
    </div>
  );
}
