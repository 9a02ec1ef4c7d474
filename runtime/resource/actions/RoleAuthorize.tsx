/**
 * Roles page, "authorise" (spec 5, 6): three tabs, each loaded when first opened.
 * - Menus: the menu tree, the role's menus ticked; saved with the half-ticked parents
 *   (authorizeMenuToRole).
 * - Buttons: the menus with their buttons; a ticked button is one the role holds, an unticked
 *   one is hidden from the role and its call refused (sys_role_menubutton is a grant list).
 *   Saved per menu whose buttons changed (authorizeMenuButtonToRole).
 * - URLs: every URL permission, searchable, the role's ticked (authorizeUrlToRole).
 * OK saves the tabs that changed, in that order; a changed tab with nothing ticked is refused
 * with a warning before any call ("authorizing needs ticked data").
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Input, Table, Tabs, Tag, Tree } from 'antd';
import { useTranslation } from '../../i18n/translator.ts';
import { toastSuccess, toastWarning } from '../../feedback/feedback.ts';
import type { SysUrl } from '../../generated/types.ts';
import type { ActionComponentProps } from '../extensions.ts';
import { ActionFooter, idOf, LoadState, NoRecord, useLoad } from './ActionParts.tsx';
import { allUrls, client } from './grantApi.ts';
import {
  buttonCheckTree,
  buttonKey,
  buttonKeys,
  changedButtonMenus,
  conduct,
  grantedState,
  idKeys,
  isButtonKey,
  keysToIds,
  keysToSave,
  menuCheckTree,
  sameKeys,
  topKeys,
  urlMatches,
  type ButtonTree,
  type CheckNode,
} from './grantTree.ts';
import { menuLabel } from './menuLabel.ts';

const ROLE_ADMIN = 'ROLE_ADMIN';
const TABS = ['menus', 'buttons', 'urls'] as const;
type TabKey = (typeof TABS)[number];

/** What a tab has to save, reported to the dialog on every render. */
interface Draft {
  changed: boolean;
  empty: boolean;
  save(): Promise<void>;
}

type Register = (tab: TabKey, draft: Draft) => void;

export default function RoleAuthorize({ records, onClose }: ActionComponentProps) {
  const role = records[0];
  const roleId = idOf(role);
  const roleCode = typeof role?.roleCode === 'string' ? role.roleCode : '';
  if (!role || roleId === undefined || !roleCode) return <NoRecord onClose={() => onClose(false)} />;
  return <Authorize roleId={roleId} roleCode={roleCode} roleName={String(role.roleName ?? roleCode)} onClose={onClose} />;
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
  const [tab, setTab] = useState<TabKey>('menus');
  const [busy, setBusy] = useState(false);
  const drafts = useRef(new Map<TabKey, Draft>());
  const register: Register = (key, draft) => drafts.current.set(key, draft);
  const tabLabel = (key: TabKey) => t(`resourceActions.authorize.tabs.${key}`);

  const save = async () => {
    const changed = TABS.map((key) => ({ key, draft: drafts.current.get(key) })).filter(
      (d): d is { key: TabKey; draft: Draft } => !!d.draft?.changed,
    );
    if (changed.length === 0) {
      toastWarning(t('resourceActions.authorize.nothingChanged'));
      return;
    }
    const empty = changed.find((d) => d.draft.empty);
    if (empty) {
      setTab(empty.key);
      toastWarning(t('resourceActions.authorize.tickData', { tab: tabLabel(empty.key) }));
      return;
    }
    setBusy(true);
    try {
      for (const { draft } of changed) await draft.save();
      toastSuccess(t('resourceActions.authorize.saved', { role: roleName }));
      onClose(false);
    } catch {
      setBusy(false); // the HTTP client showed why; the tabs saved so far keep their new state
    }
  };

  return (
    <div className="resource-action" data-testid="role-authorize">
      {roleCode === ROLE_ADMIN && <Alert type="info" showIcon title={t('resourceActions.authorize.adminNote')} />}
      <Tabs
        activeKey={tab}
        onChange={(key) => setTab(key as TabKey)}
        items={[
          { key: 'menus', label: tabLabel('menus'), children: <MenuTab roleId={roleId} roleName={roleName} register={register} /> },
          {
            key: 'buttons',
            label: tabLabel('buttons'),
            children: <ButtonTab roleCode={roleCode} roleName={roleName} register={register} />,
          },
          { key: 'urls', label: tabLabel('urls'), children: <UrlTab roleId={roleId} roleName={roleName} register={register} /> },
        ]}
      />
      <ActionFooter onCancel={() => onClose(false)} onOk={() => void save()} busy={busy} />
    </div>
  );
}

