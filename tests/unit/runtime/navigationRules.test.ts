import { describe, it, expect } from 'vitest';
import { decideNavigation, documentTitle, isPublicPath, loginRedirect, redirectTarget } from '../../../runtime/app/navigationRules.ts';

describe('navigation guard', () => {
  const go = (path: string, hasToken: boolean, rolesLoaded = false, fullPath = path) =>
    decideNavigation({ path, fullPath, hasToken, rolesLoaded });

  it('lets everyone through the public routes', () => {
    for (const p of ['/login', '/auth-redirect', '/forgotpassword', '/register', '/404', '/401', '/redirect/sysuser']) {
      expect(isPublicPath(p), p).toBe(true);
      if (p !== '/login') expect(go(p, false)).toEqual({ kind: 'allow' });
    }
    expect(isPublicPath('/sysuser')).toBe(false);
  });
  it('sends /login with a token to / (or to its safe redirect target)', () => {
    expect(go('/login', true)).toEqual({ kind: 'redirect', to: '/' });
    expect(go('/login', true, true)).toEqual({ kind: 'redirect', to: '/' });
    expect(
      decideNavigation({ path: '/login', fullPath: '/login?redirect=/sysuser', hasToken: true, rolesLoaded: false, redirect: '/sysuser' }),
    ).toEqual({ kind: 'redirect', to: '/sysuser' });
    expect(
      decideNavigation({ path: '/login', fullPath: '/login', hasToken: true, rolesLoaded: false, redirect: 'https://evil.example' }),
    ).toEqual({ kind: 'redirect', to: '/' });
  });
  it('sends any other path without a token to /login?redirect=', () => {
    expect(go('/sysuser', false, false, '/sysuser?page=2')).toEqual({ kind: 'redirect', to: '/login?redirect=%2Fsysuser%3Fpage%3D2' });
    expect(loginRedirect('/')).toBe('/login?redirect=%2F');
  });
  it('restores the session when roles are not loaded, then allows', () => {
    expect(go('/sysuser', true, false)).toEqual({ kind: 'restore' });
    expect(go('/sysuser', true, true)).toEqual({ kind: 'allow' });
    expect(go('/404', true, false)).toEqual({ kind: 'allow' });
  });
  it('only follows same-site redirect targets', () => {
    expect(redirectTarget('/sysuser?page=2')).toBe('/sysuser?page=2');
    expect(redirectTarget(null)).toBe('/');
    expect(redirectTarget('https://evil.example')).toBe('/');
    expect(redirectTarget('//evil.example')).toBe('/');
    expect(redirectTarget('/login?redirect=/x')).toBe('/');
  });
  it('titles the page with the route title then the product title', () => {
    expect(documentTitle('Users', 'Microservice Platform')).toBe('Users - Microservice Platform');
    expect(documentTitle(undefined, 'Microservice Platform')).toBe('Microservice Platform');
  });
});
