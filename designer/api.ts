/**
 * The generator form calls (resource GeneratorForm, service `generator`, path `generatorform`)
 * through the console's HTTP client: save a form (its `formContent` is the designer document
 * as JSON text, with how it is published: `publishRoles`, `publishParentMenu`) and read one
 * back. Publishing and unpublishing are the saved forms' row actions' own calls
 * (runtime/resource/actions/GeneratorFormPublish.tsx).
 */
import { request } from '../runtime/http/request.ts';
import type { Envelope, Page } from '../runtime/http/envelope.ts';
import { listOf } from '../runtime/http/envelope.ts';

const BASE = '/api/generator/generatorform';

export interface GeneratorForm {
  id?: number;
  formName: string;
  formDescription: string;
  /** The designer document as JSON text. */
  formContent: string;
  /** The roles publishing grants the page to, comma-separated. */
  publishRoles?: string;
  /** The menu the published page goes under. */
  publishParentMenu?: string;
  published?: boolean;
  publishedName?: string;
  createTime?: string;
}

/**
 * Adds (no id) or updates a form with the values of its record form (an emptied field is null,
 * as the generic record form sends it); answers the stored form.
 */
export async function saveGeneratorForm(id: number | undefined, values: Readonly<Record<string, unknown>>): Promise<GeneratorForm> {
  const answer =
    id === undefined
      ? await request<Envelope<GeneratorForm>>({ method: 'POST', url: `${BASE}/addGeneratorForm`, data: values })
      : await request<Envelope<GeneratorForm>>({ method: 'PUT', url: `${BASE}/updateGeneratorForm`, data: { ...values, id } });
  return { ...(values as unknown as GeneratorForm), ...(id === undefined ? {} : { id }), ...(answer.data ?? {}) };
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
