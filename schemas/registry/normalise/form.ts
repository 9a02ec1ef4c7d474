/** The form section: field order, the create and edit forms, read-only fields and ui hints. */
import type { Resource } from '../types.ts';
import type { Fields, Section } from './context.ts';

export function readForm(s: Section, { fields, fieldMap }: Fields): Resource['form'] {
  const form = s.doc.form ?? {};
  const order = form.order ?? fields.filter((f) => !f.system).map((f) => f.name);
  const create = form.create ?? order;
  const edit = form.edit ?? order.filter((n) => !fieldMap.get(n)?.secret);
  const readOnlyOnEdit = form.readOnlyOnEdit ?? [];
  const recordField = (name: string) => !!s.props[name];
  for (const [key, names] of Object.entries({ order, create, edit, readOnlyOnEdit })) {
    names.forEach((n, i) => s.check(recordField(n), `/form/${key}/${i}`, `unknown record field "${n}"`));
  }
  for (const key of Object.keys(form.ui ?? {})) s.check(recordField(key), `/form/ui/${key}`, `unknown record field "${key}"`);
  for (const [key, ui] of Object.entries(form.ui ?? {})) {
    const other = ui.visibleWhen?.field;
    if (other !== undefined)
      s.check(recordField(other) && other !== key, `/form/ui/${key}/visibleWhen/field`, `"${other}" is not another record field`);
  }
  return { order, create, edit, readOnlyOnEdit, ui: form.ui ?? {} };
}
