/** Which fields of a resource hold rich text: those of the `richText` kind (x-kind of the record property). Pure, no React. */
import type { ResourceMeta } from '../generated/resources.ts';

const RICH_TEXT_KIND = 'richText';

export function isRichTextField(resource: Pick<ResourceMeta, 'fields'>, field: string): boolean {
  return resource.fields.some((f) => f.name === field && f.kind === RICH_TEXT_KIND);
}
