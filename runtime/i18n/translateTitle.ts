import i18next from 'i18next';

/**
 * A route or menu title: `route.<title>` when the locale files have it, else the title as a
 * key, else the title itself (server menus may send plain names).
 */
export function translateTitle(title: string | undefined): string {
  if (!title) return '';
  if (i18next.exists(`route.${title}`)) return i18next.t(`route.${title}`);
  if (i18next.exists(title)) return i18next.t(title);
  return title;
}
