/**
 * URL permissions page, "authorise roles" (spec 5): every role as a checkbox, the roles that
 * may make the call ticked (queryRoleIdByUrlId); OK replaces them (authorizeRoleToUrl). A role
 * must be checked: with none, a warning and no call.
 */
import { useState } from 'react';
import { Checkbox, Empty } from 'antd';
import { useTranslation } from '../../i18n/translator.ts';
import { toastSuccess, toastWarning } from '../../feedback/feedback.ts';
import type { ActionComponentProps } from '../extensions.ts';
import { ActionFooter, idOf, LoadState, NoRecord, useLoad } from './ActionParts.tsx';
import { client } from './grantApi.ts';
import { idKeys, keysToIds, options, type Option } from './grantTree.ts';

export default function UrlAuthorizeRoles({ records, onClose }: ActionComponentProps) {
  const urlId = idOf(records[0]);
  const loaded = useLoad(async () => {
    if (urlId === undefined) return undefined;
    const api = await client();
    const [roles, granted] = await Promise.all([api.queryRoleNameCheckbox(), api.queryRoleIdByUrlId({ urlId })]);
    const list = options(roles.data);
    const present = new Set(list.map((r) => r.value));
    return { roles: list, granted: idKeys(granted.data).filter((k) => present.has(k)) };
  }, [urlId]);
  if (urlId === undefined) return <NoRecord onClose={() => onClose(false)} />;
  return (
    <LoadState loaded={loaded}>
      {(d) => (d ? <RoleChoice roles={d.roles} granted={d.granted} urlId={urlId} url={String(records[0]?.url ?? urlId)} onClose={onClose} /> : null)}
    </LoadState>
  );
}

function RoleChoice({ roles, granted, urlId, url, onClose }: { roles: Option[]; granted: string[]; urlId: number; url: string; onClose(changed: boolean): void }) {
  const { t } = useTranslation();
  const [checked, setChecked] = useState<string[]>(granted);
  const [busy, setBusy] = useState(false);

  const save = async () => {
    if (checked.length === 0) {
      toastWarning(t('resourceActions.urlRoles.checkRole'));
      return;
    }
    setBusy(true);
    try {
      await (await client()).authorizeRoleToUrl({ urlId, roleId: keysToIds(checked) });
      toastSuccess(t('resourceActions.urlRoles.saved', { url }));
      onClose(false);
    } catch {
      setBusy(false); // the HTTP client showed why
    }
  };

  return (
    <div className="resource-action" data-testid="url-roles">
      <p className="resource-action-hint">{t('resourceActions.urlRoles.hint', { url })}</p>
      <div className="resource-action-box" role="group" aria-label={t('resourceActions.urlRoles.roles')}>
        {roles.length === 0 ? (
          <Empty description={t('resourceActions.urlRoles.noRoles')} />
        ) : (
          <Checkbox.Group value={checked} onChange={(values) => setChecked(values.map(String))} style={{ display: 'flex', flexDirection: 'column', gap: 6 }}>
            {roles.map((r) => (
              <Checkbox key={r.value} value={r.value}>
                {r.label}
              </Checkbox>
            ))}
          </Checkbox.Group>
        )}
      </div>
      <ActionFooter onCancel={() => onClose(false)} onOk={() => void save()} busy={busy} />
    </div>
  );
}
