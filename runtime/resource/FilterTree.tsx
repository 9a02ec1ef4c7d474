/**
 * The filter tree on the left of a list (list.filterTree): the tree of another resource;
 * choosing a node filters the list by the declared field (and presets it in the add form).
 */
import { useEffect, useMemo, useState } from 'react';
import { Button, Card, Empty, Spin, Tree } from 'antd';
import type { ResourceMeta } from '../generated/resources.ts';
import { useTranslation } from '../i18n/translator.ts';
import { queryTree, type TreeRecord } from './api.ts';

interface Node {
  key: string;
  title: string;
  children?: Node[];
}

export interface FilterTreeProps {
  resource: ResourceMeta;
  /** The chosen node's key value, or undefined for all. */
  value: string | number | undefined;
  onChange(value: string | number | undefined): void;
}

function toNodes(records: readonly TreeRecord[], keyField: string, labelField: string, values: Map<string, string | number>): Node[] {
  return records.map((r) => {
    const raw = r[keyField] as string | number;
    const key = String(raw);
    values.set(key, raw);
    const children = r.children?.length ? toNodes(r.children, keyField, labelField, values) : undefined;
    return { key, title: String(r[labelField] ?? key), children };
  });
}

export default function FilterTree({ resource, value, onChange }: FilterTreeProps) {
  const { t } = useTranslation();
  const [records, setRecords] = useState<TreeRecord[]>();
  const spec = resource.list.tree;

  useEffect(() => {
    let cancelled = false;
    queryTree(resource, true)
      .then((tree) => !cancelled && setRecords(tree))
      .catch(() => !cancelled && setRecords([]));
    return () => {
      cancelled = true;
    };
  }, [resource]);

  const { nodes, values } = useMemo(() => {
    const map = new Map<string, string | number>();
    const list = spec && records ? toNodes(records, spec.keyField, spec.labelField, map) : [];
    return { nodes: list, values: map };
  }, [records, spec]);

  const title = t(resource.labels.title);
  return (
    <Card size="small" title={title} className="resource-filter-tree" extra={
      <Button size="small" type="link" disabled={value === undefined} onClick={() => onChange(undefined)}>
        {t('resource.showAll')}
      </Button>
    }>
      <nav aria-label={t('resource.filterBy', { title })}>
        {records === undefined ? (
          <Spin />
        ) : nodes.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
        ) : (
          <Tree
            treeData={nodes}
            defaultExpandAll
            blockNode
            selectedKeys={value === undefined ? [] : [String(value)]}
            onSelect={(keys) => {
              const key = keys[0];
              onChange(key === undefined ? undefined : values.get(String(key)));
            }}
          />
        )}
      </nav>
    </Card>
  );
}
