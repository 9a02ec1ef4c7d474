/**
 * /nested/...: one page for every leaf of the nested menu (menu1-1, menu1-2-1, menu1-2-2,
 * menu1-3, menu2). It draws the levels of the menu above it, one box in another, down to its
 * own, with a note field: each page is a cached tab, so its note survives a switch.
 */
import { useId, useState, type ReactNode } from 'react';
import { Alert, Card, Input, Space } from 'antd';
import { useSnapshot } from 'valtio';
import { useCurrentRoute } from '../../app/currentRoute.ts';
import { matchRoute } from '../../permission/matchRoute.ts';
import { permissionState } from '../../permission/permissionState.ts';
import type { AppRoute } from '../../permission/routeTypes.ts';
import { useDemoTranslation } from './demoMessages.ts';

const BOX_TYPES = ['info', 'success', 'warning', 'error'] as const;

export default function NestedPage() {
  const { t } = useDemoTranslation();
  const route = useCurrentRoute();
  const permission = useSnapshot(permissionState);
  const [note, setNote] = useState('');
  const noteId = useId();
  const chain = route ? (matchRoute(permission.routes as readonly AppRoute[], route.path)?.chain ?? [route]) : [];
  const own = route?.meta.title ? t(route.meta.title) : '';

  let content: ReactNode = (
    <Space orientation="vertical" style={{ width: '100%', maxWidth: 420 }}>
      <label htmlFor={noteId}>{t('demo.nested.note', { title: own })}</label>
      <Input id={noteId} value={note} onChange={(e) => setNote(e.target.value)} />
    </Space>
  );
  // the innermost box is this page's own level; each ancestor wraps it
  for (let level = chain.length - 1; level >= 0; level -= 1) {
    const node = chain[level]!;
    content = (
      <Alert
        className="demo-nested-level"
        data-level={level + 1}
        type={BOX_TYPES[level % BOX_TYPES.length]}
        title={t('demo.nested.level', { level: level + 1, title: node.meta.title ? t(node.meta.title) : node.path })}
        description={content}
      />
    );
  }
  return (
    <div className="page-container">
      <Card title={own}>
        <p>{t('demo.nested.hint', { levels: chain.length })}</p>
        {content}
      </Card>
    </div>
  );
}
