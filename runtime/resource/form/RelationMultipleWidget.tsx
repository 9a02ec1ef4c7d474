/**
 * The input of the `relationMultiple` field kind: a many-valued relation (an array field whose relation names a
 * link resource, `relations.<field>.through`) as a select of several related records. Its
 * options are the related resource's records ({value, label} by the relation's valueField and
 * labelField), loaded when the list first opens, or at once when a chosen value has no label
 * to show (the record's `as` labels give those of an edited record). No value is sent as
 * undefined ("none chosen"), never as an empty list.
 *
 * A relation naming `candidates` (a call answering the organisation tree with users as leaves,
 * such as queryModelOrgUserTree) is chosen in that tree instead: ticking an organisation ticks
 * its users, and only the users' values are kept.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Select, TreeSelect } from 'antd';
import type { WidgetProps } from '@rjsf/utils';
import { useRegistry } from '../registryContext.tsx';
import { optionsNotFound, placeholderOf } from './builtinWidgets.tsx';
import { formContextOf, plannedFieldOf } from './formContext.ts';
import { flattenOptions, loadRelationOptions, type OptionsLoadState } from './relationOptions.ts';
import { leafTree, type LeafTree } from '../actions/assignModel.ts';
import type { CheckNode } from '../actions/grantTree.ts';

type Value = string | number;

/** The chosen values: an array of strings or numbers, else none. */
function chosenValues(value: unknown): Value[] {
  return Array.isArray(value) ? value.filter((v): v is Value => typeof v === 'string' || typeof v === 'number') : [];
}

/** Labels of the values an edited record holds: its relation label list (`as`), position by position. */
function initialLabels(initial: Readonly<Record<string, unknown>> | undefined, field: string, as: string | undefined): Map<string, string> {
  const out = new Map<string, string>();
  const values = chosenValues(initial?.[field]);
  const labels = as ? initial?.[as] : undefined;
  if (!Array.isArray(labels)) return out;
  values.forEach((v, i) => {
    const label = labels[i];
    if (typeof label === 'string' && label !== '') out.set(String(v), label);
  });
  return out;
}

interface TreeOption {
  value: string;
  title: string;
  disableCheckbox?: boolean;
  children?: TreeOption[];
}

const treeOptions = (nodes: readonly CheckNode[]): TreeOption[] =>
  nodes.map((n) => ({
    value: n.key,
    title: n.title,
    ...(n.disableCheckbox ? { disableCheckbox: true } : {}),
    ...(n.children ? { children: treeOptions(n.children) } : {}),
  }));

type TreeState = { status: OptionsLoadState['status']; tree?: LeafTree };

/** The many-valued relation chosen in the organisation tree of its `candidates` call. */
function CandidateTreeWidget(props: WidgetProps & { call: string; valueKey: string; recordKey: string }) {
  const ctx = formContextOf(props);
  const field = plannedFieldOf(props);
  const [state, setState] = useState<TreeState>({ status: 'idle' });
  const values = useMemo(() => chosenValues(props.value), [props.value]);
  const recordId = ctx.initial?.id;
  const { call, valueKey, recordKey } = props;

  const load = useCallback(() => {
    setState((s) => (s.status === 'ready' ? s : { status: 'loading' }));
    void (async () => {
      const { platform, SILENT } = await import('../../api/platform.ts');
      const api = (await platform()) as unknown as Record<string, (p: object, o: object) => Promise<{ data?: unknown }>>;
      const fn = api[call];
      if (typeof fn !== 'function') throw new Error(`The client has no call "${call}"`);
      const params = typeof recordId === 'number' ? { [recordKey]: recordId } : {};
      return leafTree((await fn(params, SILENT)).data, valueKey);
    })().then(
      (tree) => setState({ status: 'ready', tree }),
      () => setState({ status: 'failed' }),
    );
  }, [call, valueKey, recordKey, recordId]);

  useEffect(() => {
    if (state.status === 'idle') load();
  }, [state.status, load]);

  const keyOf = useMemo(() => new Map([...(state.tree?.values ?? [])].map(([key, v]) => [String(v), key])), [state.tree]);
  const disabled = props.disabled || props.readonly;
  return (
    <TreeSelect<string[]>
      id={props.id}
      multiple
      treeCheckable
      showCheckedStrategy={TreeSelect.SHOW_CHILD}
      status={props.rawErrors?.length ? 'error' : undefined}
      value={values.map((v) => keyOf.get(String(v)) ?? String(v))}
      treeData={treeOptions(state.tree?.nodes ?? [])}
      treeDefaultExpandAll
      treeNodeFilterProp="title"
      disabled={disabled}
      allowClear
      loading={state.status === 'loading'}
      notFoundContent={optionsNotFound(state.status, load, ctx.t)}
      placeholder={placeholderOf(props, field) ?? (disabled ? undefined : ctx.t('resourceForm.selectPlaceholder'))}
      style={{ width: '100%' }}
      onChange={(keys) => {
        const tree = state.tree;
        const next = tree ? keys.filter((k) => tree.values.has(k)).map((k) => tree.values.get(k) as Value) : [];
        props.onChange(next.length ? next : undefined);
      }}
    />
  );
}

