/**
 * The built-in search inputs of the field kinds. A field's search input follows its type and
 * match: a range of dates or times as a date range picker (searched by day), a range of
 * numbers as two number inputs, a field of choices (enum, dictionary) or a boolean as a
 * select, a number as a number input, anything else as a text input.
 */
import { DatePicker, Input, InputNumber, Select, Space } from 'antd';
import type { FieldMeta, SearchFieldMeta } from '../../generated/resources.ts';
import { useTranslation } from '../../i18n/translator.ts';
import { dictKey } from '../columns.ts';
import { fieldChoices } from '../dictValues.ts';
import type { SearchInputProps } from './types.ts';

const FULL_WIDTH = { width: '100%' };
const HALF_WIDTH = { width: '50%' };

/** The control of a range search field: a date range picker (days and times alike, searched by day) or two number inputs. */
export function rangeControl(match: SearchFieldMeta['match'], type: FieldMeta['type'] | undefined): 'dates' | 'numbers' | undefined {
  if (match !== 'range') return undefined;
  if (type === 'datetime' || type === 'date') return 'dates';
  if (type === 'integer' || type === 'number') return 'numbers';
  return undefined;
}

type Bound = number | null | undefined;

/** A range of numbers: two number inputs, the value a `[from, to]` pair. */
function NumberRangeInput({ id, value, onChange, label }: SearchInputProps) {
  const { t } = useTranslation();
  const pair = Array.isArray(value) ? (value as Bound[]) : [];
  const set = (index: 0 | 1, bound: Bound) => {
    const next: Bound[] = [pair[0], pair[1]];
    next[index] = bound;
    onChange?.(next);
  };
  return (
    <Space.Compact style={FULL_WIDTH}>
      <InputNumber<number>
        id={id}
        style={HALF_WIDTH}
        value={pair[0] ?? null}
        onChange={(v) => set(0, v)}
        placeholder={t('resource.from')}
        aria-label={`${label} ${t('resource.from')}`}
      />
      <InputNumber<number>
        style={HALF_WIDTH}
        value={pair[1] ?? null}
        onChange={(v) => set(1, v)}
        placeholder={t('resource.to')}
        aria-label={`${label} ${t('resource.to')}`}
      />
    </Space.Compact>
  );
}

/** Passes the search form's id, value and change handler on to an Ant Design input. */
function controlProps({ id, value, onChange }: SearchInputProps) {
  return { id, value: value as never, onChange: onChange as never };
}

/** The search input for a field's type and match (the search input of every built-in kind). */
export function FieldSearchInput(props: SearchInputProps) {
  const { t } = useTranslation();
  const { field, resource, match } = props;
  const range = rangeControl(match, field.type);
  if (range === 'dates')
    return (
      <DatePicker.RangePicker
        {...controlProps(props)}
        style={FULL_WIDTH}
        placeholder={[t('resource.from'), t('resource.to')]}
        allowEmpty={[true, true]}
      />
    );
  if (range === 'numbers') return <NumberRangeInput {...props} />;
  const choices = fieldChoices(resource, field.name);
  if (choices || field.type === 'boolean') {
    const options = choices
      ? choices.map((v) => ({ value: v, label: field.dict ? t(dictKey(field.dict, v), { defaultValue: String(v) }) : String(v) }))
      : [
          { value: 'true', label: t('resource.yes') },
          { value: 'false', label: t('resource.no') },
        ];
    return <Select {...controlProps(props)} allowClear options={options} placeholder={t('resource.choose')} />;
  }
  if (field.type === 'integer' || field.type === 'number')
    return <InputNumber {...controlProps(props)} style={FULL_WIDTH} placeholder={t('resource.enter')} />;
  return (
    <Input {...controlProps(props)} allowClear placeholder={match === 'contains' ? t('resource.containsHint') : t('resource.enter')} />
  );
}
