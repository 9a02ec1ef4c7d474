/**
 * One chunk for what every first load runs. Rolldown spreads the modules the entry imports
 * statically over dozens of small chunks shared with lazy pages (rolldown/rolldown#10731);
 * the sign-in page then downloads ~50 files that compress worse than one. This code-splitting
 * group puts every module statically reachable from the entry into a "startup" chunk; modules
 * reached only through dynamic imports keep the automatic chunking. It relies on the module
 * graph holding no package index that re-exports everything (deepImports.ts).
 */
interface ModuleGraph {
  getModuleInfo(id: string): { importedIds: readonly string[] } | null;
}

export function startupGroup(entry: string) {
  let startup: Set<string> | undefined;
  const reachable = (graph: ModuleGraph) => {
    const seen = new Set<string>();
    const stack = [entry];
    while (stack.length) {
      const id = stack.pop()!;
      if (seen.has(id)) continue;
      seen.add(id);
      for (const next of graph.getModuleInfo(id)?.importedIds ?? []) stack.push(next);
    }
    return seen;
  };
  return {
    debugName: 'startup',
    name: (id: string, graph: ModuleGraph) => {
      startup ??= reachable(graph);
      return startup.has(id) ? 'startup' : null;
    },
  };
}
