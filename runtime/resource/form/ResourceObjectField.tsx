/**
 * The record form's object field: the flat record, one memoised row per property. rjsf's
 * ObjectField resolves the whole object schema again on every change and hands each property
 * freshly resolved props, so all 200 rows of a 200-field form went through the deep-equality
 * check of rjsf's SchemaField on each keystroke. Here each row keeps the plan's property
 * schema and ui schema (the same objects for the form's life) and is compared by its value
 * and its error messages only: a keystroke renders one row. The layout stays with the
 * ObjectFieldTemplate (templates.tsx).
 */
import { memo, useMemo, useRef, type ReactElement } from 'react';
import {
  getTemplate,
  toFieldPathId,
  type ErrorSchema,
  type FieldPathList,
  type FieldProps,
  type ObjectFieldTemplatePropertyType,
  type RJSFSchema,
  type UiSchema,
} from '@rjsf/utils';
import type { ResourceRecord } from '../extensions.ts';
import { formContextOf, type ResourceFormContext } from './formContext.ts';
import { isShown } from '../../../schemas/registry/visibleWhen.ts';

type RowProps = Pick<
  FieldProps<unknown, RJSFSchema, ResourceFormContext>,
  'registry' | 'onChange' | 'onBlur' | 'onFocus' | 'disabled' | 'readonly' | 'hideError'
> & {
  name: string;
  schema: RJSFSchema;
  uiSchema: UiSchema | undefined;
  required: boolean;
  value: unknown;
  errorSchema: ErrorSchema | undefined;
  parentPath: FieldPathList;
};

function sameErrors(a: ErrorSchema | undefined, b: ErrorSchema | undefined): boolean {
  if (a === b) return true;
  const x = (a as { __errors?: string[] } | undefined)?.__errors ?? [];
  const y = (b as { __errors?: string[] } | undefined)?.__errors ?? [];
  return x.length === y.length && x.every((e, i) => e === y[i]);
}

function sameRow(prev: RowProps, next: RowProps): boolean {
  return (
    Object.is(prev.value, next.value) &&
    sameErrors(prev.errorSchema, next.errorSchema) &&
    prev.schema === next.schema &&
    prev.uiSchema === next.uiSchema &&
    prev.required === next.required &&
    prev.registry === next.registry &&
    prev.disabled === next.disabled &&
    prev.readonly === next.readonly &&
    prev.hideError === next.hideError &&
    prev.onChange === next.onChange &&
    prev.onBlur === next.onBlur &&
    prev.onFocus === next.onFocus &&
    prev.name === next.name &&
    prev.parentPath === next.parentPath
  );
}

const PropertyRow = memo(function PropertyRow(props: RowProps) {
  const { registry, name, parentPath } = props;
  const SchemaField = registry.fields.SchemaField!;
  const fieldPathId = useMemo(
    () => toFieldPathId(name, registry.globalFormOptions, parentPath),
    [name, registry.globalFormOptions, parentPath],
  );
  return (
    <SchemaField
      name={name}
      schema={props.schema}
      uiSchema={props.uiSchema}
      required={props.required}
      formData={props.value}
      errorSchema={props.errorSchema}
      fieldPathId={fieldPathId}
      onChange={props.onChange}
      onBlur={props.onBlur}
      onFocus={props.onFocus}
      registry={registry}
      disabled={props.disabled}
      readonly={props.readonly}
      hideError={props.hideError}
    />
  );
}, sameRow);

const noop = () => undefined;

export function ResourceObjectField(props: FieldProps<unknown, RJSFSchema, ResourceFormContext>) {
  const { registry, uiSchema, errorSchema, fieldPathId, onChange, onBlur, onFocus, disabled, readonly, hideError } = props;
  const formData = props.formData as ResourceRecord | undefined;
  const { plan } = formContextOf(props);
  const schema = plan.renderSchema as RJSFSchema;
  const properties = schema.properties as Record<string, RJSFSchema>;
  const required = useMemo(() => new Set(schema.required), [schema]);
  // A row whose props did not change keeps its element, so React skips it without comparing.
  const cache = useRef(new Map<string, { props: RowProps; element: ReactElement }>());
  const rows: ObjectFieldTemplatePropertyType[] = [];
  for (const field of plan.fields) {
    const name = field.name;
    const rowProps: RowProps = {
      name,
      schema: properties[name]!,
      uiSchema: uiSchema?.[name] as UiSchema | undefined,
      required: required.has(name),
      value: formData?.[name],
      errorSchema: (errorSchema as Record<string, ErrorSchema> | undefined)?.[name],
      parentPath: fieldPathId.path,
      onChange,
      onBlur,
      onFocus,
      registry,
      disabled,
      readonly,
      hideError,
    };
    let cached = cache.current.get(name);
    if (!cached || !sameRow(cached.props, rowProps)) {
      cached = { props: rowProps, element: <PropertyRow key={name} {...rowProps} /> };
      cache.current.set(name, cached);
    }
    rows.push({ name, hidden: !!field.shownIn || !isShown(field.ui, formData ?? {}), disabled, readonly, content: cached.element });
  }
  const Template = getTemplate('ObjectFieldTemplate', registry);
  return (
    <Template
      title=""
      properties={rows}
      required={props.required}
      readonly={readonly}
      disabled={disabled}
      hideError={hideError}
      fieldPathId={fieldPathId}
      uiSchema={uiSchema}
      errorSchema={errorSchema}
      schema={schema}
      formData={formData}
      registry={registry}
      onAddProperty={noop}
    />
  );
}
