/**
 * The generic "run" action (a custom action with a `run` section, docs/resources.md): asks its
 * question, its inputs (a comment, a user) and the form its form call describes (a JSON Schema,
 * such as a process's start form), then makes the action's call for the row with the row's
 * parameters, the inputs and the form's values, and toasts the action's message. A refusal
 * shows each field error on its input or form field and keeps the dialog open.
 */
import { useMemo, useRef, useState } from 'react';
import { Alert, Form as AntForm, Input, Select, Typography } from 'antd';
import Form from '@rjsf/core';
import { Templates as antdTemplates, Widgets as antdWidgets } from '@rjsf/antd';
import type { ErrorSchema, RJSFSchema, UiSchema } from '@rjsf/utils';
import type { JsonSchema } from '../../generated/resources.ts';
import type { RunSpec } from '../../generated/fileTypes.ts';
import { useTranslation } from '../../i18n/translator.ts';
import { toastSuccess } from '../../feedback/feedback.ts';
import type { ActionComponentProps, ResourceRecord } from '../extensions.ts';
import { fieldErrorsOf, runCall } from '../api.ts';
import { formValidator } from '../form/formValidator.ts';
import { ActionFooter, LoadState, NoRecord, useLoad } from './ActionParts.tsx';
import './actions.css';

interface FormAnswer {
  formKey?: string;
  schema: JsonSchema;
  order?: string[];
}

type Values = Record<string, unknown>;

/**
 * The call's parameters taken from the records ({parameter: field}); by default the row's id.
 * Of several records (an action on the checked rows) each parameter is their values, comma
 * separated, as the platform's calls on several records take them (`deploymentId=3,4`).
 */
export function paramsFrom(map: Readonly<Record<string, string>> | undefined, records: readonly ResourceRecord[], rowKey: string): Values {
  const entries = Object.entries(map ?? { id: rowKey });
  if (records.length === 1) return Object.fromEntries(entries.map(([param, field]) => [param, records[0]![field]]));
  return Object.fromEntries(entries.map(([param, field]) => [param, records.map((r) => String(r[field] ?? '')).join(',')]));
}

function dataOf<T>(answer: unknown): T {
  return (answer && typeof answer === 'object' && 'data' in answer ? (answer as { data: unknown }).data : answer) as T;
}

interface SelectOption {
  label: string;
  value: string;
}

/**
 * Options of a select input: [{label, value}] or plain strings (`label` values where the call
 * answers ids), or option groups as the platform answers them (task/queryUsername: the users by
 * organisation, [{value: group label, children: [{key: value, value: label}]}]).
 */
export function optionsOf(answer: unknown): (SelectOption | { label: string; options: SelectOption[] })[] {
  const rows = dataOf<unknown>(answer);
  if (!Array.isArray(rows)) return [];
  return rows.map((r) => {
    if (typeof r !== 'object' || r === null) return { label: String(r), value: String(r) };
    const row = r as Values;
    if (Array.isArray(row.children))
      return {
        label: String(row.value ?? row.label ?? ''),
        options: (row.children as Values[]).map((c) => ({ label: String(c.value ?? c.key), value: String(c.key ?? c.value) })),
      };
    return { label: String(row.label), value: String(row.label) };
  });
}

function SelectInput({ call, value, onChange, id }: { call: string; value?: string; onChange?: (v: string) => void; id?: string }) {
  const loaded = useLoad(async () => optionsOf(await runCall(call)), [call]);
  return (
    <Select
      id={id}
      showSearch
      optionFilterProp="label"
      value={value}
      onChange={onChange}
      loading={loaded.loading}
      options={loaded.data ?? []}
      style={{ width: '100%' }}
    />
  );
}