function CheckTree({
  nodes,
  checked,
  onChange,
  label,
}: {
  nodes: CheckNode[];
  checked: string[];
  onChange(keys: string[]): void;
  label: string;
}) {
  const expanded = useMemo(() => topKeys(nodes), [nodes]);
  return (
    <div className="resource-action-box resource-action-scroll">
      <Tree
        checkable
        selectable={false}
        defaultExpandedKeys={expanded}
        virtual={false}
        treeData={nodes}
        checkedKeys={checked}
        onCheck={(keys) => onChange((Array.isArray(keys) ? keys : keys.checked).map(String))}
        aria-label={label}
      />
    </div>
  );
}

// ---- Menus -----------------------------------------------------------------------------

function MenuTab({ roleId, roleName, register }: { roleId: number; roleName: string; register: Register }) {
  const loaded = useLoad(async () => {
    const api = await client();
    const [tree, granted] = await Promise.all([api.querySysMenuTree(), api.queryMenuIdByRoleId({ roleId })]);
    const nodes = menuCheckTree(tree.data, menuLabel);
    return { nodes, granted: grantedState(nodes, idKeys(granted.data)).checked };
  }, [roleId]);
  return (
    <LoadState loaded={loaded}>
      {(d) => <MenuGrants nodes={d.nodes} granted={d.granted} roleId={roleId} roleName={roleName} register={register} />}
    </LoadState>
  );
}

function MenuGrants({
  nodes,
  granted,
  roleId,
  roleName,
  register,
}: {
  nodes: CheckNode[];
  granted: string[];
  roleId: number;
  roleName: string;
  register: Register;
}) {
  const { t } = useTranslation();
  const [checked, setChecked] = useState(granted);
  const [saved, setSaved] = useState(granted);
  const toSave = useMemo(() => keysToSave(conduct(nodes, checked)), [nodes, checked]);
  const savedKeys = useMemo(() => keysToSave(conduct(nodes, saved)), [nodes, saved]);
  useEffect(() => {
    register('menus', {
      changed: !sameKeys(toSave, savedKeys),
      empty: toSave.length === 0,
      save: async () => {
        await (await client()).authorizeMenuToRole({ roleId, menuId: keysToIds(toSave) });
        setSaved(checked);
      },
    });
  });
  return (
    <div className="resource-action">
      <p className="resource-action-hint">{t('resourceActions.authorize.menusHint', { role: roleName })}</p>
      <CheckTree nodes={nodes} checked={checked} onChange={setChecked} label={t('resourceActions.authorize.menuTree')} />
    </div>
  );
}

// ---- Buttons ---------------------------------------------------------------------------

function ButtonTab({ roleCode, roleName, register }: { roleCode: string; roleName: string; register: Register }) {
  const loaded = useLoad(async () => {
    const api = await client();
    const [tree, held] = await Promise.all([api.querySysMenuButtonTree(), api.queryMenuButtonByRoleCode({ roleCode })]);
    const buttons = buttonCheckTree(tree.data, menuLabel);
    return { tree: buttons, granted: conduct(buttons.nodes, buttonKeys(held.data)).checked };
  }, [roleCode]);
  return (
    <LoadState loaded={loaded}>
      {(d) => <ButtonGrants tree={d.tree} granted={d.granted} roleCode={roleCode} roleName={roleName} register={register} />}
    </LoadState>
  );
}

