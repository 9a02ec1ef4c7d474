/** The permission screens' trees and tick states, built from the grant calls' answers. */
import { describe, expect, it } from 'vitest';
import {
  filterTree,
  parentKeys,
  buttonCheckTree,
  buttonKeys,
  buttonsByMenu,
  changedButtonMenus,
  conduct,
  grantedState,
  idKeys,
  keysToIds,
  keysToSave,
  menuCheckTree,
  menuCodeTree,
  options,
  sameKeys,
  topKeys,
  heldChoices,
  isButtonKey,
  walk,
  type CheckNode,
} from '../../../runtime/resource/actions/grantTree.ts';
import { allPages } from '../../../runtime/resource/actions/grantApi.ts';
import {
  neededBy,
  urlCheckTree,
  urlIds,
  urlKeyOf,
  withNeeds,
  type GrantDraft,
  type NeedsContext,
} from '../../../runtime/resource/actions/grantNeedsModel.ts';
import { needsIndex } from '../../../schemas/registry/grantNeeds.ts';
import { choicesOf, leafTree, linkedKeys, ownerValue, saveBody, valuesOf } from '../../../runtime/resource/actions/assignModel.ts';
import { registerDemoPages } from '../../../runtime/pages/demos/registerDemoPages.ts';
import { registerSystemActions } from '../../../runtime/resource/actions/registerSystemActions.ts';
import { hasActionComponent } from '../../../runtime/resource/extensions.ts';
import { resources } from '../../../runtime/generated/resources.ts';
import { visibleActions } from '../../../runtime/resource/actionModel.ts';

/** querySysMenuTree as the server answers it: system (users, roles), permission (page, role), home. */
const MENU_ANSWER = [
  {
    id: 1,
    menuCode: 'system',
    menuName: 'System',
    menuTitle: 'route.system',
    children: [
      { id: 2, menuCode: 'sysuser', menuName: 'Users', children: [] },
      { id: 3, menuCode: 'sysrole', menuName: 'Roles' },
    ],
  },
  {
    id: 4,
    menuCode: 'permission',
    menuName: 'Permission',
    children: [
      { id: 5, menuCode: 'pagePermission', menuName: 'Page' },
      { id: 6, menuCode: 'rolePermission', menuName: 'Role' },
    ],
  },
  { id: 7, menuCode: 'home', menuName: 'Home' },
  { menuCode: 'broken', menuName: 'No id' },
];

describe('menu tree of a role', () => {
  const nodes = menuCheckTree(MENU_ANSWER);

  it('keys menus by id, titles them, and drops records without an id', () => {
    expect(walk(nodes).map((n) => `${n.key}:${n.title}`)).toEqual([
      '1:System',
      '2:Users',
      '3:Roles',
      '4:Permission',
      '5:Page',
      '6:Role',
      '7:Home',
    ]);
    expect(nodes[0]!.children).toHaveLength(2);
    // an empty children list makes a leaf
    expect(nodes[0]!.children![0]!.children).toBeUndefined();
    expect(topKeys(nodes)).toEqual(['1', '4']);
  });

  it('titles menus with the label function', () => {
    const labelled = menuCheckTree(MENU_ANSWER, (m) => `#${String(m.menuTitle ?? m.menuCode)}`);
    expect(labelled[0]!.title).toBe('#route.system');
    expect(labelled[1]!.title).toBe('#permission');
  });

  it('ticks granted leaves; a parent is ticked with all its children, half-ticked with some', () => {
    // the seed stores parents too: 1 with 2 and 3, 4 with only 5
    const state = grantedState(nodes, idKeys([1, 2, 3, 4, 5, 7]));
    expect(state.checked).toEqual(['1', '2', '3', '5', '7']);
    expect(state.halfChecked).toEqual(['4']);
  });

  it('shows a granted parent with no granted child unticked', () => {
    const state = grantedState(nodes, ['4']);
    expect(state).toEqual({ checked: [], halfChecked: [] });
  });

  it('saves the ticked menus with their half-ticked parents, as ids', () => {
    const state = conduct(nodes, ['6', '2']);
    expect(state).toEqual({ checked: ['2', '6'], halfChecked: ['1', '4'] });
    expect(keysToIds(keysToSave(state))).toEqual([2, 6, 1, 4]);
  });

  it('ticks every descendant of a ticked parent and drops unknown keys', () => {
    expect(conduct(nodes, ['4', '99'])).toEqual({ checked: ['4', '5', '6'], halfChecked: [] });
  });

  it('ignores a malformed answer', () => {
    expect(menuCheckTree(undefined)).toEqual([]);
    expect(menuCheckTree({ list: [] })).toEqual([]);
    expect(idKeys(['3', 4, 'x', null, -1.5])).toEqual(['3', '4']);
  });

  it('offers menus by code for the data permission menu choice', () => {
    const choices = menuCodeTree(MENU_ANSWER);
    expect(choices.map((c) => c.value)).toEqual(['system', 'permission', 'home', 'broken']);
    expect(choices[0]!.children!.map((c) => c.value)).toEqual(['sysuser', 'sysrole']);
  });
});