export default function CallAction({ resource, action, records, onClose }: ActionComponentProps) {
  const { t } = useTranslation();
  const run = action.run as RunSpec;
  const record = records[0];
  const [inputs] = AntForm.useForm<Values>();
  const [values, setValues] = useState<Values>({});
  const [formErrors, setFormErrors] = useState<ErrorSchema>();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();
  const formRef = useRef<Form<Values, RJSFSchema>>(null);

  const formSpec = run.form;
  const form = useLoad<FormAnswer | null>(
    async () =>
      formSpec && record
        ? dataOf<FormAnswer | null>(await runCall(formSpec.call, paramsFrom(formSpec.params, [record], resource.list.rowKey)))
        : null,
    [formSpec?.call, record ? String(record[resource.list.rowKey]) : ''],
  );
  const uiSchema = useMemo<UiSchema>(() => {
    const order = form.data?.order;
    return { 'ui:submitButtonOptions': { norender: true }, ...(order ? { 'ui:order': [...order, '*'] } : {}) };
  }, [form.data]);

  if (!record) return <NoRecord onClose={() => onClose(false)} />;
  // the record's name, or the names of the records checked
  const name = records.map((r) => String(r[resource.list.columns[0]?.field ?? resource.list.rowKey] ?? '')).join(', ');

  const submit = async () => {
    setProblem(undefined);
    let typed: Values;
    try {
      typed = await inputs.validateFields();
    } catch {
      return; // The inputs show what is missing.
    }
    const schemaForm = form.data;
    if (schemaForm && formRef.current && !formRef.current.validateForm()) return;
    const arg: Values = { ...paramsFrom(run.params, records, resource.list.rowKey), ...typed };
    if (formSpec && schemaForm) arg[formSpec.into] = values;
    setBusy(true);
    try {
      await runCall(action.call ?? action.name, arg, true);
    } catch (err) {
      setBusy(false);
      const errors = fieldErrorsOf(err) ?? [];
      const inputNames = new Set((run.inputs ?? []).map((i) => i.name));
      inputs.setFields(errors.filter((e) => inputNames.has(e.field)).map((e) => ({ name: e.field, errors: [e.message] })));
      const onForm = errors.filter((e) => !inputNames.has(e.field) && e.field !== '(body)');
      setFormErrors(
        onForm.length ? (Object.fromEntries(onForm.map((e) => [e.field, { __errors: [e.message] }])) as ErrorSchema) : undefined,
      );
      setProblem(err instanceof Error ? err.message : String(err));
      return;
    }
    toastSuccess(run.message ? t(run.message) : t('resource.saved'));
    onClose(true);
  };

  return (
    <div className="resource-action" data-testid="run-action" data-action={action.name}>
      {run.confirm && <Typography.Paragraph>{t(run.confirm, { name })}</Typography.Paragraph>}
      {formSpec && (
        <LoadState loaded={form}>
          {(answer) =>
            answer ? (
              <div className="resource-action-box" data-testid="run-action-form">
                <Form<Values, RJSFSchema>
                  ref={formRef}
                  schema={answer.schema as RJSFSchema}
                  uiSchema={uiSchema}
                  formData={values}
                  onChange={(e) => {
                    setValues((e.formData ?? {}) as Values);
                    setFormErrors(undefined);
                  }}
                  validator={formValidator}
                  templates={antdTemplates}
                  widgets={antdWidgets}
                  extraErrors={formErrors}
                  showErrorList={false}
                  liveValidate={false}
                  noHtml5Validate
                />
              </div>
            ) : null
          }
        </LoadState>
      )}
      {(run.inputs ?? []).length > 0 && (
        <AntForm form={inputs} layout="vertical" component="div">
          {(run.inputs ?? []).map((input) => (
            <AntForm.Item
              key={input.name}
              name={input.name}
              label={t(input.label)}
              rules={[
                ...(input.required
                  ? [{ required: true, whitespace: true, message: t('resourceActions.run.required', { label: t(input.label) }) }]
                  : []),
                ...(input.maxLength ? [{ max: input.maxLength, message: t('resourceActions.run.tooLong', { max: input.maxLength }) }] : []),
              ]}
            >
              {input.input === 'textarea' ? (
                <Input.TextArea rows={3} />
              ) : input.input === 'select' && input.options ? (
                <SelectInput call={input.options} />
              ) : (
                <Input />
              )}
            </AntForm.Item>
          ))}
        </AntForm>
      )}
      {problem && <Alert type="error" showIcon title={problem} />}
      <ActionFooter
        onCancel={() => onClose(false)}
        onOk={() => void submit()}
        okText={t(action.label ?? action.name)}
        busy={busy}
        danger={run.danger}
      />
    </div>
  );
}
