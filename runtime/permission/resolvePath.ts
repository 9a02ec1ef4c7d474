import { isExternal } from '../format/isExternal.ts';

/** Joins a child path onto its parent's: absolute and external paths stay as they are. */
export function resolvePath(parentPath: string, childPath: string): string {
  if (isExternal(childPath)) return childPath;
  if (childPath.startsWith('/')) return normalise(childPath);
  if (!childPath) return normalise(parentPath || '/');
  return normalise(`${parentPath.replace(/\/+$/, '')}/${childPath}`);
}

function normalise(path: string): string {
  const cleaned = path.replace(/\/{2,}/g, '/');
  return cleaned.length > 1 ? cleaned.replace(/\/+$/, '') : cleaned;
}
