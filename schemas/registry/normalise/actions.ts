/** The actions section: standard and custom buttons, when they show, what they ask to type. */
import type { ActionDef } from '../types.ts';
import type { Fields, Section } from './context.ts';

const STANDARD_ACTIONS = ['query', 'add', 'update', 'delete', 'export', 'exportWord', 'exportPdf', 'import', 'print', 'view'] as const;

export function readActions(s: Section, { fieldMap }: Fields): ActionDef[] {
  const { doc, check } = s;
  const actions: ActionDef[] = (doc.actions ?? []).map((a, i) => {
    const kind = a.kind ?? 'standard';
    if (kind === 'standard') {
      check(
        (STANDARD_ACTIONS as readonly string[]).includes(a.name),
        `/actions/${i}/name`,
        `"${a.name}" is not a standard action (${STANDARD_ACTIONS.join(', ')}); use kind "custom"`,
      );
    }
    // A call of another resource is checked once the registry is loaded (crossCheck).
    if (a.hideWhen) check(fieldMap.get(a.hideWhen)?.type === 'boolean', `/actions/${i}/hideWhen`, `"${a.hideWhen}" is not a boolean field`);
    if (a.showWhen) check(fieldMap.get(a.showWhen)?.type === 'boolean', `/actions/${i}/showWhen`, `"${a.showWhen}" is not a boolean field`);
    if (a.typeToConfirm !== undefined) {
      const f = fieldMap.get(a.typeToConfirm);
      const alone = (doc.storage?.unique ?? []).some((set) => set.length === 1 && set[0] === a.typeToConfirm);
      check(
        kind === 'standard' && a.name === 'delete',
        `/actions/${i}/typeToConfirm`,
        'only the delete action asks for a value to be typed',
      );
      check(
        !!f && !f.system && f.type === 'string' && f.required && !f.secret && alone,
        `/actions/${i}/typeToConfirm`,
        `"${a.typeToConfirm}" is not a required string field unique on its own (storage.unique)`,
      );
    }
    return { ...a, kind };
  });
  const seen = new Set<string>();
  actions.forEach((a, i) => {
    check(!seen.has(a.name), `/actions/${i}/name`, `duplicate action "${a.name}"`);
    seen.add(a.name);
  });
  return actions;
}
