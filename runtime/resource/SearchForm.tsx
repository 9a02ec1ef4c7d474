/**
 * The search form of a resource list: the basic fields inline, the advanced ones behind a
 * toggle, query and reset. Each field shows the search input of its kind (fieldKinds): by
 * default text fields match as declared (exact or contains), dictionary and enum fields are
 * selects, date ranges a range picker, number ranges two number inputs (searchInputs.tsx).
 * It starts with the applied values (a shared address's). On a narrow window it collapses to its
 * first field; the toggle shows the others.
 */
import { useState } from 'react';
import dayjs from 'dayjs';
import { Button, Col, Form, Row, Space } from 'antd';
import { DownOutlined, SearchOutlined, UndoOutlined, UpOutlined } from '@ant-design/icons';
import type { Dayjs } from 'dayjs';
import type { ResourceMeta, SearchFieldMeta } from '../generated/resources.ts';
import { useTranslation } from '../i18n/translator.ts';
import { useFormLayout } from '../layout/useFormLayout.ts';
import { fieldKindOf } from './fieldKinds/registry.ts';
import { fieldOf } from './meta.ts';
import LinkSearchInput from './LinkSearchInput.tsx';
import type { SearchValue, SearchValues } from './queryParams.ts';

interface SearchFormProps {
  resource: ResourceMeta;
  fields: { basic: SearchFieldMeta[]; advanced: SearchFieldMeta[] };
  /** The query button (the `query` action); without it the form only shows the fields. */
  canQuery: boolean;
  loading?: boolean;
  /** The applied values the form starts with. */
  initial?: SearchValues;
  /** A narrow window: only the first field until the toggle opens the others. */
  narrow?: boolean;
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
      const pair = value.map((v: unknown) => (isDayjs(v) ? v.format('YYYY-MM-DD') : (v as string | number | null | undefined))) as [
        string | number | null | undefined,
        string | number | null | undefined,
      ];
      out[s.field] = [pair[0], pair[1]];
    } else if (isDayjs(value)) {
      out[s.field] = value.format('YYYY-MM-DD');
    } else {
      out[s.field] = value as SearchValue;
    }
  }
  return out;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Search values as the form's values: the days of date fields as dates (the inverse of toSearchValues). */
function toFormValues(resource: ResourceMeta, values: SearchValues): RawValues {
  const out: RawValues = {};
  for (const [field, value] of Object.entries(values)) {
    const type = fieldOf(resource, field)?.type;
    const dated = type === 'date' || type === 'datetime';
    const day = (v: unknown) => (dated && typeof v === 'string' && DAY.test(v) ? dayjs(v) : v);
    out[field] = Array.isArray(value) ? value.map(day) : day(value);
  }
  return out;
}

export default function SearchForm({ resource, fields, canQuery, loading, initial, narrow = false, onSearch, onReset }: SearchFormProps) {
  const { t } = useTranslation();
  const layout = useFormLayout();
  const [form] = Form.useForm<RawValues>();
  const all = [...fields.basic, ...fields.advanced];
  // Applied advanced values open the advanced fields.
  const [advanced, setAdvanced] = useState(() => fields.advanced.some((f) => initial?.[f.field] !== undefined));
  const [initialValues] = useState(() => toFormValues(resource, initial ?? {}));
  const basic = narrow ? all.slice(0, 1) : fields.basic;
  const more = narrow ? all.slice(1) : fields.advanced;
  // Without search fields there is nothing to fill in: the toolbar's refresh reloads the list.
  if (all.length === 0) return null;
  const formName = `search-${resource.name}`;

  const label = (field: string) => t(resource.labels.fields[field] ?? fieldOf(resource, field)?.label ?? field);

  /** A field's search input: the one of its kind (fieldKinds), given its value by the Form.Item. */
  const control = (s: SearchFieldMeta) => {
    const meta = fieldOf(resource, s.field);
    const name = label(s.field);
    const link = s.link ? resource.links?.[s.link] : undefined;
    if (link)
      return (
        <Form.Item key={s.field} name={s.field} label={name}>
          <LinkSearchInput link={link} />
        </Form.Item>
      );
    if (!meta) return null;
    const Search = fieldKindOf(resource, meta).search;
    return (
      <Form.Item key={s.field} name={s.field} label={name}>
        <Search field={meta} resource={resource} match={s.match} label={name} />
      </Form.Item>
    );
  };

  const shown = advanced ? all : basic;
  return (
    <Form<RawValues>
      form={form}
      name={formName}
      initialValues={initialValues}
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
              {more.length > 0 && (
                <Button
                  type="link"
                  aria-expanded={advanced}
                  onClick={() => setAdvanced((v) => !v)}
                  icon={advanced ? <UpOutlined aria-hidden /> : <DownOutlined aria-hidden />}
                  iconPlacement="end"
                >
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
