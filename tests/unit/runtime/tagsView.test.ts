import { describe, it, expect } from 'vitest';
import {
  addCachedView,
  addView,
  addVisitedView,
  delAllViews,
  delOthersViews,
  delView,
  pathAfterClosing,
  updateVisitedView,
  type TagLists,
  type TagView,
} from '../../../runtime/tags/tagsViewRules.ts';

const view = (path: string, extra: Partial<TagView> = {}): TagView => ({
  path,
  fullPath: path,
  name: path.slice(1),
  title: path,
  ...extra,
});
const home = view('/workbench', { name: 'Workbench', affix: true });
const users = view('/sysuser', { name: 'SysUser' });
const roles = view('/sysrole', { name: 'SysRole' });
const edit = view('/example/edit/1', { name: 'EditArticle', noCache: true });

function open(...views: TagView[]): TagLists {
  return views.reduce<TagLists>((lists, v) => addView(lists, v), { visited: [], cached: [] });
}

describe('tags view rules', () => {
  it('adds a tab unless its path is there, and titles it "no-name" without a title', () => {
    let visited = addVisitedView([], users);
    visited = addVisitedView(visited, { ...users, fullPath: '/sysuser?x=1' });
    expect(visited).toHaveLength(1);
    expect(addVisitedView([], view('/x', { title: '' }))[0]!.title).toBe('routes.noName');
  });
  it('caches a page only if its name is not there and it is not noCache', () => {
    expect(addCachedView([], users)).toEqual(['SysUser']);
    expect(addCachedView(['SysUser'], users)).toEqual(['SysUser']);
    expect(addCachedView([], edit)).toEqual([]);
  });
  it('closing removes from both lists; a pinned tab cannot be closed', () => {
    const lists = open(home, users, roles);
    const after = delView(lists, users);
    expect(after.visited.map((v) => v.path)).toEqual(['/workbench', '/sysrole']);
    expect(after.cached).toEqual(['Workbench', 'SysRole']);
    expect(delView(lists, home).visited).toHaveLength(3);
  });
  it('close others keeps pinned tabs and the current one, and only the current page cached', () => {
    const after = delOthersViews(open(home, users, roles, edit), roles);
    expect(after.visited.map((v) => v.path)).toEqual(['/workbench', '/sysrole']);
    expect(after.cached).toEqual(['SysRole']);
    expect(delOthersViews(open(home, users, edit), edit).cached).toEqual([]);
  });
  it('close all keeps the pinned tabs and empties the cache', () => {
    const after = delAllViews(open(home, users, roles));
    expect(after.visited.map((v) => v.path)).toEqual(['/workbench']);
    expect(after.cached).toEqual([]);
  });
  it('updates a tab by path', () => {
    const visited = updateVisitedView(open(home, users).visited, { path: '/sysuser', fullPath: '/sysuser?page=2' });
    expect(visited[1]!.fullPath).toBe('/sysuser?page=2');
    expect(visited[0]).toEqual(home);
  });
  it('after closing the active tab goes to the last one, else home, or refreshes home', () => {
    expect(pathAfterClosing([home, { ...roles, fullPath: '/sysrole?a=1' }], users)).toBe('/sysrole?a=1');
    expect(pathAfterClosing([], users)).toBe('/');
    expect(pathAfterClosing([], view('/'))).toBe('/redirect/');
  });
});
