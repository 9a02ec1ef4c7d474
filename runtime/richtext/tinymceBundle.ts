/**
 * TinyMCE, self-hosted: the editor, its theme, model, icons, skin, content CSS and plugins
 * come from the `tinymce` npm package through the bundler, and the Chinese language packs
 * from `tinymce-i18n`; nothing is fetched from a CDN, and no licence check goes over the
 * network (GPL licence key). Only the rich-text editor imports this module, so all of it loads
 * with the first form that shows a rich-text field, never with the sign-in page.
 */
import tinymce from 'tinymce';
import 'tinymce/models/dom';
import 'tinymce/themes/silver';
import 'tinymce/icons/default';
import 'tinymce/skins/ui/oxide/skin.js';
import 'tinymce/skins/ui/oxide/content.js';
import 'tinymce/skins/content/default/content.js';
import 'tinymce/plugins/advlist';
import 'tinymce/plugins/anchor';
import 'tinymce/plugins/autolink';
import 'tinymce/plugins/charmap';
import 'tinymce/plugins/code';
import 'tinymce/plugins/fullscreen';
import 'tinymce/plugins/image';
import 'tinymce/plugins/insertdatetime';
import 'tinymce/plugins/link';
import 'tinymce/plugins/lists';
import 'tinymce/plugins/nonbreaking';
import 'tinymce/plugins/preview';
import 'tinymce/plugins/searchreplace';
import 'tinymce/plugins/table';
import 'tinymce/plugins/visualblocks';
import 'tinymce/plugins/visualchars';
import 'tinymce/plugins/wordcount';
import type { Locale } from '../constants/spec.ts';

export { tinymce };

/** The plugins the editor uses (all imported above). */
export const TINYMCE_PLUGINS =
  'advlist anchor autolink charmap code fullscreen image insertdatetime link lists nonbreaking preview searchreplace table visualblocks visualchars wordcount';

/** The language packs of the console's languages (English is built in). */
const LANGUAGE_PACKS: Record<Locale, { code: string; load: () => Promise<unknown> } | undefined> = {
  en: undefined,
  zh: { code: 'zh-CN', load: () => import('tinymce-i18n/langs8/zh-CN.js') },
  tw: { code: 'zh-TW', load: () => import('tinymce-i18n/langs8/zh-TW.js') },
};

/** Loads the editor's language pack for a console language; resolves with TinyMCE's language code (undefined: English). */
export async function loadEditorLanguage(locale: string): Promise<string | undefined> {
  const pack = LANGUAGE_PACKS[locale as Locale];
  if (!pack) return undefined;
  if (!tinymce.i18n.hasCode(pack.code)) await pack.load();
  return pack.code;
}
