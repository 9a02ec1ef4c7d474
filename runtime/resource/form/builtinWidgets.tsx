/**
 * The record form's built-in inputs (rjsf widgets on Ant Design components): the inputs of the
 * built-in field kinds (fieldKinds/builtinKinds.tsx). Each widget re-renders only when its own
 * field changes.
 */
import { useCallback, useEffect, useMemo, useState, type ChangeEvent, type CSSProperties, type KeyboardEvent, type ReactNode } from 'react';
import { Checkbox, DatePicker, Input, InputNumber, Radio, Select, Space, Spin, Switch, TreeSelect } from 'antd';
import type { Widget, WidgetProps } from '@rjsf/utils';
import dayjs, { type Dayjs } from 'dayjs';
import { useRegistry } from '../registryContext.tsx';
import { errorIdOf, formContextOf, plannedFieldOf, useStoreValue } from './formContext.ts';
import type { PlannedField } from './formPlan.ts';
import { fieldChoices, isChoiceList, joinList, prefixChoices, splitList, type Choice } from './fieldOptions.ts';
import {
  disableBranch,
  findOptionLabel,
  flattenOptions,
  loadRelationOptions,
  withRoot,
  type OptionNode,
  type OptionsLoadState,
} from './relationOptions.ts';

const FULL_WIDTH = { width: '100%' };
const PREFIX_WIDTH = { width: 104 };
const MONOSPACE = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace' };
const DATE_TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';
const DATE_FORMAT = 'YYYY-MM-DD';

function text(value: unknown): string {
  return value === undefined || value === null ? '' : String(value);
}

function emptyToUndefined(value: string): string | undefined {
  return value === '' ? undefined : value;
}

function textHandlers(props: WidgetProps) {
  const { id, onChange, onBlur, onFocus } = props;
  return {
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => onChange(emptyToUndefined(e.target.value)),
    onBlur: (e: { target: { value: string } }) => onBlur(id, e.target.value),
    onFocus: (e: { target: { value: string } }) => onFocus(id, e.target.value),
  };
}

/**
 * The error look of an Ant Design input when the field shows an error, and what a screen reader
 * needs to tell it: the input is invalid and described by the field's messages.
 */
function errorProps(props: { id: string; rawErrors?: string[] }): {
  status?: 'error';
  'aria-invalid'?: true;
  'aria-describedby'?: string;
} {
  return props.rawErrors?.some(Boolean) ? { status: 'error', 'aria-invalid': true, 'aria-describedby': errorIdOf(props.id) } : {};
}

export function placeholderOf(props: WidgetProps, field: PlannedField | undefined): string | undefined {
  if (props.readonly || props.disabled) return undefined;
  const key = field?.ui.placeholder;
  return key ? formContextOf(props).t(key) : props.placeholder || undefined;
}

/** What a select of loaded options shows in its empty list: a spinner while loading, a retry link after a failure. */
export function optionsNotFound(status: OptionsLoadState['status'], load: () => void, t: (key: string) => string): ReactNode {
  if (status === 'loading') return <Spin size="small" />;
  if (status === 'failed')
    return (
      <a role="button" onClick={load}>
        {t('resourceForm.loadFailed')}
      </a>
    );
  return undefined;
}

export function TextWidget(props: WidgetProps) {
  const field = plannedFieldOf(props);
  return (
    <Input
      {...errorProps(props)}
      id={props.id}
      name={props.htmlName ?? props.id}
      value={text(props.value)}
      disabled={props.disabled}
      readOnly={props.readonly}
      placeholder={placeholderOf(props, field)}
      autoComplete="off"
      {...textHandlers(props)}
    />
  );
}

export function PasswordWidget(props: WidgetProps) {
  const field = plannedFieldOf(props);
  return (
    <Input.Password
      {...errorProps(props)}
      id={props.id}
      name={props.htmlName ?? props.id}
      value={text(props.value)}
      disabled={props.disabled || props.readonly}
      placeholder={placeholderOf(props, field)}
      autoComplete="new-password"
      {...textHandlers(props)}
    />
  );
}

function textareaWidget(style?: CSSProperties): Widget {
  function TextareaWidget(props: WidgetProps) {
    const field = plannedFieldOf(props);
    return (
      <Input.TextArea
        {...errorProps(props)}
        id={props.id}
        name={props.htmlName ?? props.id}
        value={text(props.value)}
        rows={field?.ui.rows ?? 3}
        disabled={props.disabled}
        readOnly={props.readonly}
        placeholder={placeholderOf(props, field)}
        style={style}
        {...textHandlers(props)}
      />
    );
  }
  return TextareaWidget;
}

export const TextareaWidget = textareaWidget();
export const CodeWidget = textareaWidget(MONOSPACE);

