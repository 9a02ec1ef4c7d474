/**
 * /permission/page: a page open to ROLE_ADMIN only (its menu entry says so). Switching to the
 * editor role takes it out of the menu and leaves for a page the editor may see.
 */
import { Card, Space, Typography } from 'antd';
import { useDemoTranslation } from '../demoMessages.ts';
import SwitchRoles from './SwitchRoles.tsx';

export default function PagePermissionPage() {
  const { t } = useDemoTranslation();
  return (
    <div className="page-container">
      <Card title={t('demo.permission.page.title')}>
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Typography.Paragraph>{t('demo.permission.page.hint')}</Typography.Paragraph>
          <SwitchRoles />
        </Space>
      </Card>
    </div>
  );
}
