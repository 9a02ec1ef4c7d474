/**
 * The words of the role screens: a button is named by its page's action (its translated label,
 * "Query", "Export", "Grant role"), prefixed by the records' title where a page shows the
 * records of several resources ("User posts: Query"); a URL by the resource and the action whose
 * call it is. Read from the resource metadata (generated and published), loaded with the
 * dialog, as is what each page and button needs.
 */
import type { ResourceMeta } from '../../generated/resources.ts';
import { needsIndex, type NeedsIndex } from '../../../schemas/registry/grantNeeds.ts';
import { publishedState } from '../publishedState.ts';

type T = (key: string) => string;

/** A call URL as the role screens name it. */
interface CallName {
  /** The resource whose call it is. */
  resource: ResourceMeta;
  /** The resource's title. */
  title: string;
  /** The action whose call it is ("Export"), undefined when no action makes it. */
  action?: string;
}

export interface GrantLabels {
  button(code: string): string | undefined;
  /** The resource and action of a call URL, undefined for a call of no resource. */
  call(url: string): CallName | undefined;
  /** What the pages and buttons need (schemas/registry/grantNeeds.ts), from the same resources. */
  needs: NeedsIndex;
}

function actionText(t: T, action: { name: string; kind: string; label?: string }): string {
  return action.kind === 'custom' ? t(action.label ?? action.name) : t(`resource.actions.${action.name}`);
}

export async function grantLabels(t: T): Promise<GrantLabels> {
  const generated = (await import('../../generated/resources.ts')).resources;
  const all: ResourceMeta[] = [...Object.values(generated), ...Object.values(publishedState.resources as Record<string, ResourceMeta>)];
  const perMenu = new Map<string, number>();
  for (const r of all) if (r.menu && r.actions.length) perMenu.set(r.menu, (perMenu.get(r.menu) ?? 0) + 1);
  const buttons = new Map<string, string>();
  const urls = new Map<string, CallName>();
  for (const r of all) {
    const title = t(r.labels.title);
    const shared = !!r.menu && (perMenu.get(r.menu) ?? 0) > 1;
    for (const a of r.actions) {
      if (!a.permission || buttons.has(a.permission)) continue;
      const text = actionText(t, a);
      buttons.set(a.permission, shared ? `${title}: ${text}` : text);
    }
    for (const c of r.calls) {
      if (urls.has(c.url)) continue;
      const action = r.actions.find((a) => a.permission && a.permission === c.permission && (a.call === undefined || a.call === c.name));
      urls.set(c.url, action ? { resource: r, title, action: actionText(t, action) } : { resource: r, title });
    }
  }
  return { button: (code) => buttons.get(code), call: (url) => urls.get(url), needs: needsIndex(all) };
}
