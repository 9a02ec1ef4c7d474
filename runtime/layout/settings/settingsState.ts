/** Layout settings (spec 3, 9), persisted in local storage. */
import { proxy, subscribe } from 'valtio';
import { DEFAULT_SETTINGS, SETTINGS_STORAGE_KEY } from '../../constants/spec.ts';

export type Settings = typeof DEFAULT_SETTINGS;
export type ChangeableSetting = 'theme' | 'tagsView' | 'fixedHeader' | 'sidebarLogo' | 'supportPinyinSearch';

function load(): Settings {
  try {
    const raw = localStorage.getItem(SETTINGS_STORAGE_KEY);
    if (raw) return { ...DEFAULT_SETTINGS, ...(JSON.parse(raw) as Partial<Settings>) };
  } catch {
    // A corrupt entry falls back to the defaults.
  }
  return { ...DEFAULT_SETTINGS };
}

export const settingsState = proxy<Settings>(load());

subscribe(settingsState, () => {
  const { theme, tagsView, fixedHeader, sidebarLogo, supportPinyinSearch } = settingsState;
  localStorage.setItem(SETTINGS_STORAGE_KEY, JSON.stringify({ theme, tagsView, fixedHeader, sidebarLogo, supportPinyinSearch }));
});

export function changeSetting<K extends ChangeableSetting>(key: K, value: Settings[K]): void {
  settingsState[key] = value;
}
