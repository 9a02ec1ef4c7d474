/** Navigation guard decisions (spec section 2), free of React so they can be tested alone. */
import { HOME_PATH, LOGIN_PATH, PUBLIC_PATHS, REDIRECT_PREFIX } from '../constants/spec.ts';

export type GuardDecision =
  | { kind: 'allow' }
  | { kind: 'redirect'; to: string }
  /** Token present but roles not loaded: restore the session, then replay the navigation. */
  | { kind: 'restore' };

export interface GuardInput {
  path: string;
  /** Path with query and hash, kept in the login redirect. */
  fullPath: string;
  hasToken: boolean;
  rolesLoaded: boolean;
  /** The login page's `redirect` query (where a signed-in visit to /login continues). */
  redirect?: string | null;
}

export function isPublicPath(path: string): boolean {
  return PUBLIC_PATHS.includes(path) || path.startsWith(`${REDIRECT_PREFIX}/`);
}

export function loginRedirect(fullPath: string): string {
  return `${LOGIN_PATH}?redirect=${encodeURIComponent(fullPath)}`;
}

export function decideNavigation({ path, fullPath, hasToken, rolesLoaded, redirect }: GuardInput): GuardDecision {
  if (hasToken) {
    // Signed in: /login goes to / (or to the target the login page was given).
    if (path === LOGIN_PATH) return { kind: 'redirect', to: redirectTarget(redirect) };
    if (rolesLoaded || isPublicPath(path)) return { kind: 'allow' };
    return { kind: 'restore' };
  }
  if (isPublicPath(path)) return { kind: 'allow' };
  return { kind: 'redirect', to: loginRedirect(fullPath) };
}

/** The login page's `redirect` query, made safe: only same-site paths, never back to /login. */
export function redirectTarget(redirect: string | null | undefined): string {
  if (!redirect || !redirect.startsWith('/') || redirect.startsWith('//')) return HOME_PATH;
  if (redirect === LOGIN_PATH || redirect.startsWith(`${LOGIN_PATH}?`)) return HOME_PATH;
  return redirect;
}

/** Document title: the route's (translated) title, then the product title. */
export function documentTitle(routeTitle: string | undefined, productTitle: string): string {
  return routeTitle ? `${routeTitle} - ${productTitle}` : productTitle;
}
