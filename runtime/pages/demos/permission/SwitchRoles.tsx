/** The role switch shown on the permission demo pages: the current roles and a choice of role. */
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { Alert, Radio, Space } from 'antd';
import { useSnapshot } from 'valtio';
import { userState } from '../../../auth/userState.ts';
import { permissionState } from '../../../permission/permissionState.ts';
import { matchRoute } from '../../../permission/matchRoute.ts';
import { toastSuccess } from '../../../feedback/feedback.ts';
import { useDemoTranslation } from '../demoMessages.ts';
import { changeRoles, roleSwitchState, SWITCHABLE_ROLES } from './roleSwitch.ts';

/** Where the switch goes when the page it was on is not open to the new role. */
const OPEN_PERMISSION_PAGE = '/permission/directive';

export default function SwitchRoles() {
  const { t } = useDemoTranslation();
  const { roles } = useSnapshot(userState);
  const { token } = useSnapshot(roleSwitchState);
  const location = useLocation();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const current = SWITCHABLE_ROLES.find((r) => roles.includes(r));

  const onChange = async (role: string) => {
    setBusy(true);
    try {
      const now = await changeRoles(role);
      toastSuccess(t('demo.permission.switched', { roles: now.join(', ') }));
      if (!matchRoute(permissionState.routes, location.pathname)) navigate(OPEN_PERMISSION_PAGE, { replace: true });
    } catch {
      // the HTTP client has shown why (e.g. the mock API is not served)
    } finally {
      setBusy(false);
    }
  };

  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <div data-testid="current-roles">{t('demo.permission.yourRoles', { roles: roles.join(', ') })}</div>
      <Space wrap>
        <span id="demo-switch-roles">{t('demo.permission.switchRoles')}</span>
        <Radio.Group
          aria-labelledby="demo-switch-roles"
          optionType="button"
          buttonStyle="solid"
          disabled={busy}
          value={current}
          onChange={(e) => void onChange(String(e.target.value))}
          options={SWITCHABLE_ROLES.map((r) => ({ value: r, label: t(`demo.permission.roleNames.${r}`) }))}
        />
      </Space>
      {token && <Alert type="info" showIcon title={t('demo.permission.tokenNote', { token })} />}
    </Space>
  );
}
