/**
 * What the role screens tick with a menu or a button: the buttons and calls its page needs
 * (schemas/registry/grantNeeds.ts), ticked as soon as the menu or button is, marked "needed by"
 * it, and untickable before saving; and the calls grouped by page. Pure, no React.
 *
 * - Ticking a menu (its page) or a button ticks what it needs that is not ticked yet; those
 *   entries are "brought" by this dialog.
 * - Unticking it again unticks what it brought and no other ticked page or button needs.
 * - An entry the user ticks or unticks is the user's choice from then on: it is never changed
 *   for them again (ticking a page again brings it again).
 * - Saving sends exactly what is ticked.
 */
import { buttonNeeds, menuNeeds, type NeedsIndex } from '../../../schemas/registry/grantNeeds.ts';
import { buttonKey, conduct, isButtonKey, keysToSave, type CheckNode } from './grantTree.ts';

/** The ticks of the three trees and what the dialog ticked by itself. */
export interface GrantDraft {
  /** Menu tree keys (menu ids). */
  menus: string[];
  /** Button tree keys (`menu:<code>`, `button:<code>`). */
  buttons: string[];
  /** Call tree keys (`page:<group>`, `url:<id>`). */
  urls: string[];
  /** Button and call keys ticked because a ticked page or button needs them. */
  brought: string[];
}

export interface NeedsContext {
  index: NeedsIndex;
  menuNodes: readonly CheckNode[];
  buttonNodes: readonly CheckNode[];
  urlNodes: readonly CheckNode[];
  /** The menu code of a menu tree key. */
  menuCode(key: string): string | undefined;
  menuTitle(code: string): string;
  buttonTitle(code: string): string;
  /** The call tree key of a call URL (undefined: not listed). */
  urlKey(url: string): string | undefined;
  /** True when the button tree lists the button. */
  buttonListed(code: string): boolean;
}

interface Source {
  id: string;
  label: string;
  targets: string[];
}

const URL_PREFIX = 'url:';

export function urlKeyOf(id: string | number): string {
  return `${URL_PREFIX}${id}`;
}

export function isUrlKey(key: string): boolean {
  return key.startsWith(URL_PREFIX);
}

/** The call ids of call tree keys. */
export function urlIds(keys: Iterable<string>): number[] {
  return [...keys]
    .filter(isUrlKey)
    .map((k) => k.slice(URL_PREFIX.length))
    .filter((k) => /^\d+$/.test(k))
    .map(Number);
}

function targetsOf(ctx: NeedsContext, needs: { urls: Set<string>; buttons: Set<string> }, self?: string): string[] {
  const out: string[] = [];
  for (const code of needs.buttons) if (code !== self && ctx.buttonListed(code)) out.push(buttonKey(code));
  for (const url of needs.urls) {
    const key = ctx.urlKey(url);
    if (key) out.push(key);
  }
  return out;
}

/** The ticked pages and buttons (those the user ticked) with what each needs. */
function sourcesOf(ctx: NeedsContext, draft: GrantDraft): Source[] {
  const out: Source[] = [];
  for (const key of keysToSave(conduct(ctx.menuNodes, draft.menus))) {
    const code = ctx.menuCode(key);
    if (!code) continue;
    const targets = targetsOf(ctx, menuNeeds(ctx.index, code));
    if (targets.length) out.push({ id: `menu:${code}`, label: ctx.menuTitle(code), targets });
  }
  const brought = new Set(draft.brought);
  for (const key of draft.buttons) {
    if (!isButtonKey(key) || brought.has(key)) continue;
    const code = key.slice(buttonKey('').length);
    const targets = targetsOf(ctx, buttonNeeds(ctx.index, code), code);
    if (targets.length) out.push({ id: key, label: ctx.buttonTitle(code), targets });
  }
  return out;
}

