/**
 * The record form of the generic resource page: one resource's create, edit or view form,
 * drawn from its metadata (runtime/generated/resources.ts) with @rjsf/core, the
 * @rjsf/antd theme and @rjsf/validator-ajv8. See docs/resource-form.md.
 *
 * - Fields: the mode's list (form.create, form.edit; view shows form.order read-only), less
 *   the fields the data permission hides, system fields and, on edit, secrets;
 *   `readOnlyOnEdit` fields are locked on edit and not sent.
 * - State: values, validation, server errors and submit live in the headless useRecordForm
 *   (useRecordForm.ts); this component draws them with rjsf.
 * - Validation: the server's record schema narrowed to the sent fields (formPlan.ts), on the
 *   project's Ajv (schemas/registry/ajv.ts: x-notBefore included), on submit; a field that
 *   has shown an error is validated again on each of its changes. The server's field errors
 *   show on their fields, translated by keyword, until the field changes.
 * - Speed: a keystroke renders the row typed in and nothing else (ResourceObjectField.tsx,
 *   templates.tsx, formContext.ts); the values live in the hook and go back to rjsf as its
 *   formData whenever this component renders, which a keystroke does not make it do.
 */
import { memo, useCallback, useMemo, useRef, useState, type CSSProperties } from 'react';
import { Alert, theme } from 'antd';
import Form, { type IChangeEvent } from '@rjsf/core';
import { Templates as antdTemplates, Widgets as antdWidgets } from '@rjsf/antd';
import type { ErrorSchema, Field, RJSFSchema, UiSchema } from '@rjsf/utils';
import { translator, useTranslation } from '../../i18n/translator.ts';
import { dictValues } from '../dictValues.ts';
import type { ResourceRecord } from '../extensions.ts';
import { useFormLayout } from '../../layout/useFormLayout.ts';
import { fieldKindOf } from '../fieldKinds/registry.ts';
import type { ResourceMeta } from '../../generated/resources.ts';
import { FIELD_OPTION, type ResourceFormContext } from './formContext.ts';
import type { Translate } from './formErrors.ts';
import { buildFormPlan, type FormPlan, type PlannedField } from './formPlan.ts';
import { formValidator } from './formValidator.ts';
import { ResourceObjectField } from './ResourceObjectField.tsx';
import { ResourceFieldTemplate, ResourceObjectFieldTemplate } from './templates.tsx';
import type { ResourceFormProps } from './types.ts';
import { KIND_INPUT_OPTION, KindInputField } from './KindInputField.tsx';
import { useRecordForm } from './useRecordForm.ts';
import './resourceForm.css';

/** The label of a field that confirms another ("Confirm password"). */
const CONFIRM_LABEL = 'resourceForm.confirmLabel';

const TEMPLATES = { ...antdTemplates, FieldTemplate: ResourceFieldTemplate, ObjectFieldTemplate: ResourceObjectFieldTemplate };
const FIELDS = { KindInputField, ObjectField: ResourceObjectField as Field };

/** Whether two ui schema entries of a field say the same (their options one level deep). */
function sameEntry(a: UiSchema | undefined, b: UiSchema): boolean {
  if (!a) return false;
  const keys = Object.keys(b);
  if (Object.keys(a).length !== keys.length) return false;
  return keys.every((k) => {
    if (k !== 'ui:options') return a[k] === b[k];
    const x = a[k] as Record<string, unknown> | undefined;
    const y = b[k] as Record<string, unknown>;
    return !!x && Object.keys(x).length === Object.keys(y).length && Object.keys(y).every((o) => x[o] === y[o]);
  });
}

/**
 * Each field's label and input (an object or array field through KindInputField). A field
 * whose entry says what `previous` said keeps that object, so that its row is not drawn again
 * when another field's label changes (ResourceObjectField compares entries by identity); one
 * that `unchanged` names keeps it without its label being read again.
 */