export function NumberWidget(props: WidgetProps) {
  const field = plannedFieldOf(props);
  const { id, onChange, onBlur, onFocus, value } = props;
  return (
    <InputNumber<number>
      {...errorProps(props)}
      id={id}
      name={props.htmlName ?? id}
      value={typeof value === 'number' ? value : null}
      precision={field?.type === 'integer' ? 0 : undefined}
      disabled={props.disabled}
      readOnly={props.readonly}
      placeholder={placeholderOf(props, field)}
      changeOnWheel={false}
      style={FULL_WIDTH}
      onChange={(v) => onChange(v === null ? undefined : v)}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
    />
  );
}

export function SwitchWidget(props: WidgetProps) {
  const { id, onChange, value } = props;
  return <Switch id={id} checked={value === true} disabled={props.disabled || props.readonly} onChange={(checked) => onChange(checked)} />;
}

/** Choices of an enum or dictionary field in the current language. */
function useChoices(props: WidgetProps, field: PlannedField | undefined): Choice[] {
  const ctx = formContextOf(props);
  return useMemo(() => (field ? fieldChoices(field, field.dict ? ctx.dictValues(field.dict) : undefined, ctx.labelOf) : []), [field, ctx]);
}

function ChoiceSelect(props: WidgetProps & { field: PlannedField; choices: Choice[] }) {
  const { id, onChange, value, field, choices } = props;
  const ctx = formContextOf(props);
  const placeholder =
    placeholderOf(props, field) ?? (props.readonly || props.disabled ? undefined : ctx.t('resourceForm.selectPlaceholder'));
  if (isChoiceList(props.schema)) {
    return (
      <Select<string[]>
        {...errorProps(props)}
        id={id}
        mode="multiple"
        value={splitList(value)}
        options={choices.map((c) => ({ value: String(c.value), label: c.label }))}
        disabled={props.disabled || props.readonly}
        allowClear={!props.required}
        placeholder={placeholder}
        style={FULL_WIDTH}
        onChange={(list) => onChange(joinList(list, choices))}
      />
    );
  }
  return (
    <Select<Choice['value']>
      {...errorProps(props)}
      id={id}
      value={value ?? undefined}
      options={choices}
      disabled={props.disabled || props.readonly}
      allowClear={!props.required}
      showSearch={choices.length > 7 ? { optionFilterProp: 'label' } : false}
      placeholder={placeholder}
      style={FULL_WIDTH}
      onChange={(v) => onChange(v ?? undefined)}
    />
  );
}

export function SelectWidget(props: WidgetProps) {
  const field = plannedFieldOf(props);
  const choices = useChoices(props, field);
  if (!field || choices.length === 0) return <TextWidget {...props} />;
  return <ChoiceSelect {...props} field={field} choices={choices} />;
}

/** Free values kept as a comma-separated text (`a,b`): a select to which any value can be typed. */
export function TagsWidget(props: WidgetProps) {
  const field = plannedFieldOf(props);
  return (
    <Select<string[]>
      {...errorProps(props)}
      id={props.id}
      mode="tags"
      value={splitList(props.value)}
      disabled={props.disabled || props.readonly}
      allowClear={!props.required}
      placeholder={placeholderOf(props, field)}
      open={false}
      tokenSeparators={[',']}
      style={FULL_WIDTH}
      onChange={(list) => props.onChange(list.length ? list.join(',') : undefined)}
    />
  );
}

/** A relation field: a select of the related records, or a tree select where the relation says `widget: treeSelect`. */
export function RelationInputWidget(props: WidgetProps) {
  const field = plannedFieldOf(props);
  if (!field?.relation) return <TextWidget {...props} />;
  return <RelationWidget {...props} field={field} tree={field.relation.widget === 'treeSelect'} />;
}

export function RadioWidget(props: WidgetProps) {
  const field = plannedFieldOf(props);
  const choices = useChoices(props, field);
  if (!field || choices.length === 0) return <SelectWidget {...props} />;
  return (
    <Radio.Group
      id={props.id}
      value={props.value ?? undefined}
      options={choices.map((c) => ({ value: c.value, label: c.label }))}
      disabled={props.disabled || props.readonly}
      onChange={(e) => props.onChange(e.target.value)}
    />
  );
}

/** A boolean as a checkbox; an enum or dictionary text as a comma-separated set of checked values. */
export function CheckboxWidget(props: WidgetProps) {
  const field = plannedFieldOf(props);
  const choices = useChoices(props, field);
  const { id, value, onChange } = props;
  const disabled = props.disabled || props.readonly;
  if (!field || choices.length === 0) {
    return <Checkbox id={id} checked={value === true} disabled={disabled} onChange={(e) => onChange(e.target.checked)} />;
  }
  const checked = splitList(value);
  return (
    <Checkbox.Group
      name={id}
      value={checked}
      options={choices.map((c) => ({ value: String(c.value), label: c.label }))}
      disabled={disabled}
      onChange={(list) => onChange(joinList(list, choices))}
    />
  );
}

