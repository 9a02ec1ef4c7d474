/**
 * Data permissions page, "add" (spec 3, 5, 6, 8): choose a menu (the one chosen in the page's
 * filter tree, if any), then rows of a role code and the fields of the menu's records that role
 * must not see. The menu's existing rows are loaded first (queryDataFieldByMenuCode), since
 * saving replaces the menu's data permissions with the rows shown (authorizeMenuDataToRole). Before the call: role code and fields are
 * required, a role code cannot repeat, fields are names separated by commas; a failure is
 * warned about and marked on its row, and nothing is sent.
 */
import { useMemo, useState } from 'react';
import { Alert, Button, Select, TreeSelect } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation, type TFunction } from '../../i18n/translator.ts';
import { toastSuccess, toastWarning } from '../../feedback/feedback.ts';
import type { ActionComponentProps } from '../extensions.ts';
import { useRegistry } from '../registryContext.tsx';
import { ActionFooter, LoadState, RequiredChoice, useLoad } from './ActionParts.tsx';
import { client } from './grantApi.ts';
import { menuCodeTree, options, type MenuChoice, type Option } from './grantTree.ts';
import { menuLabel } from './menuLabel.ts';
import {
  authorizeBody,
  menuFieldOptions,
  newRow,
  rowsFromAnswer,
  validateDataRows,
  type DataRow,
  type DataRowProblem,
} from './dataPermission.ts';

export default function DataPermissionAdd({ records, fixed, onClose }: ActionComponentProps) {
  // The menu chosen in the page's filter tree, else the checked record's.
  const chosen = fixed?.menuCode ?? records[0]?.menuCode;
  const start = typeof chosen === 'string' ? chosen : undefined;
  const loaded = useLoad(async () => {
    const api = await client();
    const [menus, roles] = await Promise.all([api.querySysMenuTree(), api.queryRoleCode()]);
    return { menus: menuCodeTree(menus.data, menuLabel), roles: options(roles.data) };
  }, []);
  return (
    <LoadState loaded={loaded}>{(d) => <AddDataPermission menus={d.menus} roles={d.roles} start={start} onClose={onClose} />}</LoadState>
  );
}

const PROBLEM_KEYS: Record<DataRowProblem['kind'], string> = {
  roleRequired: 'resourceActions.dataPermission.roleRequired',
  fieldsRequired: 'resourceActions.dataPermission.fieldsRequired',
  repeated: 'resourceActions.dataPermission.repeated',
  commas: 'resourceActions.dataPermission.commas',
};

/** The toast for refused rows: the spec's messages for a repeated role code or a bad field list first. */
function problemToast(problems: DataRowProblem[], t: TFunction): string {
  const kinds = new Set(problems.map((p) => p.kind));
  const first = (['repeated', 'commas', 'roleRequired', 'fieldsRequired'] as const).find((k) => kinds.has(k))!;
  return t(PROBLEM_KEYS[first]);
}

function AddDataPermission({
  menus,
  roles,
  start,
  onClose,
}: {
  menus: MenuChoice[];
  roles: Option[];
  start?: string;
  onClose(changed: boolean): void;
}) {
  const { t } = useTranslation();
  const [menuCode, setMenuCode] = useState<string | undefined>(start);
  const [menuMissing, setMenuMissing] = useState(false);
  const existing = useLoad(async () => {
    if (!menuCode) return { rows: [] as DataRow[] };
    const rows = rowsFromAnswer((await (await client()).queryDataFieldByMenuCode({ menuCode })).data);
    return { rows: rows.length ? rows : [newRow()] };
  }, [menuCode]);

  return (
    <div className="resource-action" data-testid="data-permission-add">
      <p className="resource-action-hint">{t('resourceActions.dataPermission.hint')}</p>
      <RequiredChoice
        label={t('resourceActions.dataPermission.menu')}
        htmlFor="data-permission-menu"
        missing={menuMissing}
        message={t('resourceActions.dataPermission.menuRequired')}
      >
        <TreeSelect
          id="data-permission-menu"
          treeData={menus}
          value={menuCode}
          onChange={(value: string) => {
            setMenuCode(value);
            setMenuMissing(false);
          }}
          showSearch
          treeNodeFilterProp="title"
          treeDefaultExpandAll
          placeholder={t('resourceActions.dataPermission.menuPlaceholder')}
          aria-label={t('resourceActions.dataPermission.menu')}
          styles={{ popup: { root: { maxHeight: 360, overflow: 'auto' } } }}
        />
      </RequiredChoice>
      {menuCode ? (
        <LoadState loaded={existing}>
          {(d) => <RowsEditor key={menuCode} menuCode={menuCode} roles={roles} initial={d.rows} onClose={onClose} />}
        </LoadState>
      ) : (
        <ActionFooter onCancel={() => onClose(false)} onOk={() => setMenuMissing(true)} />
      )}
    </div>
  );
}

