/**
 * /permission/directive: content shown by role (the directive and the function form of the
 * check), and the button directive live: type a button code and see whether it shows.
 */
import { useId, useState } from 'react';
import { Button, Card, Divider, Input, Space, Tag, Typography } from 'antd';
import { useSnapshot } from 'valtio';
import { userState } from '../../../auth/userState.ts';
import { ADMIN_ROLE } from '../../../constants/spec.ts';
import { useDemoTranslation } from '../demoMessages.ts';
import SwitchRoles from './SwitchRoles.tsx';
import { ButtonPermission, Permission } from './Permission.tsx';
import { checkPermission } from './roleCheck.ts';

const EDITOR = 'ROLE_EDITOR';
const CASES: { key: string; roles: readonly string[] }[] = [
  { key: 'adminOnly', roles: [ADMIN_ROLE] },
  { key: 'editorOnly', roles: [EDITOR] },
  { key: 'both', roles: [ADMIN_ROLE, EDITOR] },
];
/** A button code the demo starts with: adding users, held by the administrator. */
const SAMPLE_BUTTON = 'sysuser:add';

export default function DirectivePermissionPage() {
  const { t } = useDemoTranslation();
  const user = useSnapshot(userState);
  const [code, setCode] = useState(SAMPLE_BUTTON);
  const codeId = useId();
  const trimmed = code.trim();
  return (
    <div className="page-container">
      <Card title={t('demo.permission.directive.title')}>
        <SwitchRoles />
        <Divider titlePlacement="start">{t('demo.permission.directive.byDirective')}</Divider>
        <Space orientation="vertical" data-testid="by-directive">
          {CASES.map((c) => (
            <Permission key={c.key} roles={c.roles}>
              <Tag color="blue" data-case={c.key}>
                {t(`demo.permission.directive.${c.key}`)}
              </Tag>
            </Permission>
          ))}
        </Space>
        <Divider titlePlacement="start">{t('demo.permission.directive.byFunction')}</Divider>
        <Typography.Paragraph>{t('demo.permission.directive.functionHint')}</Typography.Paragraph>
        <Space orientation="vertical" data-testid="by-function">
          {CASES.filter((c) => checkPermission(user.roles, c.roles)).map((c) => (
            <Tag color="green" key={c.key} data-case={c.key}>
              {t(`demo.permission.directive.${c.key}`)}
            </Tag>
          ))}
        </Space>
        <Divider titlePlacement="start">{t('demo.permission.directive.buttons')}</Divider>
        <Typography.Paragraph>{t('demo.permission.directive.buttonsHint', { count: user.menuButton.length })}</Typography.Paragraph>
        <Space orientation="vertical" style={{ width: '100%', maxWidth: 420 }}>
          <label htmlFor={codeId}>{t('demo.permission.directive.buttonCode')}</label>
          <Input id={codeId} value={code} onChange={(e) => setCode(e.target.value)} />
          <div data-testid="button-directive">
            {trimmed && (
              <ButtonPermission
                code={trimmed}
                otherwise={
                  <Typography.Text type="secondary">{t('demo.permission.directive.buttonHidden', { code: trimmed })}</Typography.Text>
                }
              >
                <Button type="primary">{t('demo.permission.directive.buttonShown', { code: trimmed })}</Button>
              </ButtonPermission>
            )}
          </div>
        </Space>
      </Card>
    </div>
  );
}
