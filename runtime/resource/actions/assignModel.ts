/**
 * The data of the generic assign action (an action's `assign` section editing a link of the
 * record, docs/resources.md): the parameters of its calls, the candidates read from their
 * answers (options or records for a checkbox list or a transfer; a tree whose leaves carry the
 * link's value), the keys linked now, and the values saving sends. Pure, no React.
 *
 * A candidate's key is its value as text (what antd ticks); the value itself, with its type,
 * is kept beside it and sent back as the server gave it.
 */
import type { ActionMeta, LinkMeta } from '../../generated/resources.ts';
import { walk, type CheckNode } from './grantTree.ts';

export type AssignSpec = NonNullable<ActionMeta['assign']>;

type Raw = Record<string, unknown>;

const isRecord = (value: unknown): value is Raw => typeof value === 'object' && value !== null && !Array.isArray(value);
const records = (value: unknown): Raw[] => (Array.isArray(value) ? value.filter(isRecord) : []);
const text = (value: unknown): string => (value === undefined || value === null ? '' : String(value));
const present = (value: unknown): boolean => value !== undefined && value !== null && value !== '';

/** The record's value the link rows hold (its id, or its recordField); undefined when it has none. */
export function ownerValue(link: LinkMeta, record: Raw | undefined): unknown {
  const value = record?.[link.recordField ?? 'id'];
  return present(value) ? value : undefined;
}

/** The parameters naming the record (and the scope value chosen) in the link's calls. */
export function ownerParams(link: LinkMeta, owner: unknown, scope?: Raw): Raw {
  return { ...scope, [link.through.recordKey]: owner };
}

/** What saving sends: the record, the scope value chosen, and the values of the checked keys. */
export function saveBody(link: LinkMeta, owner: unknown, values: readonly unknown[], scope?: Raw): Raw {
  return { ...ownerParams(link, owner, scope), [link.through.valueKey]: [...values] };
}

export interface Choice {
  key: string;
  label: string;
  /** A second text (the transfer shows it after the label). */
  description: string;
  value: unknown;
}

/**
 * Candidates of a list or transfer: a look-up answer ([{label, value}]) or records of the
 * linked resource (labelled by the link's labelField, described by `description`), without
 * repeats; ordered by `description` when given, else as answered.
 */
export function choicesOf(answer: unknown, link: LinkMeta, description?: string): Choice[] {
  const byKey = new Map<string, Choice>();
  for (const r of records(answer)) {
    const isOption = 'value' in r && 'label' in r && !(link.valueField in r);
    const value = isOption ? r.value : r[link.valueField];
    if (!present(value)) continue;
    const key = text(value);
    byKey.set(key, {
      key,
      value,
      label: text(isOption ? r.label : r[link.labelField]) || key,
      description: description ? text(r[description]) : '',
    });
  }
  const out = [...byKey.values()];
  return description ? out.sort((a, b) => a.description.localeCompare(b.description)) : out;
}

/** Keys of the values a linked call answered (values, or records of the linked resource), among the candidates. */
export function linkedKeys(answer: unknown, link: LinkMeta, candidates: Iterable<string>): string[] {
  const known = new Set(candidates);
  const values = Array.isArray(answer) ? answer.map((v) => (isRecord(v) ? v[link.valueField] : v)) : [];
  return [...new Set(values.filter(present).map(text))].filter((k) => known.has(k));
}

export interface LeafTree {
  nodes: CheckNode[];
  /** The value of each leaf, by key. */
  values: Map<string, unknown>;
  /** Keys of the leaves linked now. */
  linked: string[];
}

/**
 * A {tree, checked} answer (queryOrgUserTree): its leaves are the nodes carrying the link's
 * valueKey (userId), whose value that is; `checked` lists the linked values. A node with no
 * leaf below it (an organisation without users) cannot be ticked.
 */
export function leafTree(answer: unknown, valueKey: string): LeafTree {
  const body = isRecord(answer) ? answer : {};
  const values = new Map<string, unknown>();
  const build = (list: unknown, depth: number): CheckNode[] => {
    if (depth > 64) return [];
    const out: CheckNode[] = [];
    for (const n of records(list)) {
      const key = text(n.key);
      if (!key) continue;
      if (present(n[valueKey])) {
        values.set(key, n[valueKey]);
        out.push({ key, title: text(n.title) || key, isLeaf: true });
        continue;
      }
      const children = build(n.children, depth + 1);
      const node: CheckNode = { key, title: text(n.title) || key };
      if (children.length) node.children = children;
      if (!walk(children).some((c) => values.has(c.key))) node.disableCheckbox = true;
      out.push(node);
    }
    return out;
  };
  const nodes = build(body.tree, 0);
  const keyOf = new Map([...values].map(([key, value]) => [text(value), key]));
  const checked = Array.isArray(body.checked) ? body.checked.map(text) : [];
  const linked = [...new Set(checked.map((v) => keyOf.get(v)).filter((k): k is string => k !== undefined))];
  return { nodes, values, linked };
}

/** The values of the checked keys that stand for candidates (a tree's ticked organisations stand for none). */
export function valuesOf(values: ReadonlyMap<string, unknown>, checked: Iterable<string>): unknown[] {
  return [...checked].filter((k) => values.has(k)).map((k) => values.get(k));
}

/** Candidate values by key, for a list of choices. */
export function valueMap(choices: readonly Choice[]): Map<string, unknown> {
  return new Map(choices.map((c) => [c.key, c.value]));
}
