/**
 * The property panel of the selected field, and the resource's own name, service, path and
 * title. Each change is one step of the history; typing in one input is merged into one step
 * until the input loses focus.
 */
import { useState } from 'react';
import { Checkbox, Form, Input, InputNumber, Select, Space } from 'antd';
import type { ResourceMeta } from '../runtime/generated/resources.ts';
import type { TFunction } from '../runtime/i18n/translator.ts';
import { kindOffers } from './model/fieldKinds.ts';
import {
  editField,
  fieldNames,
  fieldView,
  firstVisibleWhenValue,
  LOCALES,
  renameField,
  renameProblem,
  renameResource,
  setPath,
  setTitle,
  title,
  visibleWhenValue,
  type FieldEdit,
  type Locale,
} from './model/designDocument.ts';
import type { Designer } from './useDesigner.ts';

interface PanelProps {
  designer: Designer;
  known: Readonly<Record<string, ResourceMeta>>;
  t: TFunction;
}

/** A text input whose typing is one step: applied on each key, merged, sealed on blur. */
function StepInput({
  value,
  onType,
  onDone,
  ...rest
}: {
  value: string;
  onType: (v: string) => void;
  onDone: () => void;
  'aria-label'?: string;
  id?: string;
  placeholder?: string;
}) {
  return <Input value={value} onChange={(e) => onType(e.target.value)} onBlur={onDone} {...rest} />;
}

function FieldNameInput({ designer, name, t }: { designer: Designer; name: string; t: TFunction }) {
  const [text, setText] = useState(name);
  const [shownFor, setShownFor] = useState(name);
  if (shownFor !== name) {
    setShownFor(name);
    setText(name);
  }
  const problem = renameProblem(designer.doc, name, text);
  const commit = () => {
    if (text !== name && !problem) {
      designer.apply(t('designer.steps.rename', { from: name, to: text }), (d) => renameField(d, name, text));
      designer.select(text);
    }
  };
  return (
    <Form.Item
      label={t('designer.fieldName')}
      htmlFor="designer-field-name"
      validateStatus={problem ? 'error' : undefined}
      help={problem ? t(`designer.nameProblem.${problem}`) : undefined}
    >
      <Input id="designer-field-name" value={text} onChange={(e) => setText(e.target.value)} onBlur={commit} onPressEnter={commit} />
    </Form.Item>
  );
}

function ResourceProperties({ designer, t }: Omit<PanelProps, 'known'>) {
  const { doc } = designer;
  const [name, setName] = useState(doc.resource.name);
  const [shownFor, setShownFor] = useState(doc.resource.name);
  if (shownFor !== doc.resource.name) {
    setShownFor(doc.resource.name);
    setName(doc.resource.name);
  }
  const commitName = () => {
    if (name !== doc.resource.name)
      designer.apply(t('designer.steps.resource', { property: t('designer.name') }), (d) => renameResource(d, name));
  };
  const setPlain = (key: 'service' | 'path', value: string) =>
    designer.apply(
      t('designer.steps.resource', { property: t(`designer.${key}`) }),
      (d) => {
        if (key === 'path') setPath(d, value);
        else d.resource[key] = value;
      },
      `resource.${key}`,
    );
  return (
    <>
      <Form.Item label={t('designer.name')} htmlFor="designer-resource-name">
        <Input
          id="designer-resource-name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          onBlur={commitName}
          onPressEnter={commitName}
        />
      </Form.Item>
      <Space.Compact block>
        <Form.Item label={t('designer.service')} htmlFor="designer-resource-service">
          <StepInput
            id="designer-resource-service"
            value={doc.resource.service}
            onType={(v) => setPlain('service', v)}
            onDone={designer.seal}
          />
        </Form.Item>
        <Form.Item label={t('designer.path')} htmlFor="designer-resource-path">
          <StepInput id="designer-resource-path" value={doc.resource.path} onType={(v) => setPlain('path', v)} onDone={designer.seal} />
        </Form.Item>
      </Space.Compact>
      {LOCALES.map((l) => (
        <Form.Item key={l} label={t('designer.title', { locale: l })} htmlFor={`designer-title-${l}`}>
          <StepInput
            id={`designer-title-${l}`}
            value={title(doc, l)}
            onType={(v) =>
              designer.apply(
                t('designer.steps.resource', { property: t('designer.title', { locale: l }) }),
                (d) => setTitle(d, l, v),
                `resource.title.${l}`,
              )
            }
            onDone={designer.seal}
          />
        </Form.Item>
      ))}
    </>
  );
}

