/**
 * The workflow editor's DAG helpers: whether an edge would close a cycle (refused at once, as
 * the server refuses it when saved), and a layered layout of the nodes (each node one row below
 * its deepest parent), since a workflow stores its nodes and edges but no positions.
 */
export interface DagNode {
  nodeId: number;
  nodeName?: string;
  jobId: number;
  enable?: boolean;
  skipWhenFailed?: boolean;
}
export interface DagEdge {
  from: number;
  to: number;
}

/** The cycle the edge would close (from `edge.to` back to it), or undefined when it closes none. */
export function wouldCycle(edges: readonly DagEdge[], edge: DagEdge): number[] | undefined {
  if (edge.from === edge.to) return [edge.from, edge.to];
  const children = new Map<number, number[]>();
  for (const e of edges) children.set(e.from, [...(children.get(e.from) ?? []), e.to]);
  // a path from edge.to to edge.from closes the cycle edge.from → edge.to → ... → edge.from
  const seen = new Set<number>();
  const walk = (at: number, path: number[]): number[] | undefined => {
    if (at === edge.from) return path;
    if (seen.has(at)) return undefined;
    seen.add(at);
    for (const c of children.get(at) ?? []) {
      const found = walk(c, [...path, c]);
      if (found) return found;
    }
    return undefined;
  };
  const path = walk(edge.to, [edge.to]);
  return path ? [edge.from, ...path] : undefined;
}

const ROW = 110;
const COLUMN = 220;

/** A position per node: rows by depth from the roots, side by side within a row. */
export function layOut(nodes: readonly DagNode[], edges: readonly DagEdge[]): Map<number, { x: number; y: number }> {
  const parents = new Map<number, number[]>();
  for (const e of edges) parents.set(e.to, [...(parents.get(e.to) ?? []), e.from]);
  const depth = new Map<number, number>();
  const depthOf = (id: number, seen: Set<number>): number => {
    const known = depth.get(id);
    if (known !== undefined) return known;
    if (seen.has(id)) return 0; // a cycle stored before it was checked: lay it out anyway
    seen.add(id);
    const d = Math.max(-1, ...(parents.get(id) ?? []).map((p) => depthOf(p, seen))) + 1;
    depth.set(id, d);
    return d;
  };
  const inRow = new Map<number, number>();
  const out = new Map<number, { x: number; y: number }>();
  for (const n of nodes) {
    const d = depthOf(n.nodeId, new Set());
    const i = inRow.get(d) ?? 0;
    inRow.set(d, i + 1);
    out.set(n.nodeId, { x: 40 + i * COLUMN, y: 20 + d * ROW });
  }
  return out;
}