/** For each button and call key, the names of the ticked pages and buttons that need it. */
export function neededBy(ctx: NeedsContext, draft: GrantDraft): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const s of sourcesOf(ctx, draft)) {
    for (const key of s.targets) {
      const list = out.get(key) ?? [];
      if (!list.includes(s.label)) list.push(s.label);
      out.set(key, list);
    }
  }
  return out;
}

const leaves = (keys: readonly string[], leaf: (k: string) => boolean) => new Set(keys.filter(leaf));

/**
 * The draft after a change of the user's (`next`, from `prev`): what newly ticked pages and
 * buttons need is ticked, what the dialog brought and nothing ticked needs any more is
 * unticked, and the entries the user changed are theirs.
 */
export function withNeeds(ctx: NeedsContext, prev: GrantDraft, next: GrantDraft): GrantDraft {
  const buttons = leaves(next.buttons, isButtonKey);
  const urls = leaves(next.urls, isUrlKey);
  const was = new Set([...prev.buttons.filter(isButtonKey), ...prev.urls.filter(isUrlKey)]);
  const now = new Set([...buttons, ...urls]);
  // an entry the user changed is theirs
  const brought = new Set(next.brought.filter((k) => was.has(k) === now.has(k)));
  const tick = (key: string, on: boolean) => {
    const set = isButtonKey(key) ? buttons : urls;
    if (on) set.add(key);
    else set.delete(key);
  };
  const before = new Set(sourcesOf(ctx, prev).map((s) => s.id));
  const draft = (): GrantDraft => ({ menus: next.menus, buttons: [...buttons], urls: [...urls], brought: [...brought] });
  for (const s of sourcesOf(ctx, draft())) {
    if (before.has(s.id)) continue;
    for (const key of s.targets) {
      if (buttons.has(key) || urls.has(key)) continue;
      tick(key, true);
      brought.add(key);
    }
  }
  const needed = neededBy(ctx, draft());
  for (const key of [...brought]) {
    if (needed.has(key)) continue;
    tick(key, false);
    brought.delete(key);
  }
  return {
    menus: next.menus,
    buttons: conduct(ctx.buttonNodes, buttons).checked,
    urls: conduct(ctx.urlNodes, urls).checked,
    brought: [...brought],
  };
}

/** A call as the call tree shows it: its group (the page) and its title there. */
export interface CallPlace {
  group: string;
  groupTitle: string;
  title: string;
  /** Told after the title when two calls of a group have the same title (the call's description). */
  detail: string;
}

/**
 * The calls grouped by page (`page:<group>` nodes, by title, the group named by `last` at the
 * end), each call a leaf keyed `url:<id>`, by title.
 */
export function urlCheckTree(
  calls: readonly { id?: unknown; url?: unknown }[],
  place: (url: string) => CallPlace,
  last?: string,
): CheckNode[] {
  const groups = new Map<string, { key: string; title: string; calls: { key: string; place: CallPlace }[] }>();
  for (const c of calls) {
    if (c.id === undefined || c.id === null || typeof c.url !== 'string') continue;
    const p = place(c.url);
    const group = groups.get(p.group) ?? { key: `page:${p.group}`, title: p.groupTitle, calls: [] };
    group.calls.push({ key: urlKeyOf(String(c.id)), place: p });
    groups.set(p.group, group);
  }
  const byTitle = (a: CheckNode, b: CheckNode) => a.title.localeCompare(b.title);
  const out = [...groups.values()].map((g) => {
    const seen = new Map<string, number>();
    for (const c of g.calls) seen.set(c.place.title, (seen.get(c.place.title) ?? 0) + 1);
    const children: CheckNode[] = g.calls.map((c) => ({
      key: c.key,
      title: (seen.get(c.place.title) ?? 0) > 1 && c.place.detail ? `${c.place.title} (${c.place.detail})` : c.place.title,
      isLeaf: true,
    }));
    return { key: g.key, title: g.title, children: children.sort(byTitle) };
  });
  return out.sort((a, b) => Number(a.key === `page:${last}`) - Number(b.key === `page:${last}`) || byTitle(a, b));
}
