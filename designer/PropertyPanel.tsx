/**
 * The property panel of the selected field, and the resource's own name, service, path and
 * title. Each change is one step of the history; typing in one input is merged into one step
 * until the input loses focus. Each input is a memoised item drawn from plain values and the
 * panel's callbacks, which stay the same functions: a keystroke in one input draws that input
 * again, not the panel's twenty.
 */
import { createContext, memo, useContext, useMemo, useRef, useState, type ReactNode } from 'react';
import type { Draft } from 'immer';
import { Checkbox, Form, Input, InputNumber, Select, Space } from 'antd';
import type { RelationDef } from '../runtime/generated/fileTypes.ts';
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
  type DesignDocument,
  type FieldEdit,
  type Locale,
} from './model/designDocument.ts';
import type { Designer } from './useDesigner.ts';

type Known = Readonly<Record<string, ResourceMeta>>;

interface PanelProps {
  designer: Designer;
  known: Known;
  t: TFunction;
}

/** The text inputs of a field (`label.en`, `pattern`, `visibleEquals`...) and of the resource (`service`, `title.en`...). */
type TextKey = string;
type NumberKey = 'minLength' | 'maxLength' | 'minimum' | 'maximum' | 'span';
type CheckKey = 'required' | 'readOnlyOnEdit' | 'searched';
type RelationEdit = Pick<RelationDef, 'resource' | 'valueField' | 'labelField'>;

const FULL_WIDTH = { width: '100%' };
const WHEN_FIELD_STYLE = { minWidth: 120 };

/**
 * A text input whose typing is one step: applied on each key, merged, sealed on blur.
 *
 * The edit reaches `value` in a later pass than the one that draws the input for its own
 * state (the panes are handed over, handOver.ts): until `value` moves, the input shows the
 * text typed, which the browser already holds. Drawn with the value it had, it would be
 * written back, the caret sent to the end, and written again with the new one. A typed text
 * the document does not take as it is (a trailing comma's space in the options) is shown until
 * the input loses focus, then the document's value.
 */
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
  const [typed, setTyped] = useState<{ text: string; over: string } | undefined>();
  if (typed && typed.over !== value) setTyped(undefined);
  const shown = typed && typed.over === value ? typed.text : value;
  return (
    <Input
      value={shown}
      onChange={(e) => {
        setTyped({ text: e.target.value, over: value });
        onType(e.target.value);
      }}
      onBlur={() => {
        setTyped(undefined);
        onDone();
      }}
      {...rest}
    />
  );
}

/** A labelled text property; `name` tells `onText` which one it is. */
const TextItem = memo(function TextItem({
  id,
  label,
  name,
  value,
  onText,
  onDone,
}: {
  id: string;
  label: string;
  name: TextKey;
  value: string;
  onText: (name: TextKey, text: string) => void;
  onDone: () => void;
}) {
  return (
    <Form.Item label={label} htmlFor={id}>
      <StepInput id={id} value={value} onType={(v) => onText(name, v)} onDone={onDone} />
    </Form.Item>
  );
});

const NumberItem = memo(function NumberItem({
  name,
  label,
  value,
  min,
  max,
  onNumber,
  onDone,
}: {
  name: NumberKey;
  label: string;
  value: number | undefined;
  min?: number;
  max?: number;
  onNumber: (name: NumberKey, value: number | undefined) => void;
  onDone: () => void;
}) {
  return (
    <Form.Item label={label} htmlFor={`designer-prop-${name}`}>
      <InputNumber
        id={`designer-prop-${name}`}
        min={min}
        max={max}
        value={value ?? null}
        onChange={(v) => onNumber(name, v === null ? undefined : Number(v))}
        onBlur={onDone}
        style={FULL_WIDTH}
      />
    </Form.Item>
  );
});

const ChecksItem = memo(function ChecksItem({
  required,
  readOnlyOnEdit,
  searched,
  onCheck,
  t,
}: Record<CheckKey, boolean> & { onCheck: (name: CheckKey, value: boolean) => void; t: TFunction }) {
  return (
    <Form.Item>
      <Checkbox checked={required} onChange={(e) => onCheck('required', e.target.checked)}>
        {t('designer.required')}
      </Checkbox>
      <Checkbox checked={readOnlyOnEdit} onChange={(e) => onCheck('readOnlyOnEdit', e.target.checked)}>
        {t('designer.readOnlyOnEdit')}
      </Checkbox>
      <Checkbox checked={searched} onChange={(e) => onCheck('searched', e.target.checked)}>
        {t('designer.searched')}
      </Checkbox>
    </Form.Item>
  );
});

