/**
 * URL permissions page, "authorise roles" (spec 5): every role as a checkbox, the roles that
 * may make the call ticked (queryRoleIdByUrlId); OK replaces them (authorizeRoleToUrl). A role
 * must be checked: with none, a warning and no call.
 */
import { Checkbox, Empty } from 'antd';
import { useTranslation } from '../../i18n/translator.ts';
import { toastSuccess, toastWarning } from '../../feedback/feedback.ts';
import type { ActionComponentProps } from '../extensions.ts';
import { ActionFooter, idOf, LoadState, NoRecord } from './ActionParts.tsx';
import { client } from './grantApi.ts';
import { idKeys, keysToIds, options, type Option } from './grantTree.ts';
import { useAssign } from './useAssign.ts';

export default function UrlAuthorizeRoles({ records, onClose }: ActionComponentProps) {
  const urlId = idOf(records[0]);
  if (urlId === undefined) return <NoRecord onClose={() => onClose(false)} />;
  return <RoleChoice urlId={urlId} url={String(records[0]?.url ?? urlId)} onClose={onClose} />;
}

function RoleChoice({ urlId, url, onClose }: { urlId: number; url: string; onClose(changed: boolean): void }) {
  const { t } = useTranslation();
  const assign = useAssign<Option[]>({
    key: String(urlId),
    load: async () => {
      const api = await client();
      const [roles, granted] = await Promise.all([api.queryRoleNameCheckbox(), api.queryRoleIdByUrlId({ urlId })]);
      const list = options(roles.data);
      const present = new Set(list.map((r) => r.value));
      return { candidates: list, linked: idKeys(granted.data).filter((k) => present.has(k)) };
    },
    save: async (links) => {
      await (await client()).authorizeRoleToUrl({ urlId, roleId: keysToIds(links) });
    },
    required: true,
  });

  const save = async () => {
    const outcome = await assign.save();
    if (outcome === 'empty') toastWarning(t('resourceActions.urlRoles.checkRole'));
    if (outcome === 'saved') {
      toastSuccess(t('resourceActions.urlRoles.saved', { url }));
      onClose(false);
    }
  };

  return (
    <LoadState loaded={assign.loaded}>
      {(roles) => (
        <div className="resource-action" data-testid="url-roles">
          <p className="resource-action-hint">{t('resourceActions.urlRoles.hint', { url })}</p>
          <div className="resource-action-box" role="group" aria-label={t('resourceActions.urlRoles.roles')}>
            {roles.length === 0 ? (
              <Empty description={t('resourceActions.urlRoles.noRoles')} />
            ) : (
              <Checkbox.Group value={[...assign.checked]} onChange={(values) => assign.setChecked(values.map(String))} style={{ display: 'flex', flexDirection: 'column', gap: 6 }}>
                {roles.map((r) => (
                  <Checkbox key={r.value} value={r.value}>
                    {r.label}
                  </Checkbox>
                ))}
              </Checkbox.Group>
            )}
          </div>
          <ActionFooter onCancel={() => onClose(false)} onOk={() => void save()} busy={assign.busy} />
        </div>
      )}
    </LoadState>
  );
}
