/**
 * The search form of a resource list: the basic fields inline, the advanced ones behind a
 * toggle, query and reset. Text fields match as declared (exact or contains), dictionary and
 * enum fields are selects, date ranges a range picker, number ranges two number inputs.
 */
import { useState } from 'react';
import { Button, Col, DatePicker, Form, Input, InputNumber, Row, Select, Space } from 'antd';
import { DownOutlined, SearchOutlined, UndoOutlined, UpOutlined } from '@ant-design/icons';
import type { Dayjs } from 'dayjs';
import type { FieldMeta, ResourceMeta, SearchFieldMeta } from '../generated/resources.ts';
import { useTranslation } from '../i18n/translator.ts';
import { useFormLayout } from '../layout/useFormLayout.ts';
import { dictKey } from './columns.ts';
import { fieldChoices } from './dictValues.ts';
import { fieldOf } from './meta.ts';
import type { SearchValue, SearchValues } from './queryParams.ts';

interface SearchFormProps {
  resource: ResourceMeta;
  fields: { basic: SearchFieldMeta[]; advanced: SearchFieldMeta[] };
  /** The query button (the `query` action); without it the form only shows the fields. */
  canQuery: boolean;
  loading?: boolean;
  onSearch(values: SearchValues): void;
  onReset(): void;
}

type RawValues = Record<string, unknown>;

function isDayjs(value: unknown): value is Dayjs {
  return typeof value === 'object' && value !== null && typeof (value as Dayjs).format === 'function';
}

/** The form's values as search values: date ranges as YYYY-MM-DD pairs. */
export function toSearchValues(fields: readonly SearchFieldMeta[], raw: RawValues): SearchValues {
  const out: Record<string, SearchValue> = {};
  for (const s of fields) {
    const value = raw[s.field];
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) {
      const pair = value.map((v: unknown) => (isDayjs(v) ? v.format('YYYY-MM-DD') : (v as string | number | null | undefined))) as [string | number | null | undefined, string | number | null | undefined];
      out[s.field] = [pair[0], pair[1]];
    } else if (isDayjs(value)) {
      out[s.field] = value.format('YYYY-MM-DD');
    } else {
      out[s.field] = value as SearchValue;
    }
  }
  return out;
}

/** The control of a range search field: a date range picker (days and times alike, searched by day) or two number inputs. */
export function rangeControl(match: SearchFieldMeta['match'], type: FieldMeta['type'] | undefined): 'dates' | 'numbers' | undefined {
  if (match !== 'range') return undefined;
  if (type === 'datetime' || type === 'date') return 'dates';
  if (type === 'integer' || type === 'number') return 'numbers';
  return undefined;
}

export default function SearchForm({ resource, fields, canQuery, loading, onSearch, onReset }: SearchFormProps) {
  const { t } = useTranslation();
  const layout = useFormLayout();
  const [form] = Form.useForm<RawValues>();
  const [advanced, setAdvanced] = useState(false);
  const all = [...fields.basic, ...fields.advanced];
  // Without search fields there is nothing to fill in: the toolbar's refresh reloads the list.
  if (all.length === 0) return null;
  const formName = `search-${resource.name}`;

  const label = (field: string) => t(resource.labels.fields[field] ?? fieldOf(resource, field)?.label ?? field);

  const control = (s: SearchFieldMeta) => {
    const meta = fieldOf(resource, s.field);
    const name = label(s.field);
    const choices = fieldChoices(resource, s.field);
    const range = rangeControl(s.match, meta?.type);
    if (range === 'dates') {
      return (
        <Form.Item key={s.field} name={s.field} label={name}>
          <DatePicker.RangePicker style={{ width: '100%' }} placeholder={[t('resource.from'), t('resource.to')]} allowEmpty={[true, true]} />
        </Form.Item>
      );
    }
    if (range === 'numbers') {
      return (
        <Form.Item key={s.field} label={name} htmlFor={`${formName}_${s.field}_0`}>
          <Space.Compact style={{ width: '100%' }}>
            <Form.Item name={[s.field, 0]} noStyle>
              <InputNumber style={{ width: '50%' }} placeholder={t('resource.from')} aria-label={`${name} ${t('resource.from')}`} />
            </Form.Item>
            <Form.Item name={[s.field, 1]} noStyle>
              <InputNumber style={{ width: '50%' }} placeholder={t('resource.to')} aria-label={`${name} ${t('resource.to')}`} />
            </Form.Item>
          </Space.Compact>
        </Form.Item>
      );
    }
    if (choices || meta?.type === 'boolean') {
      const options = choices
        ? choices.map((v) => ({ value: v, label: meta?.dict ? t(dictKey(meta.dict, v), { defaultValue: String(v) }) : String(v) }))
        : [
            { value: 'true', label: t('resource.yes') },
            { value: 'false', label: t('resource.no') },
          ];
      return (
        <Form.Item key={s.field} name={s.field} label={name}>
          <Select allowClear options={options} placeholder={t('resource.choose')} />
        </Form.Item>
      );
    }
    if (meta?.type === 'integer' || meta?.type === 'number') {
      return (
        <Form.Item key={s.field} name={s.field} label={name}>
          <InputNumber style={{ width: '100%' }} placeholder={t('resource.enter')} />
        </Form.Item>
      );
    }
    return (
      <Form.Item key={s.field} name={s.field} label={name}>
        <Input allowClear placeholder={s.match === 'contains' ? t('resource.containsHint') : t('resource.enter')} />
      </Form.Item>
    );
  };

  const shown = advanced ? all : fields.basic;
  return (
    <Form<RawValues>
      form={form}
      name={formName}
      layout={layout}
      className="resource-search"
      labelCol={layout === 'horizontal' ? { flex: 'none' } : undefined}
      onFinish={(raw) => onSearch(toSearchValues(all, raw))}
      role="search"
      aria-label={t('resource.searchOf', { title: t(resource.labels.title) })}
    >
      <Row gutter={16}>
        {shown.map((s) => (
          <Col key={s.field} xs={24} sm={12} lg={8} xl={6}>
            {control(s)}
          </Col>
        ))}
        <Col xs={24} sm={12} lg={8} xl={6}>
          <Form.Item>
            <Space wrap>
              {canQuery && (
                <Button type="primary" htmlType="submit" icon={<SearchOutlined aria-hidden />} loading={loading}>
                  {t('resource.actions.query')}
                </Button>
              )}
              {all.length > 0 && (
                <Button
                  icon={<UndoOutlined aria-hidden />}
                  onClick={() => {
                    form.resetFields();
                    onReset();
                  }}
                >
                  {t('resource.reset')}
                </Button>
              )}
              {fields.advanced.length > 0 && (
                <Button type="link" aria-expanded={advanced} onClick={() => setAdvanced((v) => !v)} icon={advanced ? <UpOutlined aria-hidden /> : <DownOutlined aria-hidden />} iconPlacement="end">
                  {advanced ? t('resource.collapse') : t('resource.advanced')}
                </Button>
              )}
            </Space>
          </Form.Item>
        </Col>
      </Row>
    </Form>
  );
}
