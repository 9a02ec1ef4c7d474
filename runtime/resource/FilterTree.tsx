/**
 * The filter tree on the left of a list (list.filterTree): the tree of another resource;
 * choosing a node filters the list by the declared field with the node's value (its
 * `valueField`, else the tree's key) and presets it in the add form. When the list requires
 * the filter (list.source.requires), there is no "show all".
 */
import { useEffect, useMemo, useState } from 'react';
import { Button, Card, Empty, Spin, Tree } from 'antd';
import type { ResourceMeta } from '../generated/resources.ts';
import { useTranslation } from '../i18n/translator.ts';
import { translateTitle } from '../i18n/translateTitle.ts';
import { queryTree, type TreeRecord } from './api.ts';

interface Node {
  key: string;
  title: string;
  children?: Node[];
}

export interface FilterTreeProps {
  resource: ResourceMeta;
  /** The chosen node's value, or undefined for all. */
  value: string | number | undefined;
  onChange(value: string | number | undefined): void;
  /** Field of the tree's records whose value is chosen (default: the tree's keyField). */
  valueField?: string;
  /** A node must be chosen: no "show all". */
  required?: boolean;
}

interface NodeFields {
  keyField: string;
  valueField: string;
  labelField: string;
  titleField?: string;
}

/** The node's title: its title key translated (tree.titleField), else its label field, else its key. */
function titleOf(r: TreeRecord, fields: NodeFields, key: string): string {
  const titleKey = fields.titleField ? r[fields.titleField] : undefined;
  if (typeof titleKey === 'string' && titleKey) {
    const title = translateTitle(titleKey);
    if (title !== titleKey) return title;
  }
  return String(r[fields.labelField] ?? key);
}

function toNodes(records: readonly TreeRecord[], fields: NodeFields, values: Map<string, string | number>): Node[] {
  return records.map((r) => {
    const key = String(r[fields.keyField] as string | number);
    values.set(key, r[fields.valueField] as string | number);
    const children = r.children?.length ? toNodes(r.children, fields, values) : undefined;
    return { key, title: titleOf(r, fields, key), children };
  });
}

export default function FilterTree({ resource, value, onChange, valueField, required = false }: FilterTreeProps) {
  const { t, i18n } = useTranslation();
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
    const list = spec && records ? toNodes(records, { ...spec, valueField: valueField ?? spec.keyField }, map) : [];
    return { nodes: list, values: map };
    // The titles follow the language.
  }, [records, spec, valueField, i18n.language]); // eslint-disable-line react-hooks/exhaustive-deps
  const selectedKey = useMemo(() => {
    if (value === undefined) return undefined;
    for (const [key, v] of values) if (v === value) return key;
    return undefined;
  }, [value, values]);

  const title = t(resource.labels.title);
  return (
    <Card
      size="small"
      title={title}
      className="resource-filter-tree"
      extra={
        required ? undefined : (
          <Button size="small" type="link" disabled={value === undefined} onClick={() => onChange(undefined)}>
            {t('resource.showAll')}
          </Button>
        )
      }
    >
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
            titleRender={(node) => <span data-node-value={String(values.get(node.key) ?? node.key)}>{node.title}</span>}
            selectedKeys={selectedKey === undefined ? [] : [selectedKey]}
            onSelect={(keys) => {
              const key = keys[0];
              // A required filter stays on its node when the node is clicked again.
              if (key === undefined && required) return;
              onChange(key === undefined ? undefined : values.get(String(key)));
            }}
          />
        )}
      </nav>
    </Card>
  );
}