describe('conduct with nodes that cannot be ticked', () => {
  const nodes: CheckNode[] = [
    {
      key: 'a',
      title: 'A',
      children: [
        { key: 'a1', title: 'A1' },
        { key: 'a2', title: 'A2', disableCheckbox: true },
      ],
    },
  ];

  it('leaves them out of the parent state and never ticks them', () => {
    expect(conduct(nodes, ['a1'])).toEqual({ checked: ['a', 'a1'], halfChecked: [] });
    expect(conduct(nodes, ['a'])).toEqual({ checked: ['a', 'a1'], halfChecked: [] });
    expect(conduct(nodes, ['a2'])).toEqual({ checked: [], halfChecked: [] });
  });
});

/** querySysMenuButtonTree: menus with their buttons. */
const BUTTON_ANSWER = [
  {
    menuCode: 'system',
    menuName: 'System',
    buttons: [],
    children: [
      {
        menuCode: 'sysuser',
        menuName: 'Users',
        buttons: [
          { buttonCode: 'sysuser:add', buttonName: 'Add' },
          { buttonCode: 'sysuser:delete', buttonName: 'Delete' },
        ],
      },
      { menuCode: 'sysrole', menuName: 'Roles', buttons: [{ buttonCode: 'sysrole:add', buttonName: 'sysrole:add' }] },
      { menuCode: 'sysdict', menuName: 'Dictionaries', buttons: [] },
    ],
  },
  { menuCode: 'home', menuName: 'Home', buttons: [] },
];

describe('button tree of a role', () => {
  const tree = buttonCheckTree(BUTTON_ANSWER);

  it('shows menus with their buttons and leaves out menus without any', () => {
    expect(walk(tree.nodes).map((n) => `${n.key}|${n.title}`)).toEqual([
      'menu:system|System',
      'menu:sysuser|Users',
      'button:sysuser:add|Add',
      'button:sysuser:delete|Delete',
      'menu:sysrole|Roles',
      'button:sysrole:add|sysrole:add',
    ]);
    expect(tree.menuOf.get('sysuser:delete')).toBe('sysuser');
    expect([...tree.buttonsOf.keys()]).toEqual(['sysuser', 'sysrole']);
  });

  it('names buttons by their action, and lists only the menus kept (the pages the console renders)', () => {
    const named = buttonCheckTree(
      BUTTON_ANSWER,
      undefined,
      (code) => code !== 'sysrole',
      (code) => (code === 'sysuser:add' ? 'Users: Add' : undefined),
    );
    expect(walk(named.nodes).map((n) => `${n.key}|${n.title}`)).toEqual([
      'menu:system|System',
      'menu:sysuser|Users',
      'button:sysuser:add|Users: Add',
      'button:sysuser:delete|Delete',
    ]);
    const menus = menuCheckTree(MENU_ANSWER, undefined, () => false);
    expect(menus).toEqual([]);
  });

  it('searches a tree by title, keeping the ancestors of a match, and lists its parents', () => {
    const shown = filterTree(tree.nodes, 'dele');
    expect(walk(shown).map((n) => n.key)).toEqual(['menu:system', 'menu:sysuser', 'button:sysuser:delete']);
    expect(filterTree(tree.nodes, '  ')).toEqual(tree.nodes);
    expect(filterTree(tree.nodes, 'nothing like it')).toEqual([]);
    expect(parentKeys(tree.nodes)).toEqual(['menu:system', 'menu:sysuser', 'menu:sysrole']);
  });

  it("ticks the role's buttons, with their menus following", () => {
    const state = conduct(tree.nodes, buttonKeys(['sysuser:add', 'sysrole:add', 'other:x', 7]));
    expect(state.checked).toEqual(['button:sysuser:add', 'menu:sysrole', 'button:sysrole:add']);
    expect(state.halfChecked).toEqual(['menu:system', 'menu:sysuser']);
  });

  it('calls authorizeMenuButtonToRole only for the menus that changed, with the ticked buttons of each', () => {
    const before = conduct(tree.nodes, buttonKeys(['sysuser:add', 'sysrole:add'])).checked;
    const after = conduct(tree.nodes, buttonKeys(['sysuser:add', 'sysuser:delete'])).checked;
    expect(changedButtonMenus(tree, before, after)).toEqual([
      { menuCode: 'sysuser', buttonCode: ['sysuser:add', 'sysuser:delete'] },
      { menuCode: 'sysrole', buttonCode: [] },
    ]);
    expect(changedButtonMenus(tree, before, before)).toEqual([]);
    expect(buttonsByMenu(tree, ['menu:sysrole', 'button:sysrole:add']).get('sysrole')).toEqual(['sysrole:add']);
  });
});