/** Enter in a date picker confirms the typed date; it must not also submit the form. */
function keepEnter(event: KeyboardEvent<HTMLElement>): void {
  if (event.key === 'Enter') event.preventDefault();
}

function toDayjs(value: unknown): Dayjs | null {
  if (typeof value !== 'string' || !value) return null;
  const d = dayjs(value);
  return d.isValid() ? d : null;
}

export function DateTimeWidget(props: WidgetProps) {
  const field = plannedFieldOf(props);
  const ctx = formContextOf(props);
  return (
    <DatePicker
      {...errorProps(props)}
      id={props.id}
      showTime
      format={DATE_TIME_FORMAT}
      value={toDayjs(props.value)}
      disabled={props.disabled || props.readonly}
      placeholder={placeholderOf(props, field) ?? (props.readonly || props.disabled ? undefined : ctx.t('resourceForm.datePlaceholder'))}
      style={FULL_WIDTH}
      onKeyDown={keepEnter}
      onChange={(d) => props.onChange(d ? d.toISOString() : undefined)}
    />
  );
}

export function DateWidget(props: WidgetProps) {
  const field = plannedFieldOf(props);
  const ctx = formContextOf(props);
  const dateOnly = props.schema.format === 'date';
  return (
    <DatePicker
      {...errorProps(props)}
      id={props.id}
      format={DATE_FORMAT}
      value={toDayjs(props.value)}
      disabled={props.disabled || props.readonly}
      placeholder={placeholderOf(props, field) ?? (props.readonly || props.disabled ? undefined : ctx.t('resourceForm.datePlaceholder'))}
      style={FULL_WIDTH}
      onKeyDown={keepEnter}
      onChange={(d) => props.onChange(d ? (dateOnly ? d.format(DATE_FORMAT) : d.startOf('day').toISOString()) : undefined)}
    />
  );
}

/** A mobile number; with a prefix field in the form, its country-code select in front. */
export function MobileWidget(props: WidgetProps) {
  const field = plannedFieldOf(props);
  const ctx = formContextOf(props);
  const prefixName = field?.prefixField;
  const prefix = useStoreValue(ctx.store, prefixName);
  const handlers = textHandlers(props);
  const input = (
    <Input
      {...errorProps(props)}
      id={props.id}
      name={props.htmlName ?? props.id}
      value={text(props.value)}
      disabled={props.disabled}
      readOnly={props.readonly}
      placeholder={placeholderOf(props, field)}
      inputMode="tel"
      autoComplete="tel-national"
      {...handlers}
    />
  );
  if (!prefixName) return input;
  const prefixField = ctx.plan.byName.get(prefixName);
  return (
    <Space.Compact block>
      <Select<string>
        id={`${props.id}__prefix`}
        aria-label={prefixField ? ctx.t(prefixField.label) : ctx.t('resourceForm.mobilePrefix')}
        value={typeof prefix === 'string' && prefix ? prefix : undefined}
        options={prefixChoices(prefix).map((v) => ({ value: v, label: v }))}
        disabled={props.disabled || props.readonly}
        showSearch
        placeholder={ctx.t('resourceForm.mobilePrefix')}
        style={PREFIX_WIDTH}
        onChange={(v) => ctx.store.setField(prefixName, v)}
      />
      {input}
    </Space.Compact>
  );
}

interface TreeDataNode {
  value: string | number;
  title: string;
  disabled?: boolean;
  children?: TreeDataNode[];
}

/** The values of the nodes that have children (expanded while searching, so that every match shows). */
function parentValues(nodes: readonly OptionNode[], out: (string | number)[] = []): (string | number)[] {
  for (const n of nodes) {
    if (n.children?.length) {
      out.push(n.value);
      parentValues(n.children, out);
    }
  }
  return out;
}

function toTreeData(nodes: readonly OptionNode[]): TreeDataNode[] {
  return nodes.map((n) => ({
    value: n.value,
    title: n.label,
    disabled: n.disabled,
    children: n.children ? toTreeData(n.children) : undefined,
  }));
}

/**
 * A relation field: a select or tree select of the related records. The options load when the
 * list first opens, or at once when the current value has no label to show (no relation label
 * in the record, not the tree's root).
 */
