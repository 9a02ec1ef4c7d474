/**
 * The modeler's calls: the model (queryModel, persistProcess, deployModel) and the choices of its
 * properties panel: users by organisation (queryOrgUserTree), roles (queryRoleName) and the
 * published forms (queryGeneratorForm).
 */
import type { Model } from '../../generated/types.ts';
import { platform, SILENT } from '../../api/platform.ts';
import { ApiError } from '../../http/apiError.ts';
import { envelopeMessage, listOf, type Page } from '../../http/envelope.ts';

export async function loadModel(id: number): Promise<Model | undefined> {
  const answer = await (await platform()).queryModel({ id, currentPage: 1, pageSize: 1 } as Record<string, unknown>, SILENT);
  return listOf(answer.data).find((m) => m.id === id);
}

/**
 * Saves the modeler's design as the platform's modeler does (persistProcess): the BPMN XML as
 * `jsonXml` and the diagram as `svgXml`, in the JSON body (the XML outgrows a query string).
 */
export async function saveModelXml(id: number, xml: string, svg: string | undefined): Promise<void> {
  await (await platform()).persistProcess({}, { modelId: id, jsonXml: xml, svgXml: svg }, SILENT);
}

export interface Deployed {
  message?: string;
  processKey?: string;
  version?: number;
}

export async function deployModel(id: number): Promise<Deployed> {
  const answer = await (await platform()).deployModel({ modelId: id }, SILENT);
  const data = (answer.data ?? {}) as { processKey?: string; version?: number };
  return { message: envelopeMessage(answer), processKey: data.processKey, version: data.version };
}

/** A refusal of the server: its message and the element (or field) it names. */
export interface Refusal {
  message: string;
  element?: string;
}

export function refusalOf(err: unknown): Refusal {
  if (err instanceof ApiError) {
    const errors = (err.body as { errors?: { field?: unknown }[] } | undefined)?.errors;
    const field = errors?.[0]?.field;
    return { message: err.message, element: typeof field === 'string' ? field : undefined };
  }
  return { message: err instanceof Error ? err.message : String(err) };
}

/** A node of the organisation tree with users as leaves (value: the org's key, or the username). */
export interface PeopleNode {
  value: string;
  title: string;
  selectable?: boolean;
  children?: PeopleNode[];
}

interface RawNode {
  key?: unknown;
  title?: unknown;
  isLeaf?: unknown;
  children?: RawNode[];
}

function peopleNode(raw: RawNode): PeopleNode {
  const title = String(raw.title ?? raw.key ?? '');
  if (raw.isLeaf === true) return { value: title, title };
  return { value: String(raw.key ?? title), title, selectable: false, children: (raw.children ?? []).map(peopleNode) };
}

/**
 * The part of the people tree a model may refer to: the organisations it names as referable
 * (`referOrgIds`, whole, keys `org-<id>`) and the users it names (`referUsernames`), under
 * their organisations. A model naming neither refers to everyone.
 */
export function referableTree(tree: PeopleNode[], model: Pick<Model, 'referOrgIds' | 'referUsernames'> | undefined): PeopleNode[] {
  const orgs = new Set((model?.referOrgIds ?? []).map((id) => `org-${id}`));
  const users = new Set(model?.referUsernames ?? []);
  if (orgs.size === 0 && users.size === 0) return tree;
  const keep = (node: PeopleNode): PeopleNode | undefined => {
    if (!node.children) return users.has(node.value) ? node : undefined;
    if (orgs.has(node.value)) return node;
    const children = node.children.map(keep).filter((n): n is PeopleNode => !!n);
    return children.length ? { ...node, children } : undefined;
  };
  return tree.map(keep).filter((n): n is PeopleNode => !!n);
}

export async function peopleTree(): Promise<PeopleNode[]> {
  const answer = await (await platform()).queryOrgUserTree({}, SILENT);
  const tree = (answer.data as { tree?: RawNode[] } | undefined)?.tree ?? [];
  return tree.map(peopleNode);
}

export interface Choice {
  value: string;
  label: string;
}

export async function roleChoices(): Promise<Choice[]> {
  const answer = await (await platform()).queryRoleName({}, SILENT);
  return listOf(answer.data as Record<string, unknown>[] | Page<Record<string, unknown>> | undefined)
    .map((r) => ({ value: String(r.roleCode ?? r.value ?? ''), label: String(r.roleName ?? r.label ?? r.roleCode ?? '') }))
    .filter((c) => c.value !== '');
}

/** The published forms, by the resource name they are published under. */
export async function formChoices(): Promise<Choice[]> {
  const answer = await (await platform()).queryGeneratorForm({ currentPage: 1, pageSize: 100 } as Record<string, unknown>, SILENT);
  return listOf(answer.data)
    .filter((f) => f.published && f.publishedName)
    .map((f) => ({ value: String(f.publishedName), label: `${f.formName} (${String(f.publishedName)})` }));
}