/** queryOrgUserTree with a roleId. */
const ORG_USER_ANSWER = {
  tree: [
    {
      id: 1,
      key: 'org-1',
      title: 'Group',
      children: [
        {
          id: 2,
          key: 'org-2',
          title: 'IT',
          children: [
            { key: 'user-10', title: 'admin', userId: 10, isLeaf: true },
            { key: 'user-11', title: 'editor', userId: 11, isLeaf: true },
          ],
        },
        { id: 3, key: 'org-3', title: 'Supply' },
      ],
    },
    { key: 'user-12', title: 'loner', userId: 12, isLeaf: true },
  ],
  checked: [11, 99],
};

describe('the tree of the generic assign action (organisations and users of a role)', () => {
  const tree = leafTree(ORG_USER_ANSWER, 'userId');

  it('keeps organisations and users, and organisations without users cannot be ticked', () => {
    expect(walk(tree.nodes).map((n) => `${n.key}${n.disableCheckbox ? '(x)' : ''}`)).toEqual([
      'org-1',
      'org-2',
      'user-10',
      'user-11',
      'org-3(x)',
      'user-12',
    ]);
  });

  it("ticks the role's users that are in the tree", () => {
    expect(tree.linked).toEqual(['user-11']);
    const state = conduct(tree.nodes, tree.linked);
    expect(state.checked).toEqual(['user-11']);
    expect(state.halfChecked).toEqual(['org-1', 'org-2']);
    // a fully ticked organisation ticks its parent, the empty organisation left aside
    expect(conduct(tree.nodes, ['user-10', 'user-11']).checked).toEqual(['org-1', 'org-2', 'user-10', 'user-11']);
  });

  it('sends the user ids of the ticked leaves only, as the server gave them', () => {
    expect(valuesOf(tree.values, ['org-1', 'org-2', 'user-10', 'user-11', 'user-x'])).toEqual([10, 11]);
  });

  it('copes with a malformed answer', () => {
    expect(leafTree(null, 'userId')).toEqual({ nodes: [], values: new Map(), linked: [] });
  });
});

describe('posts and roles of a user', () => {
  const roles = resources.SysUser!.links!.roles!;

  it("lists the user's posts, the main one first", () => {
    const answer = {
      tree: [
        {
          key: 'manager',
          title: 'Manager',
          children: [
            { key: 'engineer', title: 'Engineer' },
            { key: 'storekeeper', title: 'Storekeeper' },
          ],
        },
      ],
      checked: ['storekeeper', 'engineer'],
      main: 'engineer',
    };
    expect(heldChoices(answer)).toEqual([
      { value: 'engineer', label: 'Engineer', main: true },
      { value: 'storekeeper', label: 'Storekeeper', main: false },
    ]);
    expect(heldChoices({ tree: [], checked: [], main: null })).toEqual([]);
  });

  it('puts every role in the transfer by its code, the granted ones as linked keys', () => {
    const all = [
      { id: 3, roleCode: 'ROLE_VISITOR', roleName: 'Visitor' },
      { id: 1, roleCode: 'ROLE_ADMIN', roleName: 'Administrator' },
      { id: 2, roleCode: 'ROLE_EDITOR', roleName: 'Editor' },
    ];
    const items = choicesOf(all, roles, 'roleCode');
    expect(items.map((i) => `${i.key}:${i.label}:${i.description}`)).toEqual([
      '1:Administrator:ROLE_ADMIN',
      '2:Editor:ROLE_EDITOR',
      '3:Visitor:ROLE_VISITOR',
    ]);
    expect(
      linkedKeys(
        [{ id: 2, roleCode: 'ROLE_EDITOR', roleName: 'Editor' }, { id: 9 }],
        roles,
        items.map((i) => i.key),
      ),
    ).toEqual(['2']);
    expect(
      linkedKeys(
        [3, '1', null],
        roles,
        items.map((i) => i.key),
      ),
    ).toEqual(['3', '1']);
  });

  it("reads look-up options as choices, and saves with the link's parameter names", () => {
    const urlRoles = resources.SysUrl!.links!.roles!;
    const items = choicesOf([{ label: 'Administrator', value: 1 }, { label: '', value: 2 }, { label: 'none' }], urlRoles);
    expect(items.map((i) => [i.key, i.label, i.value])).toEqual([
      ['1', 'Administrator', 1],
      ['2', '2', 2],
    ]);
    expect(ownerValue(urlRoles, { id: 7, url: '/api/x' })).toBe(7);
    expect(ownerValue(urlRoles, {})).toBeUndefined();
    expect(saveBody(urlRoles, 7, [1, 2])).toEqual({ urlId: 7, roleId: [1, 2] });
    expect(saveBody(roles, 5, [2], { postCode: 'engineer' })).toEqual({ postCode: 'engineer', userId: 5, roleId: [2] });
  });
});

