/** App UI state (spec 3, 4): sidebar, device, language and size, with their cookies. */
import { proxy } from 'valtio';
import Cookies from 'js-cookie';
import { translator } from '../i18n/translator.ts';
import { DEFAULT_SIZE, LANGUAGE_COOKIE, SIDEBAR_STATUS_COOKIE, SIZE_COOKIE, SIZES, type Locale, type Size } from '../constants/spec.ts';
import { initialLanguage, loadLanguage, loadSchemaLabels } from '../i18n/i18n.ts';

export type Device = 'desktop' | 'mobile';

function initialSize(): Size {
  const stored = Cookies.get(SIZE_COOKIE);
  return (SIZES as readonly string[]).includes(stored ?? '') ? (stored as Size) : DEFAULT_SIZE;
}

export const appState = proxy({
  sidebar: {
    /** Defaults to open; the cookie holds 1 (open) or 0 (collapsed). */
    opened: Cookies.get(SIDEBAR_STATUS_COOKIE) ? Cookies.get(SIDEBAR_STATUS_COOKIE) === '1' : true,
    withoutAnimation: false,
  },
  device: 'desktop' as Device,
  language: initialLanguage() as Locale,
  size: initialSize(),
});

export function toggleSidebar(): void {
  appState.sidebar.opened = !appState.sidebar.opened;
  appState.sidebar.withoutAnimation = false;
  Cookies.set(SIDEBAR_STATUS_COOKIE, appState.sidebar.opened ? '1' : '0');
}

export function closeSidebar(withoutAnimation: boolean): void {
  Cookies.set(SIDEBAR_STATUS_COOKIE, '0');
  appState.sidebar.opened = false;
  appState.sidebar.withoutAnimation = withoutAnimation;
}

export function toggleDevice(device: Device): void {
  appState.device = device;
}

let labelsWanted = false;

/** The signed-in layout wants the schema labels (routes, resources) in every language it shows. */
export async function wantSchemaLabels(): Promise<void> {
  labelsWanted = true;
  await loadSchemaLabels(appState.language);
}

/** Switches the language once its strings are loaded; the choice is kept in the language cookie. */
export async function setLanguage(language: Locale): Promise<void> {
  Cookies.set(LANGUAGE_COOKIE, language);
  await loadLanguage(language);
  // Signed in, the menu and resource labels switch together with the console's strings.
  if (labelsWanted) await loadSchemaLabels(language);
  translator.changeLanguage(language);
  appState.language = language;
}

export function setSize(size: Size): void {
  appState.size = size;
  Cookies.set(SIZE_COOKIE, size);
}