function parseDefault(kind: string, text: string): unknown {
  if (text === '') return undefined;
  if (kind === 'number') return Number.isNaN(Number(text)) ? text : Number(text);
  if (kind === 'switch') return text === 'true' ? true : text === 'false' ? false : text;
  return text;
}

export function PropertyPanel({ designer, known, t }: PanelProps) {
  const { doc, selected } = designer;
  const view = selected ? fieldView(doc, selected) : undefined;
  const fieldKey = (edit: FieldEdit) => `${selected}.${edit.property}${'locale' in edit ? `.${edit.locale}` : ''}`;
  const change = (edit: FieldEdit, merge = false) => {
    if (!selected) return;
    const property = t(
      `designer.${edit.property === 'default' ? 'default' : edit.property}`,
      'locale' in edit ? { locale: edit.locale } : undefined,
    );
    designer.apply(
      t('designer.steps.edit', { property, name: selected }),
      (d) => editField(d, selected, edit),
      merge ? fieldKey(edit) : undefined,
    );
  };
  const others = fieldNames(doc).filter((n) => n !== selected);
  const offers = view ? kindOffers(view.kind) : undefined;
  const target = view?.relation ? known[view.relation.resource] : undefined;
  const targetFields = (target?.fields ?? []).map((f) => ({ value: f.name, label: f.name }));
  const num = (key: 'minLength' | 'maxLength' | 'minimum' | 'maximum' | 'span', min?: number, max?: number) => (
    <Form.Item label={t(`designer.${key}`)} htmlFor={`designer-prop-${key}`}>
      <InputNumber
        id={`designer-prop-${key}`}
        min={min}
        max={max}
        value={view?.[key] ?? null}
        onChange={(v) => change({ property: key, value: v === null ? undefined : Number(v) }, true)}
        onBlur={designer.seal}
        style={{ width: '100%' }}
      />
    </Form.Item>
  );

  return (
    <Form layout="vertical" size="small" className="designer-properties" aria-label={t('designer.properties')}>
      <div className="designer-panel-title">{t('designer.resource')}</div>
      <ResourceProperties designer={designer} t={t} />
      <div className="designer-panel-title">{t('designer.properties')}</div>
      {!view || !offers ? (
        <p className="designer-hint">{t('designer.noSelection')}</p>
      ) : (
        <div data-testid="designer-field-properties" data-field={view.name}>
          <FieldNameInput designer={designer} name={view.name} t={t} />
          {LOCALES.map((l: Locale) => (
            <Form.Item key={l} label={t('designer.label', { locale: l })} htmlFor={`designer-label-${l}`}>
              <StepInput
                id={`designer-label-${l}`}
                value={view.label[l]}
                onType={(v) => change({ property: 'label', locale: l, value: v }, true)}
                onDone={designer.seal}
              />
            </Form.Item>
          ))}
          <Form.Item>
            <Checkbox checked={view.required} onChange={(e) => change({ property: 'required', value: e.target.checked })}>
              {t('designer.required')}
            </Checkbox>
            <Checkbox checked={view.readOnlyOnEdit} onChange={(e) => change({ property: 'readOnlyOnEdit', value: e.target.checked })}>
              {t('designer.readOnlyOnEdit')}
            </Checkbox>
            <Checkbox checked={view.searched} onChange={(e) => change({ property: 'searched', value: e.target.checked })}>
              {t('designer.searched')}
            </Checkbox>
          </Form.Item>
          {offers.length && (
            <>
              {num('minLength', 0)}
              {num('maxLength', 1)}
            </>
          )}
          {offers.pattern && (
            <>
              <Form.Item label={t('designer.pattern')} htmlFor="designer-prop-pattern">
                <StepInput
                  id="designer-prop-pattern"
                  value={view.pattern ?? ''}
                  onType={(v) => change({ property: 'pattern', value: v }, true)}
                  onDone={designer.seal}
                />
              </Form.Item>
              {LOCALES.map((l) => (
                <Form.Item key={l} label={t('designer.patternMessage', { locale: l })} htmlFor={`designer-pattern-message-${l}`}>
                  <StepInput
                    id={`designer-pattern-message-${l}`}
                    value={view.patternMessage[l]}
                    onType={(v) => change({ property: 'patternMessage', locale: l, value: v }, true)}
                    onDone={designer.seal}
                  />
                </Form.Item>
              ))}
            </>
          )}
          {offers.range && (
            <>
              {num('minimum')}
              {num('maximum')}
            </>
          )}
          {offers.options && (
            <Form.Item label={t('designer.options')} htmlFor="designer-prop-options">
              <StepInput
                id="designer-prop-options"
                value={(view.options ?? []).join(',')}
                onType={(v) => change({ property: 'options', value: v.split(',').map((o) => o.trim()) }, true)}
                onDone={designer.seal}
              />
            </Form.Item>
          )}
          {offers.dict && (
            <Form.Item label={t('designer.dict')} htmlFor="designer-prop-dict">
              <StepInput
                id="designer-prop-dict"
                value={view.dict ?? ''}
                onType={(v) => change({ property: 'dict', value: v }, true)}
                onDone={designer.seal}
              />
            </Form.Item>
          )}
          {offers.relation && view.relation && (
            <>
              <Form.Item label={t('designer.relationResource')} htmlFor="designer-prop-relation">
                <Select
                  id="designer-prop-relation"
                  showSearch
                  value={view.relation.resource}
                  options={Object.keys(known)
                    .sort()
                    .map((n) => ({ value: n, label: n }))}
                  onChange={(resource: string) => {
                    const fields = known[resource]?.fields ?? [];
                    const labelField = fields.find((f) => f.type === 'string' && !f.system && !f.secret)?.name ?? 'id';
                    change({ property: 'relation', value: { resource, valueField: 'id', labelField } });
                  }}
                />
              </Form.Item>
              <Form.Item label={t('designer.valueField')} htmlFor="designer-prop-value-field">
                <Select
                  id="designer-prop-value-field"
                  value={view.relation.valueField}
                  options={targetFields}
                  onChange={(valueField: string) => change({ property: 'relation', value: { ...view.relation!, valueField } })}
                />
              </Form.Item>
              <Form.Item label={t('designer.labelField')} htmlFor="designer-prop-label-field">
                <Select
                  id="designer-prop-label-field"
                  value={view.relation.labelField}
                  options={targetFields}
                  onChange={(labelField: string) => change({ property: 'relation', value: { ...view.relation!, labelField } })}
                />
              </Form.Item>
            </>
          )}
          <Form.Item label={t('designer.default')} htmlFor="designer-prop-default">
            <StepInput
              id="designer-prop-default"
              value={view.defaultValue === undefined ? '' : String(view.defaultValue)}
              onType={(v) => change({ property: 'default', value: parseDefault(view.kind, v) }, true)}
              onDone={designer.seal}
            />
          </Form.Item>
          {num('span', 1, 24)}
          <Form.Item label={t('designer.visibleWhen')}>
            <Space.Compact block>
              <Select
                aria-label={t('designer.visibleWhenField')}
                id="designer-prop-visible-field"
                value={view.visibleWhen?.field ?? ''}
                options={[{ value: '', label: t('designer.always') }, ...others.map((n) => ({ value: n, label: n }))]}
                onChange={(field: string) =>
                  change({
                    property: 'visibleWhen',
                    value: field ? { field, equals: firstVisibleWhenValue(designer.doc, field) } : undefined,
                  })
                }
                style={{ minWidth: 120 }}
              />
              {view.visibleWhen && (
                <StepInput
                  aria-label={t('designer.visibleWhenEquals')}
                  id="designer-prop-visible-equals"
                  value={String(view.visibleWhen.equals)}
                  onType={(v) =>
                    change(
                      {
                        property: 'visibleWhen',
                        value: { field: view.visibleWhen!.field, equals: visibleWhenValue(designer.doc, view.visibleWhen!.field, v) },
                      },
                      true,
                    )
                  }
                  onDone={designer.seal}
                />
              )}
            </Space.Compact>
          </Form.Item>
        </div>
      )}
    </Form>
  );
}