function buildUiSchema(
  resource: ResourceMeta,
  plan: FormPlan,
  t: Translate,
  previous?: UiSchema,
  unchanged?: (field: PlannedField) => boolean,
): UiSchema {
  const ui: UiSchema = { 'ui:submitButtonOptions': { norender: true } };
  for (const field of plan.fields) {
    const kept = previous?.[field.name] as UiSchema | undefined;
    if (kept && unchanged?.(field)) {
      ui[field.name] = kept;
      continue;
    }
    const label = t(field.label);
    const input = fieldKindOf(resource, field).input;
    const entry: UiSchema = {
      'ui:title': field.confirms ? t(CONFIRM_LABEL, { label }) : label,
      'ui:options': { [FIELD_OPTION]: field, label: true, ...(field.type === 'json' ? { [KIND_INPUT_OPTION]: input } : {}) },
    };
    // Locked on edit: disabled, as the server keeps the stored value (view mode is read-only throughout).
    if (field.readOnly && plan.mode === 'edit') entry['ui:disabled'] = true;
    if (field.shownIn) entry['ui:widget'] = 'hidden';
    else if (field.type === 'json') entry['ui:field'] = 'KindInputField';
    else entry['ui:widget'] = input;
    const before = previous?.[field.name] as UiSchema | undefined;
    ui[field.name] = sameEntry(before, entry) ? before! : entry;
  }
  return ui;
}

/** The errors rjsf shows: one list per field; a prefix shown in its mobile widget shows there. */
function toErrorSchema(plan: FormPlan, ...sources: Readonly<Record<string, string>>[]): ErrorSchema {
  const lists = new Map<string, string[]>();
  for (const source of sources) {
    for (const [name, message] of Object.entries(source)) {
      const target = plan.byName.get(name)?.shownIn ?? name;
      const list = lists.get(target) ?? [];
      if (!list.includes(message)) list.push(message);
      lists.set(target, list);
    }
  }
  const out: Record<string, { __errors: string[] }> = {};
  for (const [name, list] of lists) out[name] = { __errors: list };
  return out as ErrorSchema;
}

let instances = 0;

/**
 * The form. Another resource, mode, data permission or `initial` record starts a fresh form
 * (values and errors); the hidden set and the record are compared by content, so a parent
 * passing equal new objects on each render does not reset what the user typed.
 */
export default function ResourceForm(props: ResourceFormProps) {
  const { resource, mode, hiddenFields } = props;
  const hiddenKey = [...hiddenFields].sort().join('\n');
  const initialKey = JSON.stringify(props.initial ?? null);
  const initial = useMemo(() => props.initial, [initialKey]); // eslint-disable-line react-hooks/exhaustive-deps -- compared by content
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the hidden set is compared by content
  const plan = useMemo(() => buildFormPlan(resource, mode, hiddenFields, { initial }), [resource, mode, hiddenKey, initial]);
  const instanceKey = useMemo(() => `${plan.resource}.${plan.mode}.${++instances}`, [plan]);
  const latest = useRef(props);
  latest.current = props;
  return (
    <FormInstance
      key={instanceKey}
      plan={plan}
      latest={latest}
      resource={resource}
      mode={mode}
      initial={initial}
      serverErrors={props.serverErrors}
      id={props.id}
      disabled={props.disabled}
      onFieldRender={props.onFieldRender}
      messagesVersion={props.messagesVersion}
    />
  );
}

interface InstanceProps extends Pick<
  ResourceFormProps,
  'resource' | 'mode' | 'initial' | 'serverErrors' | 'id' | 'disabled' | 'onFieldRender' | 'messagesVersion'
> {
  plan: FormPlan;
  /** The latest props, for the callbacks (a parent's new callback does not re-render the fields). */
  latest: { current: ResourceFormProps };
}