function RelationWidget(props: WidgetProps & { field: PlannedField; tree: boolean }) {
  const { field, tree, value, id } = props;
  const ctx = formContextOf(props);
  const rel = field.relation!;
  const [state, setState] = useState<OptionsLoadState>({ status: 'idle', options: [] });
  const [expanded, setExpanded] = useState<(string | number)[]>(() => (field.treeParent ? [field.treeParent.rootValue] : []));
  const [searching, setSearching] = useState(false);
  const resources = useRegistry();

  const load = useCallback(() => {
    const target = resources[rel.resource];
    if (!target) {
      setState({ status: 'failed', options: [] });
      return;
    }
    setState((s) => (s.status === 'ready' ? s : { status: 'loading', options: s.options }));
    ctx.store
      .relationOptions(`${field.name}:${tree ? 'tree' : 'list'}`, () => loadRelationOptions(rel, target, tree))
      .then(
        (options) => setState({ status: 'ready', options }),
        () => setState({ status: 'failed', options: [] }),
      );
  }, [ctx.store, field.name, rel, resources, tree]);

  const rootLabel = ctx.t('resourceForm.root');
  const knownLabel = useMemo(() => {
    if (value === undefined || value === null) return undefined;
    if (field.treeParent && String(value) === String(field.treeParent.rootValue)) return rootLabel;
    const initial = ctx.initial;
    if (rel.as && initial && String(initial[field.name]) === String(value) && typeof initial[rel.as] === 'string')
      return initial[rel.as] as string;
    return undefined;
  }, [value, field, rel, ctx.initial, rootLabel]);

  const needsLabel = state.status === 'idle' && value !== undefined && value !== null && knownLabel === undefined;
  useEffect(() => {
    if (needsLabel) load();
  }, [needsLabel, load]);

  const options = useMemo(() => {
    let nodes: OptionNode[] = state.options;
    if (state.status !== 'ready') {
      nodes =
        value !== undefined && value !== null && knownLabel !== undefined ? [{ value: value as string | number, label: knownLabel }] : [];
      if (field.treeParent && String(value) === String(field.treeParent.rootValue)) nodes = [];
    }
    if (field.treeParent) {
      nodes = withRoot(nodes, field.treeParent.rootValue, rootLabel);
      if (state.status === 'ready') nodes = disableBranch(nodes, field.treeParent.selfValue);
    }
    return nodes;
  }, [state, value, knownLabel, field, rootLabel]);

  const onOpenChange = (open: boolean) => {
    if (open && (state.status === 'idle' || state.status === 'failed')) load();
    if (!open) setSearching(false);
  };
  const notFound = optionsNotFound(state.status, load, ctx.t);
  const disabled = props.disabled || props.readonly;
  const placeholder = placeholderOf(props, field) ?? (disabled ? undefined : ctx.t('resourceForm.selectPlaceholder'));
  const onChange = (v: string | number | undefined | null) => props.onChange(v ?? undefined);
  const current = value ?? undefined;
  const labelForValue = current !== undefined && state.status === 'ready' ? findOptionLabel(options, current) : undefined;

  // What the tree and the flat choice share.
  const common = {
    ...errorProps(props),
    id,
    value: current,
    disabled,
    allowClear: !props.required,
    loading: state.status === 'loading',
    notFoundContent: notFound,
    placeholder,
    style: FULL_WIDTH,
    onOpenChange,
    onChange,
  };
  if (tree) {
    return (
      <TreeSelect<string | number>
        {...common}
        treeData={toTreeData(options)}
        showSearch={{ treeNodeFilterProp: 'title' }}
        title={labelForValue}
        treeExpandedKeys={searching ? parentValues(options) : expanded}
        onTreeExpand={(keys) => setExpanded(keys as (string | number)[])}
        onSearch={(text) => setSearching(text !== '')}
      />
    );
  }
  return <Select<string | number> {...common} options={flattenOptions(options)} showSearch={{ optionFilterProp: 'label' }} />;
}

/**
 * A `json` field (an object or array value) as JSON text. Text that does not parse is kept as
 * the value, so that validation reports the field rather than dropping what was typed.
 */
export function JsonWidget(props: WidgetProps) {
  const { value, onChange, id, disabled, readonly } = props;
  const [draft, setDraft] = useState(() =>
    value === undefined || value === null ? '' : typeof value === 'string' ? value : JSON.stringify(value, null, 2),
  );
  const rows = plannedFieldOf(props)?.ui.rows ?? 4;
  return (
    <Input.TextArea
      {...errorProps(props)}
      id={id}
      value={draft}
      rows={rows}
      disabled={disabled}
      readOnly={readonly}
      style={MONOSPACE}
      onChange={(e) => {
        const next = e.target.value;
        setDraft(next);
        if (!next.trim()) return onChange(undefined);
        try {
          onChange(JSON.parse(next) as unknown);
        } catch {
          onChange(next);
        }
      }}
    />
  );
}