/** The relation's value and label fields: a field of the target resource each. */
const RELATION_FIELDS = [
  { key: 'valueField', id: 'designer-prop-value-field' },
  { key: 'labelField', id: 'designer-prop-label-field' },
] as const;

const RelationItems = memo(function RelationItems({
  relation,
  known,
  onRelation,
  t,
}: {
  relation: RelationDef;
  known: Known;
  onRelation: (value: RelationEdit) => void;
  t: TFunction;
}) {
  const resources = useMemo(
    () =>
      Object.keys(known)
        .sort()
        .map((n) => ({ value: n, label: n })),
    [known],
  );
  const targetFields = useMemo(
    () => (known[relation.resource]?.fields ?? []).map((f) => ({ value: f.name, label: f.name })),
    [known, relation.resource],
  );
  return (
    <>
      <Form.Item label={t('designer.relationResource')} htmlFor="designer-prop-relation">
        <Select
          id="designer-prop-relation"
          showSearch
          value={relation.resource}
          options={resources}
          onChange={(resource: string) => {
            const fields = known[resource]?.fields ?? [];
            const labelField = fields.find((f) => f.type === 'string' && !f.system && !f.secret)?.name ?? 'id';
            onRelation({ resource, valueField: 'id', labelField });
          }}
        />
      </Form.Item>
      {RELATION_FIELDS.map(({ key, id }) => (
        <Form.Item key={key} label={t(`designer.${key}`)} htmlFor={id}>
          <Select
            id={id}
            value={relation[key]}
            options={targetFields}
            onChange={(field: string) => onRelation({ ...relation, [key]: field })}
          />
        </Form.Item>
      ))}
    </>
  );
});

const VisibleWhenItem = memo(function VisibleWhenItem({
  name,
  names,
  field,
  equals,
  onWhenField,
  onText,
  onDone,
  t,
}: {
  name: string;
  /** The document's fields, in order. */
  names: readonly string[];
  field: string | undefined;
  equals: string | undefined;
  onWhenField: (field: string) => void;
  onText: (name: TextKey, text: string) => void;
  onDone: () => void;
  t: TFunction;
}) {
  const options = useMemo(
    () => [{ value: '', label: t('designer.always') }, ...names.filter((n) => n !== name).map((n) => ({ value: n, label: n }))],
    [names, name, t],
  );
  return (
    <Form.Item label={t('designer.visibleWhen')}>
      <Space.Compact block>
        <Select
          aria-label={t('designer.visibleWhenField')}
          id="designer-prop-visible-field"
          value={field ?? ''}
          options={options}
          onChange={onWhenField}
          style={WHEN_FIELD_STYLE}
        />
        {field !== undefined && (
          <StepInput
            aria-label={t('designer.visibleWhenEquals')}
            id="designer-prop-visible-equals"
            value={equals ?? ''}
            onType={(v) => onText('visibleEquals', v)}
            onDone={onDone}
          />
        )}
      </Space.Compact>
    </Form.Item>
  );
});

/**
 * A name typed in full before it is applied (a rename, one step): when the input loses focus or
 * on Enter, if it changed and `problemOf` finds no problem with it. The text follows `name` when
 * it changes elsewhere (another field selected, an undo).
 */
const NameItem = memo(function NameItem({
  id,
  label,
  name,
  problemOf,
  onRename,
  t,
}: {
  id: string;
  label: string;
  name: string;
  problemOf?: (from: string, to: string) => ReturnType<typeof renameProblem>;
  onRename: (from: string, to: string) => void;
  t: TFunction;
}) {
  const [text, setText] = useState(name);
  const [shownFor, setShownFor] = useState(name);
  if (shownFor !== name) {
    setShownFor(name);
    setText(name);
  }
  const problem = problemOf?.(name, text);
  const commit = () => {
    if (text !== name && !problem) onRename(name, text);
  };
  return (
    <Form.Item
      label={label}
      htmlFor={id}
      validateStatus={problem ? 'error' : undefined}
      help={problem ? t(`designer.nameProblem.${problem}`) : undefined}
    >
      <Input id={id} value={text} onChange={(e) => setText(e.target.value)} onBlur={commit} onPressEnter={commit} />
    </Form.Item>
  );
});

function parseDefault(kind: string, text: string): unknown {
  if (text === '') return undefined;
  if (kind === 'number') return Number.isNaN(Number(text)) ? text : Number(text);
  if (kind === 'switch') return text === 'true' ? true : text === 'false' ? false : text;
  return text;
}

const LOCALE_KEY = /^(label|patternMessage|title)\.(.+)$/;

