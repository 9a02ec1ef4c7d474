/** The form section: field order, the create and edit forms, read-only fields and ui hints. */
import type { Resource } from '../types.ts';
import type { Fields, Section } from './context.ts';

/** The JavaScript type of a field's values (a visible-when condition compares with one): number, boolean or string. */
function valueTypeOf(type: unknown): 'number' | 'boolean' | 'string' | undefined {
  const types = (Array.isArray(type) ? type : [type]).filter((t) => t !== 'null');
  if (types.length !== 1) return undefined;
  if (types[0] === 'number' || types[0] === 'integer') return 'number';
  if (types[0] === 'boolean' || types[0] === 'string') return types[0];
  return undefined;
}

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
    if (other === undefined) continue;
    s.check(recordField(other) && other !== key, `/form/ui/${key}/visibleWhen/field`, `"${other}" is not another record field`);
    const expected = valueTypeOf(s.props[other]?.type);
    const equals = ui.visibleWhen!.equals;
    if (expected && recordField(other))
      s.check(typeof equals === expected, `/form/ui/${key}/visibleWhen/equals`, `must be a ${expected}, as "${other}" holds one`);
  }
  return { order, create, edit, readOnlyOnEdit, ui: form.ui ?? {} };
}
