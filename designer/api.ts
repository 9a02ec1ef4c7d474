/**
 * The generator form calls (resource GeneratorForm, service `generator`, path `generatorform`)
 * through the console's HTTP client: save a form (its `formContent` is the designer
 * document as JSON text), publish it as a resource for roles under a parent menu, unpublish
 * it, and the server's check of a document.
 */
import { request } from '../runtime/http/request.ts';
import type { Envelope, Page } from '../runtime/http/envelope.ts';
import { listOf } from '../runtime/http/envelope.ts';
import { platform, SILENT } from '../runtime/api/platform.ts';

const BASE = '/api/generator/generatorform';

export interface GeneratorForm {
  id?: number;
  formName: string;
  formDescription: string;
  /** The designer document as JSON text. */
  formContent: string;
  published?: boolean;
  publishedName?: string;
  createTime?: string;
}

/** Adds or updates a form; answers the stored form (with its id). */
export async function saveGeneratorForm(form: GeneratorForm): Promise<GeneratorForm> {
  const body = { formName: form.formName, formDescription: form.formDescription, formContent: form.formContent };
  const answer =
    form.id === undefined
      ? await request<Envelope<GeneratorForm>>({ method: 'POST', url: `${BASE}/addGeneratorForm`, data: body })
      : await request<Envelope<GeneratorForm>>({ method: 'POST', url: `${BASE}/updateGeneratorForm`, data: { ...body, id: form.id } });
  return { ...form, ...(answer.data ?? {}) };
}

/** One stored form by id. */
export async function loadGeneratorForm(id: number): Promise<GeneratorForm | undefined> {
  const answer = await request<Envelope<GeneratorForm[] | Page<GeneratorForm>>>({
    method: 'GET',
    url: `${BASE}/queryGeneratorForm`,
    params: { id, currentPage: 1, pageSize: 1 },
  });
  return listOf(answer.data).find((f) => f.id === id);
}

export async function publishGeneratorForm(id: number, roleCodes: string[], parentMenuCode: string | undefined): Promise<void> {
  await request({
    method: 'POST',
    url: `${BASE}/publishGeneratorForm`,
    data: { id, roleCodes, ...(parentMenuCode ? { parentMenuCode } : {}) },
  });
}

export async function unpublishGeneratorForm(id: number): Promise<void> {
  await request({ method: 'POST', url: `${BASE}/unpublishGeneratorForm`, data: { id } });
}

export interface Choice {
  value: string;
  label: string;
}

/** The roles of the caller's tenant, for the publish dialog. */
export async function roleChoices(): Promise<Choice[]> {
  const answer = await (await platform()).queryRoleName({}, SILENT);
  const rows = listOf(answer.data as Record<string, unknown>[] | Page<Record<string, unknown>> | undefined);
  return rows
    .map((r) => ({ value: String(r.roleCode ?? r.value ?? ''), label: String(r.roleName ?? r.label ?? r.roleCode ?? '') }))
    .filter((c) => c.value !== '');
}

interface MenuNode {
  menuCode?: string;
  code?: string;
  menuName?: string;
  title?: string;
  children?: MenuNode[];
}

/** The menus a published form may go under (the tree flattened, indented by depth). */
export async function parentMenuChoices(): Promise<Choice[]> {
  const answer = await (await platform()).querySysMenuTree({}, SILENT);
  const out: Choice[] = [];
  const walk = (nodes: readonly MenuNode[] | undefined, depth: number) => {
    for (const n of nodes ?? []) {
      const code = n.menuCode ?? n.code;
      if (code) out.push({ value: code, label: `${'  '.repeat(depth)}${n.menuName ?? n.title ?? code}` });
      walk(n.children, depth + 1);
    }
  };
  walk(answer.data as unknown as MenuNode[], 0);
  return out;
}
