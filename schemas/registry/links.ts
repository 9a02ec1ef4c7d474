/**
 * Links: many-valued relations of a record kept only in a link resource's rows (the `links`
 * section of a resource file: a role's users, URLs, menus and buttons). Two generic server
 * handlers serve every link: `link.ids` (the values linked to one record) and `link.replace`
 * (make them exactly the given ones). A call names its link and how it reads it in `options`;
 * this module reads those options, for the loader (a mistake fails the file) and the server.
 */
import type { LinkDef, Resource } from './types.ts';

/** The handlers a resource file names for its link calls. */
const LINK_HANDLERS = ['link.ids', 'link.replace'] as const;

export function isLinkHandler(handler: string): boolean {
  return (LINK_HANDLERS as readonly string[]).includes(handler);
}

/**
 * options of a link call:
 * - link: "<Resource>.<link>", the record (owner) resource and the name in its `links`; the
 *   owner is named by the parameter through.recordKey, the values by through.valueKey (a
 *   list, for link.replace);
 * - within: a field of the linked resource, named by a required parameter of its name: the
 *   call reads or replaces only the values whose record has that field's value (a role's
 *   buttons of one menu); values outside it are refused;
 * - ownerOptional (link.ids): without the owner parameter, every value (within `within`);
 * - fields (link.ids): answer these fields of the linked records instead of the values, and
 *   take `assign` "0" for the records not linked.
 */
export interface LinkCallOptions {
  link: string;
  within?: string;
  ownerOptional?: boolean;
  fields?: string[];
}

/** A link as a call reaches it: the owner resource, the link's name and definition. */
export interface LinkRef {
  owner: Resource;
  name: string;
  link: LinkDef;
}

/** The link a "<Resource>.<link>" reference names, or undefined. */
export function findLink(byName: ReadonlyMap<string, Resource>, ref: string): LinkRef | undefined {
  const dot = ref.indexOf('.');
  if (dot < 1) return undefined;
  const owner = byName.get(ref.slice(0, dot));
  const name = ref.slice(dot + 1);
  const link = owner?.links[name];
  return owner && link ? { owner, name, link } : undefined;
}

/** The options of a link call, or the problems with them. */
export function readLinkCallOptions(handler: string, options: Record<string, unknown>): { value?: LinkCallOptions; problems: string[] } {
  const problems: string[] = [];
  const allowed = handler === 'link.ids' ? ['link', 'within', 'ownerOptional', 'fields'] : ['link', 'within'];
  for (const key of Object.keys(options))
    if (!allowed.includes(key)) problems.push(`option "${key}" is not one of ${allowed.join(', ')} (${handler})`);
  const { link, within, ownerOptional, fields } = options;
  if (typeof link !== 'string' || !link) problems.push('option "link" must name a link as "<Resource>.<link>"');
  if (within !== undefined && (typeof within !== 'string' || !within)) problems.push('option "within" must be a field name');
  if (ownerOptional !== undefined && typeof ownerOptional !== 'boolean') problems.push('option "ownerOptional" must be true or false');
  if (fields !== undefined && (!Array.isArray(fields) || fields.length === 0 || !fields.every((f) => typeof f === 'string')))
    problems.push('option "fields" must be a list of field names');
  if (problems.length) return { problems };
  return {
    value: {
      link: link as string,
      within: within as string | undefined,
      ownerOptional: ownerOptional as boolean | undefined,
      fields: fields as string[] | undefined,
    },
    problems,
  };
}
