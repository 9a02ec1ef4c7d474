import { translator } from './translator.ts';

/**
 * A route or menu title: `route.<title>` when the locale files have it, else the title as a
 * key, else the title itself (server menus may send plain names).
 */
export function translateTitle(title: string | undefined): string {
  if (!title) return '';
  if (translator.exists(`route.${title}`)) return translator.t(`route.${title}`);
  if (translator.exists(title)) return translator.t(title);
  return title;
}
