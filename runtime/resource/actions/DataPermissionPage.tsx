/**
 * The data permissions page (/datapermission, spec 2, 6): data permissions are kept per menu
 * (queryDataFieldByMenuCode), so the page lists the menus on the left and the chosen menu's
 * rows (role code, filtered fields) on the right, with the resource's custom actions: "add"
 * on the toolbar (the add screen starts on the chosen menu) and "delete" on each row, shown
 * to holders of their buttons. The generic resource page cannot show it: the data permission
 * resource has no list call of its own.
 */
import { useMemo, useState } from 'react';
import { Button, Card, Col, Empty, Row, Space, Table, Tag, Tree } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useSnapshot } from 'valtio';
import { resources, type ActionMeta } from '../../generated/resources.ts';
import { useTranslation } from '../../i18n/translator.ts';
import { userState } from '../../stores/user.ts';
import ActionHost from '../ActionHost.tsx';
import type { ResourceRecord } from '../extensions.ts';
import { LoadState, useLoad } from './ActionParts.tsx';
import { client } from './grantApi.ts';
import { menuCodeTree, type MenuChoice } from './grantTree.ts';
import { menuLabel } from './menuLabel.ts';
import '../resource.css';

const RESOURCE = resources.SysRoleData!;

interface MenuNode {
  key: string;
  title: string;
  children?: MenuNode[];
}

function toNodes(choices: MenuChoice[]): MenuNode[] {
  return choices.map((c) => ({ key: c.value, title: c.title, ...(c.children ? { children: toNodes(c.children) } : {}) }));
}

export default function DataPermissionPage() {
  const { t } = useTranslation();
  const menus = useLoad(async () => toNodes(menuCodeTree((await (await client()).querySysMenuTree()).data, menuLabel)), []);
  const [menuCode, setMenuCode] = useState<string>();
  const title = t(RESOURCE.labels.title);
  return (
    <div className="page-container resource-page" data-testid="resource-page" data-resource={RESOURCE.name}>
      <Row gutter={[16, 16]}>
        <Col xs={24} md={7} xl={5}>
          <Card size="small" title={t('resourceActions.dataPermission.menus')} className="resource-filter-tree">
            <nav aria-label={t('resourceActions.dataPermission.menus')}>
              <LoadState loaded={menus}>
                {(nodes) => (
                  <Tree
                    treeData={nodes}
                    blockNode
                    defaultExpandedKeys={nodes.map((n) => n.key)}
                    selectedKeys={menuCode ? [menuCode] : []}
                    onSelect={(keys) => setMenuCode(keys[0] === undefined ? undefined : String(keys[0]))}
                  />
                )}
              </LoadState>
            </nav>
          </Card>
        </Col>
        <Col xs={24} md={17} xl={19}>
          <Card className="resource-card" title={<h2 className="resource-title">{title}</h2>}>
            <MenuDataPermissions menuCode={menuCode} />
          </Card>
        </Col>
      </Row>
    </div>
  );
}

type Dialog = { action: ActionMeta; records: ResourceRecord[] } | undefined;

function MenuDataPermissions({ menuCode }: { menuCode: string | undefined }) {
  const { t } = useTranslation();
  const { menuButton } = useSnapshot(userState);
  const [dialog, setDialog] = useState<Dialog>();
  const rows = useLoad(async () => {
    if (!menuCode) return [] as ResourceRecord[];
    const data = (await (await client()).queryDataFieldByMenuCode({ menuCode })).data;
    return Array.isArray(data) ? (data as ResourceRecord[]) : [];
  }, [menuCode]);
  const actions = useMemo(() => {
    const held = (name: string) => RESOURCE.actions.find((a) => a.name === name && a.kind === 'custom' && menuButton.includes(a.permission));
    return { add: held('add'), remove: held('delete') };
  }, [menuButton]);
  const label = (field: string) => t(RESOURCE.labels.fields[field] ?? field);

  return (
    <>
      <div className="resource-toolbar">
        <Space>
          {actions.add && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ action: actions.add!, records: menuCode ? [{ menuCode }] : [] })}>
              {t(actions.add.label ?? actions.add.name)}
            </Button>
          )}
        </Space>
      </div>
      {!menuCode ? (
        <Empty description={t('resourceActions.dataPermission.pickMenu')} />
      ) : (
        <LoadState loaded={rows}>
          {(list) => (
            <Table<ResourceRecord>
              size="middle"
              rowKey={(r) => String(r.id ?? r.roleCode)}
              dataSource={list}
              pagination={false}
              locale={{ emptyText: t('resourceActions.dataPermission.noneOnMenu') }}
              columns={[
                { key: 'roleCode', title: label('roleCode'), dataIndex: 'roleCode' },
                {
                  key: 'dataFields',
                  title: label('dataFields'),
                  render: (_, r) =>
                    String(r.dataFields ?? '')
                      .split(',')
                      .filter(Boolean)
                      .map((f) => <Tag key={f}>{f}</Tag>),
                },
                ...(actions.remove
                  ? [
                      {
                        key: 'operations',
                        title: t('resourceActions.dataPermission.operations'),
                        render: (_: unknown, r: ResourceRecord) => (
                          <Button type="link" danger onClick={() => setDialog({ action: actions.remove!, records: [r] })}>
                            {t(actions.remove!.label ?? actions.remove!.name)}
                          </Button>
                        ),
                      },
                    ]
                  : []),
              ]}
            />
          )}
        </LoadState>
      )}
      {dialog && (
        <ActionHost
          resource={RESOURCE}
          action={dialog.action}
          records={dialog.records}
          onClose={(changed) => {
            setDialog(undefined);
            if (changed) rows.reload();
          }}
        />
      )}
    </>
  );
}
