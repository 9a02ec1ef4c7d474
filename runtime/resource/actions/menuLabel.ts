/** A menu's title in the current language: its title key translated, else its name. */
import { translateTitle } from '../../i18n/translateTitle.ts';
import { plainMenuLabel, type MenuLabel } from './grantTree.ts';

export const menuLabel: MenuLabel = (menu) => {
  const key = typeof menu.menuTitle === 'string' ? menu.menuTitle : '';
  const title = key ? translateTitle(key) : '';
  return title && title !== key ? title : plainMenuLabel(menu);
};
