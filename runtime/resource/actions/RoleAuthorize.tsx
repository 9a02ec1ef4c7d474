/**
 * Roles page, "authorise" (spec 5, 6): three tabs over one draft, loaded together when the
 * dialog opens, each a checkbox tree with search and expand-all (one CheckTree for all three).
 * - Menus: the pages this console renders, the role's ticked; saved with the half-ticked
 *   parents (authorizeMenuToRole).
 * - Buttons: the pages with their actions ("Users: Query"); a ticked button is one the role
 *   holds, an unticked one is hidden from the role and its call refused. Saved per menu whose
 *   buttons changed (authorizeMenuButtonToRole).
 * - Calls: every call, grouped by page and named by its action (authorizeUrlToRole).
 * Ticking a page or a button ticks at once the buttons and calls its page needs, as the
 * resource files declare them (grantNeedsModel.ts), marked "needed by" it; the user may untick
 * them before saving, and saving sends exactly what is ticked.
 * OK saves the tabs that changed, in that order; a changed tab with nothing ticked is refused
 * with a warning before any call ("authorizing needs ticked data").
 */
import { useMemo, useState, type ReactNode } from 'react';
import { Alert, Button, Input, Space, Tabs, Tag, Tree } from 'antd';
import { useTranslation } from '../../i18n/translator.ts';
import { toastSuccess, toastWarning } from '../../feedback/feedback.ts';
import type { ActionComponentProps } from '../extensions.ts';
import { ActionFooter, idOf, LoadState, NoRecord, useLoad } from './ActionParts.tsx';
import { allUrls, client } from './grantApi.ts';
import {
  buttonCheckTree,
  buttonKeys,
  changedButtonMenus,
  conduct,
  filterTree,
  grantedState,
  idKeys,
  isButtonKey,
  keysToIds,
  keysToSave,
  menuCheckTree,
  parentKeys,
  sameKeys,
  topKeys,
  walk,
  type ButtonTree,
  type CheckNode,
} from './grantTree.ts';
import { isUrlKey, neededBy, urlCheckTree, urlIds, urlKeyOf, withNeeds, type GrantDraft, type NeedsContext } from './grantNeedsModel.ts';
import { menuLabel } from './menuLabel.ts';
import { grantLabels } from './grantLabels.ts';
import { renderedMenuCodes } from '../../permission/renderedMenus.ts';

const ROLE_ADMIN = 'ROLE_ADMIN';
const TABS = ['menus', 'buttons', 'urls'] as const;
type TabKey = (typeof TABS)[number];
/** The call group of calls no resource makes. */
const OTHER = '';

type Raw = Record<string, unknown>;

/** Every menu of a querySysMenuTree answer: id, code and title. */
function menusOf(answer: unknown, out: Raw[] = [], depth = 0): Raw[] {
  if (!Array.isArray(answer) || depth > 64) return out;
  for (const m of answer as unknown[]) {
    if (typeof m !== 'object' || m === null) continue;
    out.push(m as Raw);
    menusOf((m as Raw).children, out, depth + 1);
  }
  return out;
}

export default function RoleAuthorize({ records, onClose }: ActionComponentProps) {
  const role = records[0];
  const roleId = idOf(role);
  const roleCode = typeof role?.roleCode === 'string' ? role.roleCode : '';
  if (!role || roleId === undefined || !roleCode) return <NoRecord onClose={() => onClose(false)} />;
  return <Authorize roleId={roleId} roleCode={roleCode} roleName={String(role.roleName ?? roleCode)} onClose={onClose} />;
}

interface Loaded {
  ctx: NeedsContext;
  buttonTree: ButtonTree;
  granted: GrantDraft;
  /** Menus the screen does not list (no page in this console): they keep their grant. */
  unlisted: string[];
  /** Calls granted that the call tree does not list. */
  urlCount: number;
}

