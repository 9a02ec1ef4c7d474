/**
 * The generic assign action: edits one link of the record (a role's users, a URL's roles, a
 * user's roles per post) as its resource file's `assign` section says (docs/resources.md):
 * - `checkbox`: every candidate as a checkbox, the linked ones ticked;
 * - `tree`: a tree whose leaves are the candidates (the organisations with their users);
 * - `transfer`: the candidates not linked on the left, the linked ones on the right;
 * with, when the link has a scope to choose first (a post), a select of the record's values of
 * it and "all". OK replaces the record's links with the ticked ones through the action's call
 * (a link.replace call); with `required`, nothing ticked is refused with a warning and no call.
 * The state lives in useAssign; the messages under the section's `messages` prefix.
 */
import { useState } from 'react';
import { Alert, Checkbox, Empty, Form, Select, Transfer, Tree, type TransferProps } from 'antd';
import { translator, useTranslation } from '../../i18n/translator.ts';
import { toastSuccess, toastWarning } from '../../feedback/feedback.ts';
import type { LinkMeta } from '../../generated/resources.ts';
import type { ActionComponentProps } from '../extensions.ts';
import { runCall } from '../api.ts';
import { ActionFooter, LoadState, NoRecord, useLoad } from './ActionParts.tsx';
import {
  choicesOf,
  leafTree,
  linkedKeys,
  ownerParams,
  ownerValue,
  saveBody,
  valueMap,
  valuesOf,
  type AssignSpec,
  type Choice,
} from './assignModel.ts';
import { heldChoices, type CheckNode, type HeldChoice } from './grantTree.ts';
import { useAssign, type AssignData } from './useAssign.ts';

/** The scope select's value for "every value" (no scope parameter sent). */
const ALL = '';

interface Candidates {
  /** The tree (widget tree). */
  nodes?: CheckNode[];
  /** The choices (checkbox, transfer). */
  choices?: Choice[];
  /** The candidates' values by key. */
  values: Map<string, unknown>;
}

type Params = Record<string, unknown>;

async function answer(call: string, params: Params): Promise<unknown> {
  return (await runCall<{ data?: unknown }>(call, params)).data;
}

async function loadCandidates(
  spec: AssignSpec,
  link: LinkMeta,
  owner: unknown,
  scope: Params | undefined,
): Promise<AssignData<Candidates>> {
  if (spec.widget === 'tree') {
    const tree = leafTree(await answer(spec.candidates, ownerParams(link, owner, scope)), link.through.valueKey);
    return { candidates: { nodes: tree.nodes, values: tree.values }, linked: tree.linked };
  }
  const [all, linked] = await Promise.all([
    answer(spec.candidates, {}),
    spec.linked ? answer(spec.linked, ownerParams(link, owner, scope)) : [],
  ]);
  const choices = choicesOf(all, link, spec.description);
  return {
    candidates: { choices, values: valueMap(choices) },
    linked: linkedKeys(
      linked,
      link,
      choices.map((c) => c.key),
    ),
  };
}

/** Ticked keys that stand for candidates (a tree's organisations stand for none). */
const linksOf = (checked: readonly string[], c: Candidates) => checked.filter((k) => c.values.has(k));

interface AssignProps {
  spec: AssignSpec;
  link: LinkMeta;
  owner: unknown;
  /** Names the record in the messages. */
  name: string;
  call: string;
  onClose(changed: boolean): void;
}

export default function AssignLinks({ resource, action, records, onClose }: ActionComponentProps) {
  const spec = action.assign;
  const link = spec ? resource.links?.[spec.link] : undefined;
  const owner = link ? ownerValue(link, records[0]) : undefined;
  if (!spec || !link || owner === undefined || !action.call) return <NoRecord onClose={() => onClose(false)} />;
  const named = records[0]?.[spec.name ?? 'id'];
  const props: AssignProps = {
    spec,
    link,
    owner,
    name: named === undefined || named === null || named === '' ? String(owner) : String(named),
    call: action.call,
    onClose,
  };
  return (
    <div className="resource-action" data-testid={`assign-${action.name}`}>
      {spec.scope ? <ScopedAssign {...props} scope={spec.scope} /> : <Assign {...props} />}
    </div>
  );
}

/** A scope value chosen first (a user's post, main first, or all), then the links of that value. */
function ScopedAssign({ scope, ...props }: AssignProps & { scope: NonNullable<AssignSpec['scope']> }) {
  const { link, owner } = props;
  const loaded = useLoad(async () => heldChoices(await answer(scope.call, ownerParams(link, owner))), [scope.call, owner]);
  return <LoadState loaded={loaded}>{(choices) => <ScopeChoice {...props} field={scope.field} choices={choices} />}</LoadState>;
}