const FormInstance = memo(function FormInstance({
  plan,
  latest,
  resource,
  mode,
  initial,
  serverErrors,
  id,
  disabled,
  onFieldRender,
  messagesVersion,
}: InstanceProps) {
  const { t } = useTranslation();
  const layout = useFormLayout();
  const { token } = theme.useToken();
  const themeVars = useMemo(
    () =>
      ({
        '--rf-text': token.colorText,
        '--rf-text-secondary': token.colorTextSecondary,
        '--rf-error': token.colorError,
        '--rf-font-size': `${token.fontSize}px`,
        '--rf-control-height': `${token.controlHeight}px`,
      }) as CSSProperties,
    [token],
  );
  const translate: Translate = t;
  const form = useRecordForm({
    plan,
    initial,
    serverErrors,
    labels: resource.labels.fields,
    t: translate,
    onChange: (values) => latest.current.onChange?.(values),
    onSubmit: (values) => latest.current.onSubmit(values),
  });
  const { store, clientErrors, serverErrors: serverShown, change, submit } = form;
  const extraErrors = useMemo(() => toErrorSchema(plan, clientErrors, serverShown), [plan, clientErrors, serverShown]);

  const onChange = useCallback((event: IChangeEvent<ResourceRecord>) => change(event.formData ?? {}), [change]);

  const onSubmit = useCallback(
    (event: IChangeEvent<ResourceRecord>) => {
      const failed = submit(event.formData);
      const first = failed.length ? plan.byName.get(failed[0]!) : undefined;
      const target = first?.shownIn ?? first?.name;
      if (target) document.getElementById(`${id}_${target}`)?.focus();
    },
    [submit, plan, id],
  );

  const formContext = useMemo<ResourceFormContext>(
    () => ({
      resource,
      mode,
      plan,
      store,
      layout,
      t: translate,
      labelOf: (key) => (translator.exists(key) ? translate(key) : undefined),
      dictValues,
      initial,
      onFieldRender,
    }),
    [resource, mode, plan, store, layout, translate, initial, onFieldRender],
  );
  // Labels are read again when the language or the messages change, or messages only this form
  // reads were added quietly (messagesVersion); the fields whose entries stay keep them.
  // When only the messages moved on and the form was told which (messagesChangedSince), the
  // fields whose labels did not change keep their entries without reading them again.
  const [uiCache] = useState<{ last?: UiSchema; version?: number; from?: readonly unknown[] }>({});
  const uiSchema = useMemo(() => {
    const from = [resource, plan, translate];
    const sameFrom = !!uiCache.from && uiCache.from.every((v, i) => v === from[i]);
    const changed = sameFrom && uiCache.version !== undefined ? latest.current.messagesChangedSince?.(uiCache.version) : undefined;
    const next = buildUiSchema(
      resource,
      plan,
      translate,
      uiCache.last,
      changed && ((f) => !changed.has(f.label) && !(f.confirms && changed.has(CONFIRM_LABEL))),
    );
    uiCache.last = next;
    uiCache.version = messagesVersion;
    uiCache.from = from;
    return next;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- messagesVersion is what reads the labels again
  }, [resource, plan, translate, messagesVersion, uiCache]);

  // Errors of fields the form does not show (hidden by the data permission, or not in this mode).
  const other = form.otherErrors;
  return (
    <div className={`resource-form resource-form-${layout}`} style={themeVars} data-resource={resource.name} data-mode={mode}>
      {other.length > 0 && (
        <Alert
          className="resource-form-alert"
          type="error"
          showIcon
          title={t('resourceForm.serverRefused')}
          description={
            <ul>
              {other.map((e) => (
                <li key={`${e.field}:${e.message}`}>{e.message}</li>
              ))}
            </ul>
          }
        />
      )}
      <Form<ResourceRecord, RJSFSchema, ResourceFormContext>
        id={id}
        idPrefix={id}
        className="resource-form-body"
        schema={plan.renderSchema as RJSFSchema}
        uiSchema={uiSchema}
        validator={formValidator}
        templates={TEMPLATES}
        widgets={antdWidgets}
        fields={FIELDS}
        formContext={formContext}
        formData={form.values()}
        extraErrors={extraErrors}
        onChange={onChange}
        onSubmit={onSubmit}
        disabled={disabled}
        readonly={mode === 'view'}
        noValidate
        noHtml5Validate
        showErrorList={false}
      />
    </div>
  );
});
