/**
 * The input of the `relationMultiple` field kind: a many-valued relation (an array field whose relation names a
 * link resource, `relations.<field>.through`) as a select of several related records. Its
 * options are the related resource's records ({value, label} by the relation's valueField and
 * labelField), loaded when the list first opens, or at once when a chosen value has no label
 * to show (the record's `as` labels give those of an edited record). No value is sent as
 * undefined ("none chosen"), never as an empty list.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Select } from 'antd';
import type { WidgetProps } from '@rjsf/utils';
import { useRegistry } from '../registryContext.tsx';
import { optionsNotFound, placeholderOf } from './builtinWidgets.tsx';
import { formContextOf, plannedFieldOf } from './formContext.ts';
import { flattenOptions, loadRelationOptions, type OptionsLoadState } from './relationOptions.ts';

type Value = string | number;

/** The chosen values: an array of strings or numbers, else none. */
export function chosenValues(value: unknown): Value[] {
  return Array.isArray(value) ? value.filter((v): v is Value => typeof v === 'string' || typeof v === 'number') : [];
}

/** Labels of the values an edited record holds: its relation label list (`as`), position by position. */
export function initialLabels(
  initial: Readonly<Record<string, unknown>> | undefined,
  field: string,
  as: string | undefined,
): Map<string, string> {
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

export function RelationMultipleWidget(props: WidgetProps) {
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
