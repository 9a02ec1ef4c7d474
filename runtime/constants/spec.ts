/**
 * Every number and fixed name of the product spec (sections 2, 4, 8, 9) that the
 * console shell uses, in one place. Change a behaviour here, not in the code using it.
 */
import type { Locale } from '../../schemas/registry/limits.ts';

export type { Locale };

/** HTTP client (spec 7, 9). */
export const REQUEST_BASE_URL = '/';
export const REQUEST_TIMEOUT_MS = 5000;
/** Toast durations in seconds (antd takes seconds): errors 5000 ms, warnings and success 2000 ms. */
export const ERROR_TOAST_SECONDS = 5;
export const SUCCESS_TOAST_SECONDS = 2;
export const WARNING_TOAST_SECONDS = 2;
export const SUCCESS_STATUS = 200;
/** Envelope codes that trigger the re-login confirm: illegal token, signed in elsewhere, expired. */
export const RELOGIN_CODES: readonly number[] = [50008, 50012, 50014];

/** Sign-in (platform-api). */
export const OAUTH_BASIC_AUTH = 'Basic YnJvd3Nlcjo=';
export const OAUTH_CLIENT_ID = 'browser';
export const OAUTH_SCOPE = 'ui';
/** Org list page (spec 9). */
export const ORG_LIST_CURRENT_PAGE = 1;
export const ORG_LIST_PAGE_SIZE = 10000;
/** Seconds between two SMS codes for one number (server rule: one a minute). */
export const SMS_RESEND_SECONDS = 60;

/** Cookies and storage (spec 3, 9). */
export const TOKEN_COOKIE = 'token';
export const SIDEBAR_STATUS_COOKIE = 'sidebarStatus';
export const LANGUAGE_COOKIE = 'language';
export const SIZE_COOKIE = 'size';
export const SESSION_ROLE_KEY = 'role';
export const SESSION_NAME_KEY = 'name';
export const SESSION_USERNAME_KEY = 'username';
export const SESSION_TENANT_NAME_KEY = 'tenantName';
export const SETTINGS_STORAGE_KEY = 'console-settings';
export const TAGS_STORAGE_KEY = 'console-tags';
export const RECENT_VISITS_STORAGE_KEY = 'console-recent-visits';
export const RECENT_VISITS_LIMIT = 8;

/** Locales (spec 9): LOCALES in schemas/registry/limits.ts. */
export const DEFAULT_LOCALE: Locale = 'en';

/** Layout sizes (spec 4, 9). */
export const SIZES = ['default', 'medium', 'small', 'mini'] as const;
export type Size = (typeof SIZES)[number];
export const DEFAULT_SIZE: Size = 'small';
/** The four densities as design tokens: control height and font size in px. */
export const SIZE_TOKENS: Record<Size, { controlHeight: number; fontSize: number }> = {
  default: { controlHeight: 40, fontSize: 14 },
  medium: { controlHeight: 36, fontSize: 14 },
  small: { controlHeight: 32, fontSize: 13 },
  mini: { controlHeight: 28, fontSize: 12 },
};

/** Layout geometry (spec 2, 9); the sidebar, header and tab bar sizes are custom properties of runtime/layout/layout.css. */
export const MOBILE_BREAKPOINT_PX = 992;
export const FORM_LABEL_TOP_BREAKPOINT_PX = 700;
export const TAGS_CONTEXT_MENU_WIDTH_PX = 105;
export const RIGHT_PANEL_BUTTON_TOP_PX = 250;
export const NOTIFICATION_DROPDOWN_WIDTH_PX = 336;
/** How long the toast offering to undo a delete stays (s); the server holds the records 60 s. */
export const UNDO_TOAST_SECONDS = 10;
/** How often the bell asks for the unread count while the console is open (ms). */
export const NOTIFICATION_POLL_MS = 60_000;

/** Theme colour: session default and the drawer's 8 presets (spec 9). */
const DEFAULT_THEME_COLOR = '#1890ff';
export const THEME_PRESET_COLORS: readonly string[] = [
  '#409EFF',
  '#1890ff',
  '#304156',
  '#212121',
  '#11a983',
  '#13c2c2',
  '#6959CD',
  '#f5222d',
];

/** Default settings (spec 9). */
export const DEFAULT_SETTINGS = {
  theme: DEFAULT_THEME_COLOR,
  showSettings: true,
  tagsView: true,
  fixedHeader: false,
  sidebarLogo: true,
  supportPinyinSearch: true,
  errorLog: 'production' as 'production' | 'development' | 'always' | 'never',
};

/** Menu search (spec 9). */
export const SEARCH_THRESHOLD = 0.4;
export const SEARCH_WEIGHT_TITLE = 0.7;
export const SEARCH_WEIGHT_PINYIN = 0.3;
export const SEARCH_WEIGHT_PATH = 0.3;

/** Roles (spec 6). */
export const ADMIN_ROLE = 'ROLE_ADMIN';

/** Routes (spec 2). */
export const HOME_PATH = '/';
export const WORKBENCH_PATH = '/workbench';
export const LOGIN_PATH = '/login';
export const NOT_FOUND_PATH = '/404';
export const UNAUTHORIZED_PATH = '/401';
export const REDIRECT_PREFIX = '/redirect';
export const MY_NOTIFICATION_PATH = '/mynotification';
export const PROFILE_PATH = '/profile/index';
export const PUBLIC_PATHS: readonly string[] = ['/login', '/auth-redirect', '/forgotpassword', '/register', '/404', '/401'];
/** A visited tab without a title shows this (translated key). */
export const NO_NAME_TITLE = 'routes.noName';

/** Formatters (spec 9). */
export const SECONDS_TIMESTAMP_DIGITS = 10;
export const DEFAULT_START_RANGE_MS = 7776000000;
export const JUST_NOW_SECONDS = 30;
export const HOUR_SECONDS = 3600;
export const DAY_SECONDS = 86400;
export const TWO_DAYS_SECONDS = 172800;

/** Validation (spec 5, 9). */
export const PASSWORD_MAX_LENGTH = 31;
export const TENANT_CODE_MIN_LENGTH = 1;
export const TENANT_CODE_MAX_LENGTH = 64;
export const LOGIN_NAME_MIN_LENGTH = 3;
export const LOGIN_NAME_MAX_LENGTH = 100;
export const USERNAME_MIN_LENGTH = 3;
export const USERNAME_MAX_LENGTH = 64;
export const REGISTER_PASSWORD_MIN_LENGTH = 6;
export const CHAR_CAPTCHA_LENGTH = 4;
/** Links with these schemes are external (spec 5). */
export const EXTERNAL_LINK_PATTERN = /^(https?:|mailto:|tel:)/;
