/**
 * An object or array field (`type: json`) shown by its kind's input. rjsf draws such fields with
 * a field component of its own, never with a widget; this field hands the value to the kind's
 * input widget (ui:options `kindInput`) as a string or number field would.
 */
import type { FieldProps, Widget, WidgetProps } from '@rjsf/utils';

/** The ui:options key carrying the kind's input widget. */
export const KIND_INPUT_OPTION = 'kindInput';

export function KindInputField(props: FieldProps) {
  const { fieldPathId, formData, onChange, uiSchema, schema, registry, name } = props;
  const options = (uiSchema?.['ui:options'] ?? {}) as WidgetProps['options'];
  const Input = options[KIND_INPUT_OPTION] as Widget;
  return (
    <Input
      id={fieldPathId.$id}
      name={name}
      value={formData}
      schema={schema}
      uiSchema={uiSchema}
      options={options}
      label={String(uiSchema?.['ui:title'] ?? name)}
      required={props.required}
      disabled={props.disabled}
      readonly={props.readonly}
      autofocus={props.autofocus}
      rawErrors={props.rawErrors}
      registry={registry}
      onChange={(value: unknown) => onChange(value, fieldPathId.path)}
      onBlur={props.onBlur}
      onFocus={props.onFocus}
    />
  );
}