function Authorize({
  roleId,
  roleCode,
  roleName,
  onClose,
}: {
  roleId: number;
  roleCode: string;
  roleName: string;
  onClose(changed: boolean): void;
}) {
  const { t } = useTranslation();
  const loaded = useLoad(async (): Promise<Loaded> => {
    const api = await client();
    const [menuTree, menuIds, buttonAnswer, heldButtons, urls, urlGrants, labels] = await Promise.all([
      api.querySysMenuTree(),
      api.queryMenuIdByRoleId({ roleId }),
      api.querySysMenuButtonTree(),
      api.queryMenuButtonByRoleCode({ roleCode }),
      allUrls(),
      api.queryUrlIdByRoleId({ roleId }),
      grantLabels(t),
    ]);
    const codes = renderedMenuCodes();
    const rendered = codes.size ? (code: string) => codes.has(code) : undefined;
    const menus = menusOf(menuTree.data);
    const codeOfId = new Map(menus.map((m) => [String(m.id), String(m.menuCode ?? '')]));
    const titleOfCode = new Map(menus.map((m) => [String(m.menuCode ?? ''), menuLabel(m)]));
    const menuNodes = menuCheckTree(menuTree.data, menuLabel, rendered);
    const listedMenus = new Set(walk(menuNodes).map((n) => n.key));
    const heldMenus = idKeys(menuIds.data);
    const buttonTree = buttonCheckTree(buttonAnswer.data, menuLabel, rendered, labels.button);

    const urlNodes = urlCheckTree(
      urls,
      (url) => {
        const name = labels.call(url);
        const description = urls.find((u) => u.url === url)?.description ?? '';
        if (!name) return { group: OTHER, groupTitle: t('resourceActions.authorize.otherCalls'), title: url, detail: description };
        const menu = name.resource.menu;
        const page = menu && (!rendered || rendered(menu)) ? menu : `resource:${name.resource.name}`;
        const pageTitle = page === menu ? (titleOfCode.get(menu) ?? name.title) : name.title;
        const action = name.action ?? (description || url);
        const title = name.title === pageTitle ? action : `${name.title}: ${action}`;
        return { group: page, groupTitle: pageTitle, title, detail: description };
      },
      OTHER,
    );
    const keyOfUrl = new Map(urls.map((u) => [u.url, urlKeyOf(String(u.id))]));
    const listedUrls = new Set(walk(urlNodes).map((n) => n.key));
    const ctx: NeedsContext = {
      index: labels.needs,
      menuNodes,
      buttonNodes: buttonTree.nodes,
      urlNodes,
      menuCode: (key) => codeOfId.get(key) || undefined,
      menuTitle: (code) => titleOfCode.get(code) ?? code,
      // a button named by its page too ("Organisations: Query") where its own name does not say it
      buttonTitle: (code) => {
        const label = labels.button(code) ?? code;
        const page = titleOfCode.get(buttonTree.menuOf.get(code) ?? '');
        return page && !label.includes(': ') ? `${page}: ${label}` : label;
      },
      urlKey: (url) => keyOfUrl.get(url),
      buttonListed: (code) => buttonTree.menuOf.has(code),
    };
    const granted: GrantDraft = {
      menus: grantedState(menuNodes, heldMenus).checked,
      buttons: conduct(buttonTree.nodes, buttonKeys(heldButtons.data)).checked,
      urls: conduct(
        urlNodes,
        idKeys(urlGrants.data)
          .map(urlKeyOf)
          .filter((k) => listedUrls.has(k)),
      ).checked,
      brought: [],
    };
    return {
      ctx,
      buttonTree,
      granted,
      unlisted: heldMenus.filter((k) => !listedMenus.has(k)),
      urlCount: listedUrls.size - urlNodes.length,
    };
  }, [roleId, roleCode]);
  return (
    <div className="resource-action" data-testid="role-authorize">
      {roleCode === ROLE_ADMIN && <Alert type="info" showIcon title={t('resourceActions.authorize.adminNote')} />}
      <LoadState loaded={loaded}>
        {(d) => <AuthorizeTabs loaded={d} roleId={roleId} roleCode={roleCode} roleName={roleName} onClose={onClose} />}
      </LoadState>
    </div>
  );
}