/** The panel's callbacks: the same functions for the panel's life, they read the designer when they run. */
interface PanelActions {
  onText: (key: TextKey, text: string) => void;
  onNumber: (key: NumberKey, value: number | undefined) => void;
  onCheck: (key: CheckKey, value: boolean) => void;
  onRelation: (value: RelationEdit) => void;
  onWhenField: (field: string) => void;
  onDone: () => void;
  problemOf: (from: string, to: string) => ReturnType<typeof renameProblem>;
  onRenameField: (from: string, to: string) => void;
  onResourceText: (key: TextKey, text: string) => void;
  onRenameResource: (from: string, to: string) => void;
}

/** What the panel's items draw, and the callbacks they call. */
interface Panel {
  doc: Designer['doc'];
  view: ReturnType<typeof fieldView>;
  known: Known;
  t: TFunction;
  actions: PanelActions;
}

const PanelContext = createContext<Panel | undefined>(undefined);

/**
 * The panel's Ant Design form, drawn once: its children are one element that takes the panel
 * from a context. Drawing the form again would give its items new contexts and draw every one of them.
 */
const PanelForm = memo(function PanelForm({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Form layout="vertical" size="small" className="designer-properties" aria-label={label}>
      {children}
    </Form>
  );
});

function PanelContent() {
  const { doc, view, known, t, actions } = useContext(PanelContext)!;
  const { onText, onNumber, onCheck, onRelation, onWhenField, onDone, problemOf, onRenameField, onResourceText, onRenameResource } =
    actions;
  const offers = view ? kindOffers(view.kind) : undefined;
  // The same array while the names are (a property edit): VisibleWhenItem then keeps its options.
  // Field names hold no new line.
  const nameList = fieldNames(doc).join('\n');
  const names = useMemo(() => (nameList ? nameList.split('\n') : []), [nameList]);
  const text = (id: string, label: string, name: TextKey, value: string, onChange = onText) => (
    <TextItem key={id} id={id} label={label} name={name} value={value} onText={onChange} onDone={onDone} />
  );
  const num = (key: NumberKey, min?: number, max?: number) => (
    <NumberItem name={key} label={t(`designer.${key}`)} value={view?.[key]} min={min} max={max} onNumber={onNumber} onDone={onDone} />
  );

  return (
    <>
      <div className="designer-panel-title">{t('designer.resource')}</div>
      <NameItem id="designer-resource-name" label={t('designer.name')} name={doc.resource.name} onRename={onRenameResource} t={t} />
      <Space.Compact block>
        {text('designer-resource-service', t('designer.service'), 'service', doc.resource.service, onResourceText)}
        {text('designer-resource-path', t('designer.path'), 'path', doc.resource.path, onResourceText)}
      </Space.Compact>
      {LOCALES.map((l) => text(`designer-title-${l}`, t('designer.title', { locale: l }), `title.${l}`, title(doc, l), onResourceText))}
      <div className="designer-panel-title">{t('designer.properties')}</div>
      {!view || !offers ? (
        <p className="designer-hint">{t('designer.noSelection')}</p>
      ) : (
        <div data-testid="designer-field-properties" data-field={view.name}>
          <NameItem
            id="designer-field-name"
            label={t('designer.fieldName')}
            name={view.name}
            problemOf={problemOf}
            onRename={onRenameField}
            t={t}
          />
          {LOCALES.map((l) => text(`designer-label-${l}`, t('designer.label', { locale: l }), `label.${l}`, view.label[l]))}
          <ChecksItem required={view.required} readOnlyOnEdit={view.readOnlyOnEdit} searched={view.searched} onCheck={onCheck} t={t} />
          {offers.length && (
            <>
              {num('minLength', 0)}
              {num('maxLength', 1)}
            </>
          )}
          {offers.pattern && (
            <>
              {text('designer-prop-pattern', t('designer.pattern'), 'pattern', view.pattern ?? '')}
              {LOCALES.map((l) =>
                text(
                  `designer-pattern-message-${l}`,
                  t('designer.patternMessage', { locale: l }),
                  `patternMessage.${l}`,
                  view.patternMessage[l],
                ),
              )}
            </>
          )}
          {offers.range && (
            <>
              {num('minimum')}
              {num('maximum')}
            </>
          )}
          {offers.options && text('designer-prop-options', t('designer.options'), 'options', (view.options ?? []).join(','))}
          {offers.dict && text('designer-prop-dict', t('designer.dict'), 'dict', view.dict ?? '')}
          {offers.relation && view.relation && <RelationItems relation={view.relation} known={known} onRelation={onRelation} t={t} />}
          {text(
            'designer-prop-default',
            t('designer.default'),
            'default',
            view.defaultValue === undefined ? '' : String(view.defaultValue),
          )}
          {num('span', 1, 24)}
          <VisibleWhenItem
            name={view.name}
            names={names}
            field={view.visibleWhen?.field}
            equals={view.visibleWhen && String(view.visibleWhen.equals)}
            onWhenField={onWhenField}
            onText={onText}
            onDone={onDone}
            t={t}
          />
        </div>
      )}
    </>
  );
}

