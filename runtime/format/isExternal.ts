import { EXTERNAL_LINK_PATTERN } from '../constants/spec.ts';

/** Links starting with http, https, mailto or tel are external. */
export function isExternal(path: string): boolean {
  return EXTERNAL_LINK_PATTERN.test(path);
}