function AuthorizeTabs({
  loaded,
  roleId,
  roleCode,
  roleName,
  onClose,
}: {
  loaded: Loaded;
  roleId: number;
  roleCode: string;
  roleName: string;
  onClose(changed: boolean): void;
}) {
  const { t } = useTranslation();
  const { ctx, buttonTree, unlisted } = loaded;
  const [tab, setTab] = useState<TabKey>('menus');
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState(loaded.granted);
  const [draft, setDraft] = useState(loaded.granted);
  const needs = useMemo(() => neededBy(ctx, draft), [ctx, draft]);
  const change = (part: Partial<Pick<GrantDraft, 'menus' | 'buttons' | 'urls'>>) =>
    setDraft((prev) => withNeeds(ctx, prev, { ...prev, ...part }));
  const tabLabel = (key: TabKey) => t(`resourceActions.authorize.tabs.${key}`);

  const menusToSave = keysToSave(conduct(ctx.menuNodes, draft.menus));
  const buttonChanges = changedButtonMenus(buttonTree, saved.buttons, draft.buttons);
  const urlsToSave = urlIds(draft.urls);
  const tabs: Record<TabKey, { changed: boolean; empty: boolean; save(): Promise<void> }> = {
    menus: {
      changed: !sameKeys(menusToSave, keysToSave(conduct(ctx.menuNodes, saved.menus))),
      empty: menusToSave.length === 0,
      save: async () => {
        await (await client()).authorizeMenuToRole({ roleId, menuId: keysToIds([...menusToSave, ...unlisted]) });
        setSaved((s) => ({ ...s, menus: draft.menus }));
      },
    },
    buttons: {
      changed: buttonChanges.length > 0,
      empty: !draft.buttons.some(isButtonKey),
      save: async () => {
        const api = await client();
        for (const c of buttonChanges) await api.authorizeMenuButtonToRole({ roleCode, menuCode: c.menuCode, buttonCode: c.buttonCode });
        setSaved((s) => ({ ...s, buttons: draft.buttons }));
      },
    },
    urls: {
      changed: !sameKeys(urlsToSave.map(String), urlIds(saved.urls).map(String)),
      empty: urlsToSave.length === 0,
      save: async () => {
        await (await client()).authorizeUrlToRole({ roleId, urlId: urlsToSave });
        setSaved((s) => ({ ...s, urls: draft.urls }));
      },
    },
  };

  const save = async () => {
    const changed = TABS.filter((key) => tabs[key].changed);
    if (changed.length === 0) {
      toastWarning(t('resourceActions.authorize.nothingChanged'));
      return;
    }
    const empty = changed.find((key) => tabs[key].empty);
    if (empty) {
      setTab(empty);
      toastWarning(t('resourceActions.authorize.tickData', { tab: tabLabel(empty) }));
      return;
    }
    setBusy(true);
    try {
      for (const key of changed) await tabs[key].save();
      toastSuccess(t('resourceActions.authorize.saved', { role: roleName }));
      onClose(false);
    } catch {
      setBusy(false); // the HTTP client showed why; the tabs saved so far keep their new state
    }
  };

  const marks = (key: string): ReactNode => {
    const by = needs.get(key);
    if (!by) return null;
    const ticked = draft.buttons.includes(key) || draft.urls.includes(key);
    return (
      <Tag className="role-need" color={ticked ? 'blue' : 'warning'}>
        {t(ticked ? 'resourceActions.authorize.neededBy' : 'resourceActions.authorize.neededUnticked', { by: by.join(', ') })}
      </Tag>
    );
  };
  const brought = draft.brought.filter((k) => draft.buttons.includes(k) || draft.urls.includes(k));
  const broughtButtons = brought.filter(isButtonKey).map((k) => ctx.buttonTitle(k.slice('button:'.length)));
  const broughtCalls = brought.filter(isUrlKey).length;
  const summary =
    brought.length > 0 ? (
      <Alert
        type="info"
        showIcon
        data-testid="role-needs"
        title={t('resourceActions.authorize.neededTicked', { buttons: broughtButtons.join(', ') || '–', n: broughtCalls })}
      />
    ) : null;

  /** One tab: the hint, the tree of its grants (needs marked on buttons and calls), what ticking brought, and a count. */
  const grantTab = (key: TabKey, nodes: readonly CheckNode[], treeLabel: string, count?: string) => ({
    key,
    label: tabLabel(key),
    children: (
      <div className="resource-action">
        <p className="resource-action-hint">{t(`resourceActions.authorize.${key}Hint`, { role: roleName })}</p>
        <CheckTree
          nodes={nodes}
          checked={draft[key]}
          onChange={(keys) => change({ [key]: keys })}
          label={t(`resourceActions.authorize.${treeLabel}`)}
          marks={key === 'menus' ? undefined : marks}
        />
        {summary}
        {count !== undefined && <span className="resource-action-footer-info">{count}</span>}
      </div>
    ),
  });

  return (
    <>
      <Tabs
        activeKey={tab}
        onChange={(key) => setTab(key as TabKey)}
        items={[
          grantTab('menus', ctx.menuNodes, 'menuTree'),
          grantTab(
            'buttons',
            buttonTree.nodes,
            'buttonTree',
            t('resourceActions.authorize.buttonCount', { n: draft.buttons.filter(isButtonKey).length, total: buttonTree.menuOf.size }),
          ),
          grantTab(
            'urls',
            ctx.urlNodes,
            'urlTree',
            t('resourceActions.authorize.urlCount', { n: urlsToSave.length, total: loaded.urlCount }),
          ),
        ]}
      />
      <ActionFooter onCancel={() => onClose(false)} onOk={() => void save()} busy={busy} />
    </>
  );
}