function ScopeChoice({ field, choices, ...props }: AssignProps & { field: string; choices: HeldChoice[] }) {
  const { t } = useTranslation();
  const m = props.spec.messages;
  const [value, setValue] = useState<string>(choices[0]?.value ?? ALL);
  const options = [
    ...choices.map((c) => ({ value: c.value, label: c.main ? t(`${m}.scopeMain`, { label: c.label }) : c.label })),
    { value: ALL, label: t(`${m}.scopeAll`) },
  ];
  return (
    <>
      <Form layout="vertical" component="div">
        <Form.Item label={t(`${m}.scope`)} htmlFor="assign-scope" style={{ marginBottom: 0 }}>
          <Select id="assign-scope" value={value} onChange={setValue} options={options} aria-label={t(`${m}.scope`)} />
        </Form.Item>
      </Form>
      {choices.length === 0 && <Alert type="info" showIcon title={t(`${m}.scopeNone`)} />}
      {value === ALL && choices.length > 0 && <Alert type="info" showIcon title={t(`${m}.scopeAllHint`)} />}
      <Assign key={value} {...props} scope={value === ALL ? undefined : { [field]: value }} />
    </>
  );
}

function Assign({ spec, link, owner, name, call, onClose, scope }: AssignProps & { scope?: Params }) {
  const { t } = useTranslation();
  const m = spec.messages;
  const assign = useAssign<Candidates>({
    key: JSON.stringify([owner, scope ?? null]),
    load: () => loadCandidates(spec, link, owner, scope),
    save: async (links, c) => {
      await runCall(call, saveBody(link, owner, valuesOf(c.values, links), scope));
    },
    linksOf,
    required: spec.required === true,
  });

  const save = async () => {
    const outcome = await assign.save();
    if (outcome === 'empty') toastWarning(t(`${m}.required`));
    if (outcome === 'saved') {
      toastSuccess(t(`${m}.saved`, { name }));
      onClose(false);
    }
  };
  const footer = (info?: string) => (
    <ActionFooter info={info} onCancel={() => onClose(false)} onOk={() => void save()} busy={assign.busy} />
  );
  const hint = translator.exists(`${m}.hint`) ? <p className="resource-action-hint">{t(`${m}.hint`, { name })}</p> : null;

  return (
    <LoadState loaded={assign.loaded}>
      {(c) => {
        if (spec.widget === 'tree') {
          return (
            <>
              {hint}
              <div className="resource-action-box">
                <Tree
                  checkable
                  selectable={false}
                  defaultExpandAll
                  height={360}
                  treeData={c.nodes ?? []}
                  checkedKeys={[...assign.checked]}
                  onCheck={(keys) => assign.setChecked((Array.isArray(keys) ? keys : keys.checked).map(String))}
                  aria-label={t(`${m}.label`)}
                />
              </div>
              {footer(t(`${m}.count`, { n: assign.links.length, total: c.values.size }))}
            </>
          );
        }
        const choices = c.choices ?? [];
        if (spec.widget === 'transfer') {
          return (
            <>
              {hint}
              <Transfer<Choice>
                className="resource-action-transfer"
                dataSource={choices}
                rowKey={(item) => item.key}
                targetKeys={[...assign.checked]}
                onChange={(keys) => assign.setChecked(keys.map(String))}
                titles={[t(`${m}.available`), t(`${m}.granted`)]}
                actions={[t(`${m}.add`), t(`${m}.remove`)]}
                showSearch
                showSelectAll={false}
                filterOption={(text, item) => `${item.label} ${item.description}`.toLowerCase().includes(text.trim().toLowerCase())}
                locale={{ searchPlaceholder: t(`${m}.search`) }}
              >
                {(list) => <ChoiceList {...list} messages={m} />}
              </Transfer>
              {footer()}
            </>
          );
        }
        return (
          <>
            {hint}
            <div className="resource-action-box" role="group" aria-label={t(`${m}.label`)}>
              {choices.length === 0 ? (
                <Empty description={t(`${m}.none`)} />
              ) : (
                <Checkbox.Group
                  value={[...assign.checked]}
                  onChange={(values) => assign.setChecked(values.map(String))}
                  style={{ display: 'flex', flexDirection: 'column', gap: 6 }}
                >
                  {choices.map((r) => (
                    <Checkbox key={r.key} value={r.key}>
                      {r.label}
                    </Checkbox>
                  ))}
                </Checkbox.Group>
              )}
            </div>
            {footer()}
          </>
        );
      }}
    </LoadState>
  );
}

type ListBodyProps = Parameters<NonNullable<TransferProps<Choice>['children']>>[0];

/** One side of the transfer: each choice a checkbox named by its label and description. */
function ChoiceList({ filteredItems, selectedKeys, onItemSelect, disabled, direction, messages }: ListBodyProps & { messages: string }) {
  const { t } = useTranslation();
  if (filteredItems.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t(`${messages}.none`)} />;
  return (
    <ul className="resource-action-transfer-list" aria-label={t(direction === 'left' ? `${messages}.available` : `${messages}.granted`)}>
      {filteredItems.map((item) => (
        <li key={item.key}>
          <Checkbox
            checked={selectedKeys.includes(item.key)}
            disabled={disabled}
            onChange={(e) => onItemSelect(item.key, e.target.checked)}
          >
            {item.label} {item.description && <span className="resource-action-code">{item.description}</span>}
          </Checkbox>
        </li>
      ))}
    </ul>
  );
}
