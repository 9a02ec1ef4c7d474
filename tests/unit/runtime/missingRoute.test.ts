import { describe, expect, it } from 'vitest';
import { missingRouteTarget } from '../../../runtime/layout/appMain/missingRoute.ts';
import { menuPaths } from '../../../runtime/permission/generateRoutes.ts';
import { menuTree } from '../../../runtime/generated/routes.ts';
import type { ServerMenuNode } from '../../../runtime/permission/routeTypes.ts';

const known = menuPaths(menuTree as readonly ServerMenuNode[]);

describe('missingRouteTarget', () => {
  it('sends a page of the menu that the user was not granted to 401', () => {
    const visitorMenu = ['/', '/workbench', '/mynotification'];
    expect(known.has('/sysuser')).toBe(true);
    expect(missingRouteTarget('/sysuser', known, visitorMenu)).toBe('/401');
  });

  it('sends an unknown path to 404', () => {
    expect(missingRouteTarget('/no-such-page', known, ['/'])).toBe('/404');
    expect(missingRouteTarget('/sysuser/extra', known, ['/'])).toBe('/404');
  });

  it('sends a granted entry that no page renders to 404', () => {
    expect(missingRouteTarget('/sysuser', known, ['/sysuser'])).toBe('/404');
  });

  it('matches patterns with constraints', () => {
    const paths = ['/article/edit/:id(\\d+)'];
    expect(missingRouteTarget('/article/edit/12', paths, [])).toBe('/401');
    expect(missingRouteTarget('/article/edit/abc', paths, [])).toBe('/404');
  });
});
