/**
 * Loads, after sign-in, the resources the user's tenant published from documents: their
 * metadata into the registry the pages read (resource/publishedState.ts, added by the signed-in
 * layout's PublishedRegistry) and their labels into the translator, so that the generic resource page
 * renders them at their menu's route exactly as it renders the files' resources.
 */
import type { ResourceMeta } from '../generated/resources.ts';
import { LOCALES, type Locale } from '../../schemas/registry/limits.ts';
import { translator, type Messages } from '../i18n/translator.ts';
import { request } from '../http/request.ts';
import type { Envelope } from '../http/envelope.ts';
import { publishedState, setPublished } from './publishedState.ts';

/** The call that answers them (resource GeneratorForm, handler documents.published). */
const PUBLISHED_RESOURCES_URL = '/api/generator/generatorform/queryPublishedResources';

interface PublishedAnswer {
  resources?: ResourceMeta[];
  messages?: Partial<Record<Locale, Messages>>;
}

/**
 * Fetch and install the published resources. A failure leaves the console with the files'
 * resources only (the menu then shows no entry for a published one: nothing renders blank).
 * Answers whether the set of published resources changed (a name, a route or a field).
 */
export async function loadPublishedResources(): Promise<boolean> {
  let answer: Envelope<PublishedAnswer>;
  const before = JSON.stringify(publishedState.resources);
  try {
    answer = await request<Envelope<PublishedAnswer>>({ method: 'GET', url: PUBLISHED_RESOURCES_URL, silent: true });
  } catch {
    setPublished({});
    return before !== '{}';
  }
  const data = answer.data ?? {};
  // the console's own strings and the schema labels win a clash (overwrite false)
  for (const locale of LOCALES) translator.addMessages(locale, data.messages?.[locale] ?? {}, false);
  const next = Object.fromEntries((data.resources ?? []).map((r) => [r.name, r]));
  if (JSON.stringify(next) === before) return false;
  setPublished(next);
  return true;
}
