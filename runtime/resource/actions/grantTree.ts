/**
 * The checkbox trees of the permission screens, built from the server's answers, and the
 * tick state they show: menus of a role (keyed by menu id), buttons of a role (menus with
 * their buttons), the checked values of a tree answer (a user's posts); the generic assign
 * action's tree is assignModel.ts's leafTree. Pure, no React.
 *
 * A tree ticks "in conduct": ticking a parent ticks every child, and a parent shows ticked
 * when all its children are, half-ticked when some are (antd Tree's default). A grant list is
 * therefore shown by ticking its leaves, and saved as the ticked keys plus the half-ticked
 * parents (the server adds a granted menu's ancestors anyway).
 */

export interface CheckNode {
  key: string;
  title: string;
  children?: CheckNode[];
  /** A node that cannot be ticked (an organisation without users, a menu without buttons). */
  disableCheckbox?: boolean;
  isLeaf?: boolean;
}

export interface CheckState {
  checked: string[];
  halfChecked: string[];
}

type Raw = Record<string, unknown>;

function isRecord(value: unknown): value is Raw {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function records(value: unknown): Raw[] {
  return Array.isArray(value) ? value.filter(isRecord) : [];
}

function text(value: unknown): string {
  return value === undefined || value === null ? '' : String(value);
}

/** Every node of a tree, parents before children. */
export function walk(nodes: readonly CheckNode[]): CheckNode[] {
  const out: CheckNode[] = [];
  const visit = (list: readonly CheckNode[]) => {
    for (const n of list) {
      out.push(n);
      if (n.children) visit(n.children);
    }
  };
  visit(nodes);
  return out;
}

function enabledChildren(node: CheckNode): CheckNode[] {
  return (node.children ?? []).filter((c) => !c.disableCheckbox);
}

/**
 * The state antd Tree shows for ticked `keys`: a ticked node ticks its descendants; a parent
 * is ticked when all its (tickable) children are, half-ticked when some are ticked or
 * half-ticked. Nodes that cannot be ticked never are; keys not in the tree are dropped.
 */
export function conduct(nodes: readonly CheckNode[], keys: Iterable<string>): CheckState {
  const wanted = new Set(keys);
  const checked = new Set<string>();
  const half = new Set<string>();
  const down = (node: CheckNode, inherited: boolean) => {
    if (node.disableCheckbox) {
      for (const c of node.children ?? []) down(c, false);
      return;
    }
    const on = inherited || wanted.has(node.key);
    if (on) checked.add(node.key);
    for (const c of node.children ?? []) down(c, on);
  };
  for (const n of nodes) down(n, false);
  const up = (node: CheckNode): void => {
    for (const c of node.children ?? []) up(c);
    if (node.disableCheckbox) return;
    const kids = enabledChildren(node);
    if (kids.length === 0) return;
    const all = kids.every((c) => checked.has(c.key));
    const some = kids.some((c) => checked.has(c.key) || half.has(c.key));
    checked.delete(node.key);
    if (all) checked.add(node.key);
    else if (some) half.add(node.key);
  };
  for (const n of nodes) up(n);
  const order = walk(nodes).map((n) => n.key);
  return { checked: order.filter((k) => checked.has(k)), halfChecked: order.filter((k) => half.has(k)) };
}

/**
 * The ticked state of a grant list: its leaves (nodes without tickable children) are ticked
 * and the parents follow. A granted parent with no granted child below it shows unticked.
 */
export function grantedState(nodes: readonly CheckNode[], granted: Iterable<string>): CheckState {
  const set = new Set(granted);
  const leaves = walk(nodes).filter((n) => !n.disableCheckbox && enabledChildren(n).length === 0 && set.has(n.key));
  return conduct(
    nodes,
    leaves.map((n) => n.key),
  );
}

/** What a grant list becomes: the ticked keys and the half-ticked parents, in tree order. */
export function keysToSave(state: CheckState): string[] {
  return [...state.checked, ...state.halfChecked.filter((k) => !state.checked.includes(k))];
}

export function sameKeys(a: Iterable<string>, b: Iterable<string>): boolean {
  const x = new Set(a);
  const y = new Set(b);
  return x.size === y.size && [...x].every((k) => y.has(k));
}

/** Keys of the top-level nodes (expanded when a tree opens). */
export function topKeys(nodes: readonly CheckNode[]): string[] {
  return nodes.filter((n) => n.children?.length).map((n) => n.key);
}

// ---- Menus -----------------------------------------------------------------------------

/** A menu record of querySysMenuTree / querySysMenuButtonTree. */
interface MenuLike {
  id?: unknown;
  menuCode?: unknown;
  menuName?: unknown;
  menuTitle?: unknown;
  children?: unknown;
  buttons?: unknown;
}

/** The title of a menu: its translated title key, else its name, else its code. */
export type MenuLabel = (menu: MenuLike) => string;

export const plainMenuLabel: MenuLabel = (m) => text(m.menuName) || text(m.menuCode);

/** Which menus the role screens offer (the pages the console renders); absent: every menu. */
export type MenuFilter = (menuCode: string) => boolean;

/**
 * querySysMenuTree → the tree of a role's menus, keyed by menu id. With `keep`, a menu is
 * listed when it is kept or a menu under it is.
 */
export function menuCheckTree(answer: unknown, label: MenuLabel = plainMenuLabel, keep?: MenuFilter): CheckNode[] {
  const build = (list: unknown, depth: number): CheckNode[] => {
    if (depth > 64) return [];
    const out: CheckNode[] = [];
    for (const m of records(list)) {
      if (m.id === undefined || m.id === null) continue;
      const children = build(m.children, depth + 1);
      if (keep && !children.length && !keep(text(m.menuCode))) continue;
      const node: CheckNode = { key: text(m.id), title: label(m) };
      if (children.length) node.children = children;
      out.push(node);
    }
    return out;
  };
  return build(answer, 0);
}

/** The nodes whose title contains the search text (any case), with their ancestors; every node without one. */
export function filterTree(nodes: readonly CheckNode[], search: string): CheckNode[] {
  const q = search.trim().toLowerCase();
  if (!q) return [...nodes];
  const out: CheckNode[] = [];
  for (const n of nodes) {
    if (n.title.toLowerCase().includes(q)) {
      out.push(n);
      continue;
    }
    const children = filterTree(n.children ?? [], search);
    if (children.length) out.push({ ...n, children });
  }
  return out;
}

/** Keys of every node that has children (expand all). */
export function parentKeys(nodes: readonly CheckNode[]): string[] {
  return walk(nodes)
    .filter((n) => n.children?.length)
    .map((n) => n.key);
}

export interface MenuChoice {
  value: string;
  title: string;
  children?: MenuChoice[];
}

/** querySysMenuTree → the menus as tree-select choices, valued by menu code. */
export function menuCodeTree(answer: unknown, label: MenuLabel = plainMenuLabel): MenuChoice[] {
  const build = (list: unknown, depth: number): MenuChoice[] =>
    depth > 64
      ? []
      : records(list)
          .filter((m) => text(m.menuCode) !== '')
          .map((m) => {
            const children = build(m.children, depth + 1);
            const choice: MenuChoice = { value: text(m.menuCode), title: label(m) };
            if (children.length) choice.children = children;
            return choice;
          });
  return build(answer, 0);
}

/** queryMenuIdByRoleId → the menu ids as keys. */
export function idKeys(answer: unknown): string[] {
  return Array.isArray(answer)
    ? answer
        .filter((v) => (typeof v === 'number' && Number.isInteger(v) && v > 0) || (typeof v === 'string' && /^\d+$/.test(v)))
        .map(String)
    : [];
}

/** Keys back to the numeric ids the grant calls take. */
export function keysToIds(keys: Iterable<string>): number[] {
  return [...keys].filter((k) => /^\d+$/.test(k)).map(Number);
}

// ---- Buttons ---------------------------------------------------------------------------

const MENU_PREFIX = 'menu:';
const BUTTON_PREFIX = 'button:';

export function buttonKey(buttonCode: string): string {
  return `${BUTTON_PREFIX}${buttonCode}`;
}

export function isButtonKey(key: string): boolean {
  return key.startsWith(BUTTON_PREFIX);
}

function buttonCodeOf(key: string): string {
  return key.slice(BUTTON_PREFIX.length);
}

export interface ButtonTree {
  nodes: CheckNode[];
  /** The menu of each button code. */
  menuOf: Map<string, string>;
  /** The menus that have buttons, with their button codes. */
  buttonsOf: Map<string, string[]>;
}

/**
 * querySysMenuButtonTree → menus (keyed `menu:<code>`) with their buttons as leaves (keyed
 * `button:<code>`, titled by name and code). Menus with no button in their subtree are left out.
 */
export function buttonCheckTree(
  answer: unknown,
  label: MenuLabel = plainMenuLabel,
  keep?: MenuFilter,
  buttonLabel?: (buttonCode: string) => string | undefined,
): ButtonTree {
  const menuOf = new Map<string, string>();
  const buttonsOf = new Map<string, string[]>();
  const build = (list: unknown, depth: number): CheckNode[] => {
    if (depth > 64) return [];
    const out: CheckNode[] = [];
    for (const m of records(list)) {
      const menuCode = text(m.menuCode);
      if (!menuCode) continue;
      const buttons: CheckNode[] = [];
      for (const b of keep && !keep(menuCode) ? [] : records(m.buttons)) {
        const code = text(b.buttonCode);
        if (!code || menuOf.has(code)) continue;
        menuOf.set(code, menuCode);
        buttonsOf.set(menuCode, [...(buttonsOf.get(menuCode) ?? []), code]);
        const name = buttonLabel?.(code) ?? text(b.buttonName);
        buttons.push({ key: buttonKey(code), title: name || code, isLeaf: true });
      }
      const children = [...build(m.children, depth + 1), ...buttons];
      if (children.length) out.push({ key: `${MENU_PREFIX}${menuCode}`, title: label(m), children });
    }
    return out;
  };
  const nodes = build(answer, 0);
  return { nodes, menuOf, buttonsOf };
}

/** queryMenuButtonByRoleCode → the button codes as keys. */
export function buttonKeys(answer: unknown): string[] {
  return Array.isArray(answer) ? answer.filter((v): v is string => typeof v === 'string' && v !== '').map(buttonKey) : [];
}

/** The ticked button codes of each menu that has buttons (an empty list when none is ticked). */
export function buttonsByMenu(tree: ButtonTree, checked: Iterable<string>): Map<string, string[]> {
  const ticked = new Set([...checked].filter(isButtonKey).map(buttonCodeOf));
  const out = new Map<string, string[]>();
  for (const [menuCode, codes] of tree.buttonsOf)
    out.set(
      menuCode,
      codes.filter((c) => ticked.has(c)),
    );
  return out;
}

/**
 * The authorizeMenuButtonToRole calls a change needs: one per menu whose ticked buttons
 * differ from what the role held, in tree order.
 */
export function changedButtonMenus(
  tree: ButtonTree,
  before: Iterable<string>,
  after: Iterable<string>,
): { menuCode: string; buttonCode: string[] }[] {
  const was = buttonsByMenu(tree, before);
  const now = buttonsByMenu(tree, after);
  const out: { menuCode: string; buttonCode: string[] }[] = [];
  for (const [menuCode, codes] of now) {
    if (!sameKeys(codes, was.get(menuCode) ?? [])) out.push({ menuCode, buttonCode: codes });
  }
  return out;
}

// ---- Organisations and users -----------------------------------------------------------

// ---- Held values -----------------------------------------------------------------------

export interface HeldChoice {
  value: string;
  label: string;
  main: boolean;
}

/**
 * A {tree, checked, main} answer (querySysUserPostTree: the post tree with a user's posts) →
 * the checked nodes as choices (by key, titled), the main one first, then by label.
 */
export function heldChoices(answer: unknown): HeldChoice[] {
  const body = isRecord(answer) ? answer : {};
  const held = new Set(Array.isArray(body.checked) ? body.checked.map(text) : []);
  const main = text(body.main);
  const titles = new Map<string, string>();
  const visit = (list: unknown, depth: number) => {
    if (depth > 64) return;
    for (const p of records(list)) {
      const code = text(p.postCode ?? p.key);
      if (code) titles.set(code, text(p.title ?? p.postName) || code);
      visit(p.children, depth + 1);
    }
  };
  visit(body.tree, 0);
  const out = [...held].filter(Boolean).map((code) => ({ value: code, label: titles.get(code) ?? code, main: code === main }));
  return out.sort((a, b) => Number(b.main) - Number(a.main) || a.label.localeCompare(b.label));
}

// ---- Options ---------------------------------------------------------------------------

export interface Option {
  value: string;
  label: string;
}

/** A look-up answer ([{label, value}]) as options with text values. */
export function options(answer: unknown): Option[] {
  return records(answer)
    .filter((o) => o.value !== undefined && o.value !== null && o.value !== '')
    .map((o) => ({ value: text(o.value), label: text(o.label) || text(o.value) }));
}