function RowsEditor({
  menuCode,
  roles,
  initial,
  onClose,
}: {
  menuCode: string;
  roles: Option[];
  initial: DataRow[];
  onClose(changed: boolean): void;
}) {
  const { t } = useTranslation();
  const [rows, setRows] = useState<DataRow[]>(initial);
  const [checked, setChecked] = useState(false);
  const [busy, setBusy] = useState(false);
  const resources = useRegistry();
  const fieldOptions = useMemo(() => menuFieldOptions(resources, menuCode), [resources, menuCode]);
  const anyField = fieldOptions.length === 0;
  const fieldChoices = useMemo(() => fieldOptions.map((f) => ({ value: f.value, label: `${t(f.label)} (${f.value})` })), [fieldOptions, t]);
  const roleChoices = useMemo(
    () => roles.map((r) => ({ value: r.value, label: r.label === r.value ? r.value : `${r.label} (${r.value})` })),
    [roles],
  );
  const problems = useMemo(() => (checked ? validateDataRows(rows) : []), [checked, rows]);
  const problemOf = (row: number, field: DataRowProblem['field']) => problems.find((p) => p.row === row && p.field === field);

  const update = (key: string, change: Partial<DataRow>) => setRows((list) => list.map((r) => (r.key === key ? { ...r, ...change } : r)));

  const save = async () => {
    setChecked(true);
    if (rows.length === 0) {
      toastWarning(t('resourceActions.dataPermission.noRows'));
      return;
    }
    const found = validateDataRows(rows);
    if (found.length) {
      toastWarning(problemToast(found, t));
      return;
    }
    setBusy(true);
    try {
      await (await client()).authorizeMenuDataToRole(authorizeBody(menuCode, rows));
      toastSuccess(t('resourceActions.dataPermission.saved'));
      onClose(true);
    } catch {
      setBusy(false); // the HTTP client showed why
    }
  };

  const errorText = (p: DataRowProblem | undefined) => (p ? <div className="resource-action-error">{t(PROBLEM_KEYS[p.kind])}</div> : null);

  return (
    <>
      {anyField && <Alert type="info" showIcon title={t('resourceActions.dataPermission.anyField')} />}
      <div className="resource-action-rows" role="group" aria-label={t('resourceActions.dataPermission.rows')}>
        <div className="resource-action-row resource-action-row-head" aria-hidden="true">
          <span />
          <span>{t('resourceActions.dataPermission.role')}</span>
          <span>{t('resourceActions.dataPermission.fields')}</span>
          <span />
        </div>
        {rows.map((row, i) => {
          const roleProblem = problemOf(i, 'roleCode');
          const fieldsProblem = problemOf(i, 'fields');
          const n = i + 1;
          return (
            <div className="resource-action-row" key={row.key} data-testid="data-permission-row">
              <span className="resource-action-row-index">{n}</span>
              <div>
                <Select
                  value={row.roleCode}
                  onChange={(value: string) => update(row.key, { roleCode: value })}
                  options={roleChoices}
                  showSearch={{ optionFilterProp: 'label' }}
                  status={roleProblem ? 'error' : undefined}
                  placeholder={t('resourceActions.dataPermission.rolePlaceholder')}
                  aria-label={t('resourceActions.dataPermission.roleOfRow', { n })}
                  style={{ width: '100%' }}
                />
                {errorText(roleProblem)}
              </div>
              <div>
                <Select
                  mode={anyField ? 'tags' : 'multiple'}
                  tokenSeparators={[',']}
                  value={row.fields}
                  onChange={(value: string[]) => update(row.key, { fields: value })}
                  options={fieldChoices}
                  showSearch={{ optionFilterProp: 'label' }}
                  status={fieldsProblem ? 'error' : undefined}
                  placeholder={t('resourceActions.dataPermission.fieldsPlaceholder')}
                  aria-label={t('resourceActions.dataPermission.fieldsOfRow', { n })}
                  style={{ width: '100%' }}
                />
                {errorText(fieldsProblem)}
              </div>
              <Button
                type="text"
                danger
                icon={<DeleteOutlined />}
                onClick={() => setRows((list) => list.filter((r) => r.key !== row.key))}
                aria-label={t('resourceActions.dataPermission.removeRow', { n })}
                title={t('resourceActions.dataPermission.removeRow', { n })}
              />
            </div>
          );
        })}
        <Button type="dashed" block icon={<PlusOutlined />} onClick={() => setRows((list) => [...list, newRow()])}>
          {t('resourceActions.dataPermission.addRow')}
        </Button>
      </div>
      <ActionFooter onCancel={() => onClose(false)} onOk={() => void save()} busy={busy} />
    </>
  );
}
