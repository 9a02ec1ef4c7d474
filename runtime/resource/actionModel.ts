/**
 * Which of a resource's actions a user sees, where, and what they need checked. An action is
 * shown only when the user holds its button code (`permission`), its call exists in the
 * generated client (standard actions) or a component is registered for it (custom actions).
 * Pure, no React.
 */
import type { ActionMeta, ResourceMeta } from '../generated/resources.ts';
import { actionCallName } from './meta.ts';

export type Placement = 'toolbar' | 'row';
export type Selection = NonNullable<ActionMeta['selection']>;

/** Standard actions of the toolbar and of each row, in display order. */
const TOOLBAR_STANDARD = ['query', 'add', 'delete', 'export', 'exportWord', 'exportPdf', 'import', 'print'];
const ROW_STANDARD = ['view', 'update', 'delete'];

export interface ActionContext {
  hasButton(code: string): boolean;
  /** True when the generated client has a call of that name. */
  hasCall(name: string): boolean;
  /** True when a component is registered for the custom action. */
  hasComponent(resource: string, action: string): boolean;
}

/** Where an action shows: standard ones by name; custom ones as declared, else by selection. */
export function placementsOf(action: ActionMeta): Placement[] {
  if (action.kind === 'standard') {
    const out: Placement[] = [];
    if (TOOLBAR_STANDARD.includes(action.name)) out.push('toolbar');
    if (ROW_STANDARD.includes(action.name)) out.push('row');
    return out;
  }
  const placement = action.placement ?? (selectionOf(action, 'toolbar') === 'one' ? 'both' : 'toolbar');
  return placement === 'both' ? ['toolbar', 'row'] : [placement];
}

/** What an action needs checked when started from the toolbar (a row action acts on its row). */
export function selectionOf(action: ActionMeta, placement: Placement): Selection {
  if (placement === 'row') return 'one';
  if (action.kind === 'custom') return action.selection ?? 'none';
  if (action.name === 'delete') return 'many';
  if (action.name === 'update' || action.name === 'view') return 'one';
  return 'none';
}

function isAvailable(resource: Pick<ResourceMeta, 'name'>, action: ActionMeta, ctx: ActionContext): boolean {
  if (!ctx.hasButton(action.permission)) return false;
  // a run action is the generic call action (actions/CallAction.tsx), an assign action the generic
  // assign dialog (actions/AssignLinks.tsx), an open action opens its route, unless a registered
  // component replaces them
  if (action.kind === 'custom') return !!action.run || !!action.assign || !!action.open || ctx.hasComponent(resource.name, action.name);
  const call = actionCallName(resource, action);
  return call === undefined || ctx.hasCall(call);
}

/** The actions a user sees at a placement, standard ones first in their fixed order, then custom ones as declared. */
export function visibleActions(resource: Pick<ResourceMeta, 'name' | 'actions'>, placement: Placement, ctx: ActionContext): ActionMeta[] {
  const order = placement === 'toolbar' ? TOOLBAR_STANDARD : ROW_STANDARD;
  const available = resource.actions.filter((a) => placementsOf(a).includes(placement) && isAvailable(resource, a, ctx));
  const standard = available.filter((a) => a.kind === 'standard').sort((a, b) => order.indexOf(a.name) - order.indexOf(b.name));
  return [...standard, ...available.filter((a) => a.kind === 'custom')];
}

/** Whether the detail view is offered: by its `view` button when declared, else to anyone who sees the list. */
export function canView(resource: Pick<ResourceMeta, 'actions'>, hasButton: (code: string) => boolean): boolean {
  const view = resource.actions.find((a) => a.name === 'view' && a.kind === 'standard');
  return view ? hasButton(view.permission) : true;
}

type RowCondition = NonNullable<ActionMeta['showWhen']>;

/** Whether a row condition holds: its boolean field is true, or its field holds its value. */
function holds(condition: RowCondition, record: Readonly<Record<string, unknown>>): boolean {
  return typeof condition === 'string' ? record[condition] === true : record[condition.field] === condition.equals;
}

/** Whether a row action is offered on this row: not where its hideWhen holds, only where its showWhen holds. */
export function offeredOnRow(action: Pick<ActionMeta, 'hideWhen' | 'showWhen'>, record: Readonly<Record<string, unknown>>): boolean {
  if (action.hideWhen && holds(action.hideWhen, record)) return false;
  if (action.showWhen && !holds(action.showWhen, record)) return false;
  return true;
}

/** The field whose value must be typed to confirm a delete of the resource (the delete action's typeToConfirm). */
export function typeToConfirmOf(resource: Pick<ResourceMeta, 'actions'>): string | undefined {
  return resource.actions.find((a) => a.name === 'delete' && a.kind === 'standard')?.typeToConfirm;
}

/** The values typed: split at commas, trimmed, empty ones dropped (as the server reads its `confirm`). */
export function typedValues(text: string): string[] {
  return text
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
}

/** Whether the typed text names exactly the expected values (each once or more, in any order, nothing else). */
export function typedConfirmMatches(expected: readonly string[], text: string): boolean {
  const typed = new Set(typedValues(text));
  const wanted = new Set(expected);
  return typed.size === wanted.size && [...wanted].every((v) => typed.has(v));
}

/** i18n keys of the selection messages (spec 5). */
export const CHECK_RECORD = 'resource.checkRecord';
export const ONLY_ONE = 'resource.onlyOne';

/** The message key when the checked records do not suit the action, else undefined. */
export function selectionProblem(selection: Selection, checked: number): typeof CHECK_RECORD | typeof ONLY_ONE | undefined {
  if (selection === 'none') return undefined;
  if (checked === 0) return CHECK_RECORD;
  if (selection === 'one' && checked > 1) return ONLY_ONE;
  return undefined;
}