/** The panel's callbacks, reading the designer, the selected field's view and `t` from `latest` when they run. */
function panelActions(latest: {
  readonly current: { designer: Designer; view: ReturnType<typeof fieldView>; t: TFunction };
}): PanelActions {
  const change = (edit: FieldEdit, merge = false) => {
    const { designer: d, t: tr } = latest.current;
    const name = d.selected;
    if (!name) return;
    const property = tr(`designer.${edit.property}`, 'locale' in edit ? { locale: edit.locale } : undefined);
    d.apply(
      tr('designer.steps.edit', { property, name }),
      (draft) => editField(draft, name, edit),
      merge ? `${name}.${edit.property}${'locale' in edit ? `.${edit.locale}` : ''}` : undefined,
    );
  };
  const resourceStep = (property: string, recipe: (draft: Draft<DesignDocument>) => void, mergeKey?: string) => {
    const { designer: d, t: tr } = latest.current;
    d.apply(tr('designer.steps.resource', { property }), recipe, mergeKey);
  };
  return {
    onText: (key, text) => {
      const { designer: d, view: v } = latest.current;
      const localised = LOCALE_KEY.exec(key);
      if (localised?.[1] === 'label' || localised?.[1] === 'patternMessage')
        change({ property: localised[1], locale: localised[2] as Locale, value: text }, true);
      else if (key === 'pattern' || key === 'dict') change({ property: key, value: text }, true);
      else if (key === 'options') change({ property: 'options', value: text.split(',').map((o) => o.trim()) }, true);
      else if (key === 'default' && v) change({ property: 'default', value: parseDefault(v.kind, text) }, true);
      else if (key === 'visibleEquals' && v?.visibleWhen) {
        const field = v.visibleWhen.field;
        change({ property: 'visibleWhen', value: { field, equals: visibleWhenValue(d.doc, field, text) } }, true);
      }
    },
    onNumber: (key, value) => change({ property: key, value }, true),
    onCheck: (key, value) => change({ property: key, value }),
    onRelation: (value) => change({ property: 'relation', value }),
    onWhenField: (field) =>
      change({
        property: 'visibleWhen',
        value: field ? { field, equals: firstVisibleWhenValue(latest.current.designer.doc, field) } : undefined,
      }),
    onDone: () => latest.current.designer.seal(),
    problemOf: (from, to) => renameProblem(latest.current.designer.doc, from, to),
    onRenameField: (from, to) => {
      const { designer: d, t: tr } = latest.current;
      d.apply(tr('designer.steps.rename', { from, to }), (draft) => renameField(draft, from, to));
      d.select(to);
    },
    onResourceText: (key, text) => {
      const { t: tr } = latest.current;
      const localised = LOCALE_KEY.exec(key);
      if (localised?.[1] === 'title') {
        const l = localised[2] as Locale;
        resourceStep(tr('designer.title', { locale: l }), (draft) => setTitle(draft, l, text), `resource.title.${l}`);
      } else if (key === 'service' || key === 'path') {
        resourceStep(
          tr(`designer.${key}`),
          (draft) => {
            if (key === 'path') setPath(draft, text);
            else draft.resource.service = text;
          },
          `resource.${key}`,
        );
      }
    },
    onRenameResource: (_from, to) => resourceStep(latest.current.t('designer.name'), (draft) => renameResource(draft, to)),
  };
}

export const PropertyPanel = memo(function PropertyPanel({ designer, known, t }: PanelProps) {
  const { doc, selected } = designer;
  const view = useMemo(() => (selected ? fieldView(doc, selected) : undefined), [doc, selected]);
  const [content] = useState(() => <PanelContent />);
  // The items' callbacks read the designer when they run: they stay the same functions.
  const latest = useRef({ designer, view, t });
  latest.current = { designer, view, t };
  const [actions] = useState(() => panelActions(latest));
  const panel = useMemo<Panel>(() => ({ doc, view, known, t, actions }), [doc, view, known, t, actions]);
  return (
    <PanelContext.Provider value={panel}>
      <PanelForm label={t('designer.properties')}>{content}</PanelForm>
    </PanelContext.Provider>
  );
});
