/** The actions section: standard and custom buttons, when they show, what they ask to type. */
import type { RowCondition } from '../../../runtime/generated/fileTypes.ts';
import type { ActionDef } from '../types.ts';
import type { Fields, Section } from './context.ts';

const STANDARD_ACTIONS = ['query', 'add', 'update', 'delete', 'export', 'exportWord', 'exportPdf', 'import', 'print', 'view'] as const;

export function readActions(s: Section, { fieldMap }: Fields): ActionDef[] {
  const { doc, check } = s;
  /** A row condition names a boolean field, or a field and a value of its type. */
  const checkCondition = (c: RowCondition, pointer: string): void => {
    if (typeof c === 'string') {
      check(fieldMap.get(c)?.type === 'boolean', pointer, `"${c}" is not a boolean field`);
      return;
    }
    const f = fieldMap.get(c.field);
    if (!f) return check(false, `${pointer}/field`, `"${c.field}" is not a field of the record`);
    const numeric = f.type === 'integer' || f.type === 'number';
    check(
      typeof c.equals === (numeric ? 'number' : f.type === 'boolean' ? 'boolean' : 'string'),
      `${pointer}/equals`,
      `${JSON.stringify(c.equals)} is not a value of the ${f.type} field "${c.field}"`,
    );
  };
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
    if (a.hideWhen) checkCondition(a.hideWhen, `/actions/${i}/hideWhen`);
    if (a.showWhen) checkCondition(a.showWhen, `/actions/${i}/showWhen`);
    if (a.open) {
      check(kind === 'custom', `/actions/${i}/open`, 'only a custom action opens a route');
      const fields = [...(a.open.route.match(/:[^/]+/g) ?? []).map((seg) => seg.slice(1)), ...Object.values(a.open.query ?? {})];
      for (const f of fields) check(fieldMap.has(f), `/actions/${i}/open`, `"${f}" is not a field of the record`);
      check(
        fields.length === 0 || a.selection === 'one',
        `/actions/${i}/selection`,
        'an action that opens a route with values of the row acts on one record (selection "one")',
      );
      check(!a.run && !a.assign && !a.call, `/actions/${i}/open`, 'an action that opens a route makes no call (run, assign, call)');
    }
    if (a.undo !== undefined)
      check(kind === 'standard' && a.name === 'delete', `/actions/${i}/undo`, 'only the delete action can be undone');
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
