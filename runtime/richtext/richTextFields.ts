/** Which fields of a resource hold rich text: those whose form widget is `richText` (resource file, form.ui). Pure, no React. */
import type { ResourceMeta } from '../generated/resources.ts';

export const RICH_TEXT_WIDGET = 'richText';

export function isRichTextField(resource: Pick<ResourceMeta, 'form'>, field: string): boolean {
  return resource.form.ui[field]?.widget === RICH_TEXT_WIDGET;
}