describe('options', () => {
  it('reads look-up answers as text options', () => {
    expect(options([{ label: 'Administrator', value: 1 }, { label: '', value: 'ROLE_X' }, { label: 'no value' }])).toEqual([
      { value: '1', label: 'Administrator' },
      { value: 'ROLE_X', label: 'ROLE_X' },
    ]);
  });

  it('compares key sets regardless of order and repeats', () => {
    expect(sameKeys(['a', 'b'], ['b', 'a', 'a'])).toBe(true);
    expect(sameKeys(['a'], ['a', 'b'])).toBe(false);
  });
});

describe('reading every page of a list', () => {
  it('asks for pages until the total arrived', async () => {
    const all = Array.from({ length: 7 }, (_, i) => i);
    const asked: number[] = [];
    const got = await allPages(async (page, size) => {
      asked.push(page);
      return { list: all.slice((page - 1) * size, page * size), total: all.length };
    }, 3);
    expect(got).toEqual(all);
    expect(asked).toEqual([1, 2, 3]);
  });

  it('stops at an empty page even when the total says more', async () => {
    let calls = 0;
    const got = await allPages(async () => {
      calls += 1;
      return calls === 1 ? { list: ['a', 'b'], total: 10 } : { list: [], total: 10 };
    }, 2);
    expect(got).toEqual(['a', 'b']);
    expect(calls).toBe(2);
  });
});

describe('registration', () => {
  it('registers a component for every custom action of the resource files (a run, assign or open action is generic)', () => {
    registerSystemActions();
    // the demo lists' actions register with the demo pages
    registerDemoPages();
    const custom = Object.values(resources).flatMap((r) =>
      r.actions.filter((a) => a.kind === 'custom' && !a.run && !a.assign && !a.open).map((a) => [r.name, a.name] as const),
    );
    expect(custom.length).toBeGreaterThan(0);
    expect(custom.filter(([r, a]) => !hasActionComponent(r, a))).toEqual([]);
  });
});

describe('run and assign actions', () => {
  it('an assign action is offered without a registered component, by its button', () => {
    const roles = resources.SysRole!;
    const ctx = { hasButton: () => true, hasCall: () => true, hasComponent: () => false };
    expect(visibleActions(roles, 'row', ctx).map((a) => a.name)).toContain('assignUser');
    const withoutButton = { ...ctx, hasButton: (code: string) => code !== roles.actions.find((a) => a.name === 'assignUser')!.permission };
    expect(visibleActions(roles, 'row', withoutButton).map((a) => a.name)).not.toContain('assignUser');
  });

  it('are offered without a registered component, by their button', () => {
    const tasks = resources.AssigneeTask!;
    const ctx = { hasButton: (code: string) => code !== 'assigneetask:terminate', hasCall: () => true, hasComponent: () => false };
    expect(visibleActions(tasks, 'row', ctx).map((a) => a.name)).toEqual(['pass', 'delegate', 'resolve', 'regress', 'reject']);
  });
});

