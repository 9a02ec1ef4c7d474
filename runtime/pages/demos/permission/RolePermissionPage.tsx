/**
 * /permission/role: the roles of the mock API, each with the routes it sees (the mock's route
 * records, titles translated), and the role switch.
 */
import { useEffect, useState } from 'react';
import { Alert, Card, Col, Row, Spin, Tree, Typography } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { useDemoTranslation } from '../demoMessages.ts';
import { mockGet } from '../mockClient.ts';
import SwitchRoles from './SwitchRoles.tsx';
import type { TFunction } from '../../../i18n/translator.ts';

interface MockRoute {
  path: string;
  name: string;
  hidden?: boolean;
  meta: { title: string };
  children?: MockRoute[];
}

interface MockRole {
  key: string;
  name: string;
  description: string;
  routes: MockRoute[];
}

/** The visible routes as tree nodes, keyed by absolute path. */
export function routeNodes(routes: readonly MockRoute[], t: TFunction, parent = ''): DataNode[] {
  return routes
    .filter((r) => !r.hidden)
    .map((r) => {
      const path = r.path.startsWith('/') ? r.path : `${parent.replace(/\/$/, '')}/${r.path}`;
      const children = routeNodes(r.children ?? [], t, path);
      return { key: path, title: t(r.meta.title), ...(children.length ? { children } : {}) };
    });
}

export default function RolePermissionPage() {
  const { t } = useDemoTranslation();
  const [roles, setRoles] = useState<MockRole[] | undefined>();
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    mockGet<{ roles: MockRole[] }>('roles').then(
      (data) => live && setRoles(data.roles),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, []);
  return (
    <div className="page-container">
      <Card title={t('demo.permission.role.title')}>
        <Typography.Paragraph>{t('demo.permission.role.hint')}</Typography.Paragraph>
        <SwitchRoles />
        {failed && <Alert type="warning" showIcon title={t('demo.mockOff')} style={{ marginTop: 16 }} />}
        {!roles && !failed && <Spin />}
        <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
          {roles?.map((role) => (
            <Col xs={24} md={8} key={role.key}>
              <Card size="small" title={role.name} data-role={role.key}>
                <Typography.Paragraph type="secondary">
                  {t(`demo.permission.role.descriptions.${role.key}`, { defaultValue: role.description })}
                </Typography.Paragraph>
                <Typography.Text strong>{t('demo.permission.role.sees', { count: role.routes.length })}</Typography.Text>
                <Tree
                  aria-label={t('demo.permission.role.routesOf', { role: role.name })}
                  treeData={routeNodes(role.routes, t)}
                  selectable={false}
                />
              </Card>
            </Col>
          ))}
        </Row>
      </Card>
    </div>
  );
}