function ButtonGrants({
  tree,
  granted,
  roleCode,
  roleName,
  register,
}: {
  tree: ButtonTree;
  granted: string[];
  roleCode: string;
  roleName: string;
  register: Register;
}) {
  const { t } = useTranslation();
  const [checked, setChecked] = useState(granted);
  const [saved, setSaved] = useState(granted);
  const changes = useMemo(() => changedButtonMenus(tree, saved, checked), [tree, saved, checked]);
  useEffect(() => {
    register('buttons', {
      changed: changes.length > 0,
      empty: !checked.some(isButtonKey),
      save: async () => {
        const api = await client();
        const now = new Set(saved.filter(isButtonKey));
        for (const change of changes) {
          await api.authorizeMenuButtonToRole({ roleCode, menuCode: change.menuCode, buttonCode: change.buttonCode });
          for (const code of tree.buttonsOf.get(change.menuCode) ?? []) now.delete(buttonKey(code));
          for (const code of change.buttonCode) now.add(buttonKey(code));
          setSaved(conduct(tree.nodes, now).checked);
        }
      },
    });
  });
  const count = checked.filter(isButtonKey).length;
  return (
    <div className="resource-action">
      <p className="resource-action-hint">{t('resourceActions.authorize.buttonsHint', { role: roleName })}</p>
      <CheckTree nodes={tree.nodes} checked={checked} onChange={setChecked} label={t('resourceActions.authorize.buttonTree')} />
      <span className="resource-action-footer-info">{t('resourceActions.authorize.buttonCount', { count, total: tree.menuOf.size })}</span>
    </div>
  );
}

// ---- URLs ------------------------------------------------------------------------------

function UrlTab({ roleId, roleName, register }: { roleId: number; roleName: string; register: Register }) {
  const loaded = useLoad(async () => {
    const [urls, granted] = await Promise.all([allUrls(), (await client()).queryUrlIdByRoleId({ roleId })]);
    const present = new Set(urls.map((u) => String(u.id)));
    return { urls, granted: idKeys(granted.data).filter((k) => present.has(k)) };
  }, [roleId]);
  return (
    <LoadState loaded={loaded}>
      {(d) => <UrlGrants urls={d.urls} granted={d.granted} roleId={roleId} roleName={roleName} register={register} />}
    </LoadState>
  );
}

function UrlGrants({
  urls,
  granted,
  roleId,
  roleName,
  register,
}: {
  urls: SysUrl[];
  granted: string[];
  roleId: number;
  roleName: string;
  register: Register;
}) {
  const { t } = useTranslation();
  const [selected, setSelected] = useState(granted);
  const [saved, setSaved] = useState(granted);
  const [search, setSearch] = useState('');
  const shown = useMemo(() => urls.filter((u) => urlMatches(u, search)), [urls, search]);
  useEffect(() => {
    register('urls', {
      changed: !sameKeys(selected, saved),
      empty: selected.length === 0,
      save: async () => {
        await (await client()).authorizeUrlToRole({ roleId, urlId: keysToIds(selected) });
        setSaved(selected);
      },
    });
  });
  return (
    <div className="resource-action">
      <p className="resource-action-hint">{t('resourceActions.authorize.urlsHint', { role: roleName })}</p>
      <Input.Search
        allowClear
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        placeholder={t('resourceActions.authorize.urlSearch')}
        aria-label={t('resourceActions.authorize.urlSearch')}
      />
      <Table<SysUrl>
        size="small"
        rowKey={(u) => String(u.id)}
        dataSource={shown}
        pagination={{ pageSize: 8, showSizeChanger: false, size: 'small' }}
        rowSelection={{
          selectedRowKeys: selected,
          preserveSelectedRowKeys: true,
          onChange: (keys) => setSelected(keys.map(String)),
          getCheckboxProps: (u) => ({ 'aria-label': `${u.method ?? ''} ${u.url}`.trim() }),
          selections: [Table.SELECTION_ALL, Table.SELECTION_INVERT, Table.SELECTION_NONE],
        }}
        columns={[
          {
            key: 'method',
            title: t('resourceActions.authorize.method'),
            width: 90,
            render: (_, u) => (u.method ? <Tag>{u.method}</Tag> : null),
          },
          { key: 'url', title: t('resourceActions.authorize.url'), dataIndex: 'url', ellipsis: true },
          { key: 'description', title: t('resourceActions.authorize.description'), dataIndex: 'description', ellipsis: true },
        ]}
      />
      <span className="resource-action-footer-info">
        {t('resourceActions.authorize.urlCount', { count: selected.length, total: urls.length })}
      </span>
    </div>
  );
}
