/**
 * Users page, "add to tenant" (spec 3: a user may belong to several tenants): choose another
 * tenant (querySysTenant, a platform call: a caller outside the platform tenant is refused,
 * and the server's reason is shown here), then prove to be an administrator of that tenant
 * (the username and password of one's administrator account there); OK copies the user there
 * (addSysTenantUser).
 */
import { useState } from 'react';
import { Alert, Input, Select } from 'antd';
import { useSnapshot } from 'valtio';
import { useTranslation } from '../../i18n/translator.ts';
import { toastSuccess } from '../../feedback/feedback.ts';
import { userState } from '../../auth/userState.ts';
import type { SysTenant } from '../../generated/types.ts';
import type { ActionComponentProps } from '../extensions.ts';
import { ActionFooter, idOf, LoadState, NoRecord, RequiredChoice, useLoad } from './ActionParts.tsx';
import { allTenants, client } from './grantApi.ts';

export default function UserAddToTenant({ records, onClose }: ActionComponentProps) {
  const userId = idOf(records[0]);
  const loaded = useLoad(() => allTenants(), []);
  if (userId === undefined) return <NoRecord onClose={() => onClose(false)} />;
  const username = String(records[0]?.username ?? userId);
  return (
    <div className="resource-action" data-testid="add-to-tenant">
      <LoadState loaded={loaded}>
        {(tenants) => <TenantChoice tenants={tenants} userId={userId} username={username} onClose={onClose} />}
      </LoadState>
      {loaded.error !== undefined && <ActionFooter onCancel={() => onClose(false)} />}
    </div>
  );
}

function TenantChoice({
  tenants,
  userId,
  username,
  onClose,
}: {
  tenants: SysTenant[];
  userId: number;
  username: string;
  onClose(changed: boolean): void;
}) {
  const { t } = useTranslation();
  const { tenantCode: own, name: ownUsername } = useSnapshot(userState);
  const [tenant, setTenant] = useState<string>();
  const [missing, setMissing] = useState(false);
  const [adminUsername, setAdminUsername] = useState(ownUsername);
  const [password, setPassword] = useState('');
  const [passwordMissing, setPasswordMissing] = useState(false);
  const [busy, setBusy] = useState(false);
  const choices = tenants
    .filter((x) => x.tenantCode !== own)
    .map((x) => ({ value: x.tenantCode, label: `${x.tenantName} (${x.tenantCode})` }));

  const save = async () => {
    if (!tenant || !password) {
      setMissing(!tenant);
      setPasswordMissing(!password);
      return;
    }
    setBusy(true);
    try {
      await (
        await client()
      ).addSysTenantUser({ tenantCode: tenant, userId }, { password, ...(adminUsername.trim() ? { username: adminUsername.trim() } : {}) });
      const name = tenants.find((x) => x.tenantCode === tenant)?.tenantName ?? tenant;
      toastSuccess(t('resourceActions.addToTenant.saved', { user: username, tenant: name }));
      onClose(false);
    } catch {
      setBusy(false); // the HTTP client showed why (a refusal, the user already there)
    }
  };

  return (
    <>
      <p className="resource-action-hint">{t('resourceActions.addToTenant.hint', { user: username })}</p>
      {choices.length === 0 ? (
        <Alert type="info" showIcon title={t('resourceActions.addToTenant.noTenants')} />
      ) : (
        <RequiredChoice
          label={t('resourceActions.addToTenant.tenant')}
          htmlFor="add-to-tenant-tenant"
          missing={missing}
          message={t('resourceActions.addToTenant.required')}
        >
          <Select
            id="add-to-tenant-tenant"
            showSearch={{ optionFilterProp: 'label' }}
            value={tenant}
            onChange={(value: string) => {
              setTenant(value);
              setMissing(false);
            }}
            options={choices}
            placeholder={t('resourceActions.addToTenant.placeholder')}
            aria-label={t('resourceActions.addToTenant.tenant')}
          />
        </RequiredChoice>
      )}
      {choices.length > 0 && (
        <>
          <p className="resource-action-hint">{t('resourceActions.addToTenant.adminHint')}</p>
          <RequiredChoice
            label={t('resourceActions.addToTenant.adminUsername')}
            htmlFor="add-to-tenant-username"
            missing={false}
            message=""
          >
            <Input
              id="add-to-tenant-username"
              autoComplete="username"
              value={adminUsername}
              onChange={(e) => setAdminUsername(e.target.value)}
            />
          </RequiredChoice>
          <RequiredChoice
            label={t('resourceActions.addToTenant.adminPassword')}
            htmlFor="add-to-tenant-password"
            missing={passwordMissing}
            message={t('resourceActions.addToTenant.passwordRequired')}
          >
            <Input.Password
              id="add-to-tenant-password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => {
                setPassword(e.target.value);
                setPasswordMissing(false);
              }}
            />
          </RequiredChoice>
        </>
      )}
      <ActionFooter onCancel={() => onClose(false)} onOk={choices.length ? () => void save() : undefined} busy={busy} />
    </>
  );
}