/** A checkbox tree with search (ticks of nodes the search hides are kept), expand and collapse all. */
function CheckTree({
  nodes,
  checked,
  onChange,
  label,
  marks,
}: {
  nodes: readonly CheckNode[];
  checked: string[];
  onChange(keys: string[]): void;
  label: string;
  /** What shows after a node's title ("needed by Users"). */
  marks?(key: string): ReactNode;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [expanded, setExpanded] = useState<string[]>(() => topKeys(nodes));
  const shown = useMemo(() => filterTree(nodes, search), [nodes, search]);
  const all = useMemo(() => parentKeys(nodes), [nodes]);
  // while searching, every match shows with its parents open
  const open = search.trim() ? parentKeys(shown) : expanded;
  const visible = useMemo(() => new Set(walk(shown).map((n) => n.key)), [shown]);
  return (
    <div className="resource-action">
      <Space wrap>
        <Input
          allowClear
          size="small"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          placeholder={t('resourceActions.authorize.treeSearch')}
          aria-label={t('resourceActions.authorize.treeSearch')}
        />
        <Button size="small" onClick={() => setExpanded(all)}>
          {t('resourceActions.authorize.expandAll')}
        </Button>
        <Button size="small" onClick={() => setExpanded([])}>
          {t('resourceActions.authorize.collapseAll')}
        </Button>
      </Space>
      <div className="resource-action-box resource-action-scroll">
        <Tree
          checkable
          selectable={false}
          expandedKeys={open}
          onExpand={(keys) => setExpanded(keys.map(String))}
          virtual={false}
          treeData={shown}
          titleRender={(node) => (
            <>
              <span className="role-grant-title">{node.title}</span>
              {marks?.(node.key)}
            </>
          )}
          checkedKeys={checked.filter((k) => visible.has(k))}
          onCheck={(keys) => {
            const now = (Array.isArray(keys) ? keys : keys.checked).map(String);
            onChange([...checked.filter((k) => !visible.has(k)), ...now]);
          }}
          aria-label={label}
        />
      </div>
    </div>
  );
}