describe('what a ticked page or button brings along (before saving)', () => {
  const index = needsIndex(Object.values(resources));
  const menuNodes = menuCheckTree([
    { id: 2, menuCode: 'sysuser', menuName: 'Users' },
    { id: 5, menuCode: 'sysorg', menuName: 'Organisations' },
  ]);
  const buttonTree = buttonCheckTree([
    { menuCode: 'sysuser', menuName: 'Users', buttons: [{ buttonCode: 'sysuser:query' }, { buttonCode: 'sysuser:export' }] },
    { menuCode: 'sysorg', menuName: 'Organisations', buttons: [{ buttonCode: 'sysorg:query' }] },
  ]);
  const URLS = [
    { id: 1, url: '/api/admin/sysuser/querySysUser' },
    { id: 2, url: '/api/admin/sysorg/querySysOrgTree' },
    { id: 3, url: '/api/admin/sysuser/exportSysUser' },
    { id: 4, url: '/api/admin/sysuser/deleteSysUser' },
    { id: 5, url: '/api/admin/sysuser/getSysUser' },
    { id: 9, url: '/api/elsewhere' },
  ];
  const urlNodes = urlCheckTree(
    URLS,
    (url) =>
      url.startsWith('/api/admin/sysuser/')
        ? {
            group: 'sysuser',
            groupTitle: 'Users',
            title: url.includes('export') ? 'Export' : url.includes('delete') ? 'Delete' : 'Query',
            detail: url.split('/').pop()!,
          }
        : url.startsWith('/api/admin/sysorg/')
          ? { group: 'sysorg', groupTitle: 'Organisations', title: 'Query', detail: 'tree' }
          : { group: '', groupTitle: 'Other calls', title: url, detail: '' },
    '',
  );
  const ctx: NeedsContext = {
    index,
    menuNodes,
    buttonNodes: buttonTree.nodes,
    urlNodes,
    menuCode: (key) => ({ '2': 'sysuser', '5': 'sysorg' })[key],
    menuTitle: (code) => ({ sysuser: 'Users', sysorg: 'Organisations' })[code] ?? code,
    buttonTitle: (code) => code,
    urlKey: (url) => {
      const u = URLS.find((x) => x.url === url);
      return u ? urlKeyOf(u.id) : undefined;
    },
    buttonListed: (code) => buttonTree.menuOf.has(code),
  };
  const empty: GrantDraft = { menus: [], buttons: [], urls: [], brought: [] };
  const leavesOf = (d: GrantDraft) => ({ buttons: d.buttons.filter(isButtonKey).sort(), urls: urlIds(d.urls).sort() });

  it('groups the calls by page, named by action (told apart when two have one name), the calls of no page last', () => {
    expect(urlNodes.map((n) => [n.title, n.children?.map((c) => c.title)])).toEqual([
      ['Organisations', ['Query']],
      ['Users', ['Delete', 'Export', 'Query (getSysUser)', 'Query (querySysUser)']],
      ['Other calls', ['/api/elsewhere']],
    ]);
  });

  it('ticks what a ticked page needs, marked as needed by it, and unticks it with the page', () => {
    const ticked = withNeeds(ctx, empty, { ...empty, menus: ['2'] });
    expect(leavesOf(ticked)).toEqual({ buttons: ['button:sysorg:query', 'button:sysuser:query'], urls: [1, 2] });
    expect(neededBy(ctx, ticked).get('url:1')).toEqual(['Users']);
    expect(neededBy(ctx, ticked).get('url:3')).toBeUndefined();

    // the user unticks one: it stays unticked, still marked as needed, and is theirs from then on
    const unticked = withNeeds(ctx, ticked, { ...ticked, buttons: ticked.buttons.filter((k) => k !== 'button:sysorg:query') });
    expect(leavesOf(unticked).buttons).toEqual(['button:sysuser:query']);
    expect(neededBy(ctx, unticked).get('button:sysorg:query')).toEqual(['Users']);

    // the page unticked: what it brought goes; nothing else changes
    const gone = withNeeds(ctx, unticked, { ...unticked, menus: [] });
    expect(leavesOf(gone)).toEqual({ buttons: [], urls: [] });
    expect(gone.brought).toEqual([]);
  });

  it('keeps what the role held, and ticks a button’s own calls with its page’s', () => {
    const held: GrantDraft = { ...empty, urls: ['url:1'] };
    const withExport = withNeeds(ctx, held, { ...held, buttons: ['button:sysuser:export'] });
    expect(leavesOf(withExport).urls).toEqual([1, 2, 3]);
    expect(withExport.brought).not.toContain('url:1');
    const without = withNeeds(ctx, withExport, { ...withExport, buttons: [] });
    expect(leavesOf(without)).toEqual({ buttons: [], urls: [1] });
  });
});