export function RelationMultipleWidget(props: WidgetProps) {
  const rel = plannedFieldOf(props)?.relation;
  if (rel?.candidates && rel.through)
    return <CandidateTreeWidget {...props} call={rel.candidates} valueKey={rel.through.valueKey} recordKey={rel.through.recordKey} />;
  return <RelationSelectWidget {...props} />;
}

function RelationSelectWidget(props: WidgetProps) {
  const field = plannedFieldOf(props);
  const ctx = formContextOf(props);
  const rel = field?.relation;
  const [state, setState] = useState<OptionsLoadState>({ status: 'idle', options: [] });
  const values = useMemo(() => chosenValues(props.value), [props.value]);
  const known = useMemo(() => initialLabels(ctx.initial, field?.name ?? '', rel?.as), [ctx.initial, field?.name, rel?.as]);
  const resources = useRegistry();

  const load = useCallback(() => {
    const target = rel ? resources[rel.resource] : undefined;
    if (!rel || !target || !field) {
      setState({ status: 'failed', options: [] });
      return;
    }
    setState((s) => (s.status === 'ready' ? s : { status: 'loading', options: s.options }));
    ctx.store
      .relationOptions(`${field.name}:list`, () => loadRelationOptions(rel, target, false))
      .then(
        (options) => setState({ status: 'ready', options }),
        () => setState({ status: 'failed', options: [] }),
      );
  }, [ctx.store, field, rel, resources]);

  const needsLabels = state.status === 'idle' && values.some((v) => !known.has(String(v)));
  useEffect(() => {
    if (needsLabels) load();
  }, [needsLabels, load]);

  const options = useMemo(() => {
    if (state.status === 'ready') return flattenOptions(state.options);
    return values.filter((v) => known.has(String(v))).map((v) => ({ value: v, label: known.get(String(v))! }));
  }, [state, values, known]);

  const disabled = props.disabled || props.readonly;
  const placeholder = placeholderOf(props, field) ?? (disabled ? undefined : ctx.t('resourceForm.selectPlaceholder'));
  const notFound = optionsNotFound(state.status, load, ctx.t);

  return (
    <Select<Value[]>
      id={props.id}
      mode="multiple"
      status={props.rawErrors?.length ? 'error' : undefined}
      value={values}
      options={options}
      disabled={disabled}
      allowClear
      loading={state.status === 'loading'}
      notFoundContent={notFound}
      placeholder={placeholder}
      showSearch={{ optionFilterProp: 'label' }}
      style={{ width: '100%' }}
      onOpenChange={(open) => {
        if (open && (state.status === 'idle' || state.status === 'failed')) load();
      }}
      onChange={(next) => props.onChange(next.length ? next : undefined)}
    />
  );
}
