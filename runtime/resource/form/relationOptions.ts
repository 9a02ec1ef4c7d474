/**
 * Options of a relation field (`relations.<field>` of a resource file): the target resource's
 * records as {value, label} nodes, loaded through the generated client — its tree call
 * (`query<Resource>Tree`) when the target has one, else its query call with a page of 10000.
 * A list result of a tree-shaped target is nested by the target's tree spec. Building the
 * options is pure; loadRelationOptions() is the one function that calls the server.
 */
import type { RelationMeta, ResourceMeta } from '../../generated/resources.ts';
import { MAX_PAGE_SIZE } from '../../../schemas/registry/limits.ts';

export interface OptionNode {
  value: string | number;
  label: string;
  disabled?: boolean;
  children?: OptionNode[];
}

/** Where a widget's options are: not asked for yet, on their way, loaded, or failed to load. */
export interface OptionsLoadState {
  status: 'idle' | 'loading' | 'ready' | 'failed';
  options: OptionNode[];
}

/** The options of a tree, depth first, as one flat list. */
export function flattenOptions(nodes: readonly OptionNode[], out: OptionNode[] = []): OptionNode[] {
  for (const n of nodes) {
    out.push({ value: n.value, label: n.label, disabled: n.disabled });
    if (n.children) flattenOptions(n.children, out);
  }
  return out;
}

/** The largest page a query call answers: every record of a relation's target in one call. */
export const RELATION_PAGE_SIZE = MAX_PAGE_SIZE;

type Row = Record<string, unknown> & { children?: Row[] };

/** The client call that lists a relation's target: its tree call when it has one. */
export function relationCall(target: Pick<ResourceMeta, 'name' | 'calls'>): { name: string; tree: boolean } {
  const treeName = `query${target.name}Tree`;
  if (target.calls.some((c) => c.name === treeName)) return { name: treeName, tree: true };
  return { name: `query${target.name}`, tree: false };
}

function optionValue(value: unknown): string | number | undefined {
  if (typeof value === 'number' || typeof value === 'string') return value;
  return undefined;
}

function toNode(row: Row, rel: RelationMeta): OptionNode | undefined {
  const value = optionValue(row[rel.valueField]);
  if (value === undefined) return undefined;
  const label = row[rel.labelField];
  return { value, label: label === undefined || label === null || label === '' ? String(value) : String(label) };
}

/** Options of a tree call's answer (nested rows), in the answer's order. */
export function optionsFromTree(rows: readonly Row[], rel: RelationMeta): OptionNode[] {
  const out: OptionNode[] = [];
  for (const row of rows) {
    const node = toNode(row, rel);
    if (!node) continue;
    if (Array.isArray(row.children) && row.children.length) {
      const children = optionsFromTree(row.children, rel);
      if (children.length) node.children = children;
    }
    out.push(node);
  }
  return out;
}

/**
 * Options of a query call's answer: flat, or nested by the target's tree spec when `nest` is
 * given (rows whose parent is missing or the root value become top-level nodes).
 */
export function optionsFromList(
  rows: readonly Row[],
  rel: RelationMeta,
  nest?: { keyField: string; parentField: string; rootValue: string | number },
): OptionNode[] {
  if (!nest) return rows.map((r) => toNode(r, rel)).filter((n): n is OptionNode => !!n);
  const byKey = new Map<string, { row: Row; node: OptionNode }>();
  for (const row of rows) {
    const node = toNode(row, rel);
    if (node) byKey.set(String(row[nest.keyField]), { row, node });
  }
  const roots: OptionNode[] = [];
  for (const { row, node } of byKey.values()) {
    const parentKey = row[nest.parentField];
    const parent =
      parentKey === null || parentKey === undefined || String(parentKey) === String(nest.rootValue)
        ? undefined
        : byKey.get(String(parentKey));
    if (parent && parent.node !== node) (parent.node.children ??= []).push(node);
    else roots.push(node);
  }
  return roots;
}

/** The options under one root node ("top level"), whose value is the tree's root value. */
export function withRoot(options: OptionNode[], rootValue: string | number, label: string): OptionNode[] {
  return [{ value: rootValue, label, children: options.length ? options : undefined }];
}

/** The options with `value`'s node and its descendants disabled (a record cannot be its own parent). */
export function disableBranch(options: readonly OptionNode[], value: unknown): OptionNode[] {
  if (value === undefined || value === null) return [...options];
  const disableAll = (nodes: readonly OptionNode[]): OptionNode[] =>
    nodes.map((n) => ({ ...n, disabled: true, children: n.children ? disableAll(n.children) : undefined }));
  const walk = (nodes: readonly OptionNode[]): OptionNode[] =>
    nodes.map((n) => {
      if (String(n.value) === String(value)) return { ...n, disabled: true, children: n.children ? disableAll(n.children) : undefined };
      return n.children ? { ...n, children: walk(n.children) } : n;
    });
  return walk(options);
}

/** A node's label by value, searching the whole tree. */
export function findOptionLabel(options: readonly OptionNode[], value: unknown): string | undefined {
  for (const n of options) {
    if (String(n.value) === String(value)) return n.label;
    if (n.children) {
      const found = findOptionLabel(n.children, value);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

type CallFn = (params?: Record<string, unknown>, options?: { headers?: Record<string, string> }) => Promise<{ data?: unknown }>;

/**
 * Loads a relation's options from the server (failures are not toasted: the select shows
 * them). `target` is the related resource's metadata.
 */
export async function loadRelationOptions(rel: RelationMeta, target: ResourceMeta, nested: boolean): Promise<OptionNode[]> {
  const { platform, SILENT } = await import('../../api/platform.ts');
  const api = (await platform()) as unknown as Record<string, CallFn | undefined>;
  const call = relationCall(target);
  const fn = api[call.name];
  if (typeof fn !== 'function') throw new Error(`The client has no call "${call.name}" for the relation to ${target.name}`);
  if (call.tree) {
    const answer = await fn({}, SILENT);
    return optionsFromTree(Array.isArray(answer.data) ? (answer.data as Row[]) : [], rel);
  }
  const answer = await fn({ currentPage: 1, pageSize: RELATION_PAGE_SIZE }, SILENT);
  const data = answer.data as { list?: Row[] } | Row[] | undefined;
  const rows = Array.isArray(data) ? data : (data?.list ?? []);
  const tree = target.list.tree;
  return optionsFromList(
    rows,
    rel,
    nested && tree ? { keyField: tree.keyField, parentField: tree.parentField, rootValue: tree.rootValue } : undefined,
  );
}
