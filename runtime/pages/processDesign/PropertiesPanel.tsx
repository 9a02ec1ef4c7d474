/**
 * The modeler's properties panel for the selected element (the process when nothing is):
 * id and name; a user task's assignee, candidate users (picked by organisation) and candidate
 * groups (roles); the form of a start event or user task (a published form, or a JSON Schema
 * in the model); a sequence flow's condition, and a gateway's outgoing conditions; a timer's
 * duration. Text fields apply on Enter or when they lose focus; a value the modeler cannot
 * take (an id in use, a duration that does not parse, a schema that is not JSON) shows its
 * error and changes nothing.
 */
import { useEffect, useId, useState } from 'react';
import { AutoComplete, Form, Input, Radio, Select, TreeSelect, Typography } from 'antd';
import type { Element } from 'bpmn-js/lib/model/Types';
import type { TFunction } from '../../i18n/translator.ts';
import type { Choice, PeopleNode } from './api.ts';
import { formSchemaProblem, isElementId } from './activitiModdle.ts';
import { attrOf, businessObject, isTimerDuration, kindOf, splitList, timerText, type ElementEditor } from './bpmnElements.ts';

export interface PanelChoices {
  people: PeopleNode[];
  roles: Choice[];
  forms: Choice[];
}

interface Props {
  element: Element;
  editor: ElementEditor;
  choices: PanelChoices;
  tx: TFunction;
}

/** A text input applied on Enter or blur; `check` answers an error message to refuse the value. */
function CommitText(props: {
  label: string;
  value: string;
  onCommit(value: string): void;
  check?: (value: string) => string | undefined;
  hint?: string;
  multiline?: boolean;
}) {
  const id = useId();
  const [text, setText] = useState(props.value);
  const [error, setError] = useState<string>();
  useEffect(() => {
    setText(props.value);
    setError(undefined);
  }, [props.value]);
  const commit = () => {
    if (text === props.value) return;
    const problem = props.check?.(text);
    setError(problem);
    if (!problem) props.onCommit(text);
  };
  const common = {
    id,
    value: text,
    status: error ? ('error' as const) : undefined,
    onChange: (e: { target: { value: string } }) => setText(e.target.value),
    onBlur: commit,
  };
  return (
    <Form.Item label={props.label} htmlFor={id} help={error ?? props.hint} validateStatus={error ? 'error' : undefined}>
      {props.multiline ? (
        <Input.TextArea {...common} autoSize={{ minRows: 4, maxRows: 12 }} spellCheck={false} className="pd-code" />
      ) : (
        <Input
          {...common}
          onPressEnter={commit}
          onKeyDown={(e) => {
            // the modeler's keyboard shortcuts (delete, undo) are not the field's
            e.stopPropagation();
          }}
        />
      )}
    </Form.Item>
  );
}

const usernames = (nodes: readonly PeopleNode[]): string[] =>
  nodes.flatMap((n) => (n.children ? usernames(n.children) : [n.value])).filter((v, i, all) => all.indexOf(v) === i);

function UserTaskFields({ element, editor, choices, tx }: Props) {
  const usersId = useId();
  const groupsId = useId();
  const assigneeId = useId();
  const assignee = attrOf(element, 'activiti:assignee');
  const [assigneeText, setAssigneeText] = useState(assignee);
  useEffect(() => setAssigneeText(assignee), [assignee]);
  const commitAssignee = (value: string) => {
    if (value.trim() !== assignee) editor.set(element, { 'activiti:assignee': value.trim() });
  };
  const users = usernames(choices.people);
  return (
    <>
      <Form.Item label={tx('processDesign.assignee')} htmlFor={assigneeId} help={tx('processDesign.assigneeHint')}>
        <AutoComplete
          id={assigneeId}
          value={assigneeText}
          options={users.filter((u) => u.toLowerCase().includes(assigneeText.toLowerCase())).map((u) => ({ value: u }))}
          onChange={setAssigneeText}
          onSelect={commitAssignee}
          onBlur={() => commitAssignee(assigneeText)}
          onKeyDown={(e) => e.stopPropagation()}
          allowClear
        />
      </Form.Item>
      <Form.Item label={tx('processDesign.candidateUsers')} htmlFor={usersId}>
        <TreeSelect
          id={usersId}
          treeData={choices.people}
          value={splitList(attrOf(element, 'activiti:candidateUsers'))}
          onChange={(values: string[]) => editor.set(element, { 'activiti:candidateUsers': values.join(',') })}
          treeCheckable
          showCheckedStrategy={TreeSelect.SHOW_CHILD}
          treeNodeFilterProp="title"
          showSearch
          allowClear
          onKeyDown={(e) => e.stopPropagation()}
        />
      </Form.Item>
      <Form.Item label={tx('processDesign.candidateGroups')} htmlFor={groupsId}>
        <Select
          id={groupsId}
          mode="multiple"
          options={choices.roles}
          value={splitList(attrOf(element, 'activiti:candidateGroups'))}
          onChange={(values: string[]) => editor.set(element, { 'activiti:candidateGroups': values.join(',') })}
          optionFilterProp="label"
          allowClear
          onKeyDown={(e) => e.stopPropagation()}
        />
      </Form.Item>
    </>
  );
}

type FormMode = 'none' | 'published' | 'inline';

function FormFields({ element, editor, choices, tx }: Props) {
  const formKey = attrOf(element, 'activiti:formKey');
  const formSchema = attrOf(element, 'activiti:formSchema');
  const stored: FormMode = formKey ? 'published' : formSchema ? 'inline' : 'none';
  const [mode, setMode] = useState<FormMode>(stored);
  useEffect(() => setMode(stored), [stored, element]);
  const keyId = useId();
  const choose = (next: FormMode) => {
    setMode(next);
    if (next === 'none') editor.set(element, { 'activiti:formKey': '', 'activiti:formSchema': '' });
  };
  return (
    <>
      <Form.Item label={tx('processDesign.form')}>
        <Radio.Group value={mode} onChange={(e) => choose(e.target.value as FormMode)}>
          <Radio value="none">{tx('processDesign.formNone')}</Radio>
          <Radio value="published">{tx('processDesign.formPublished')}</Radio>
          <Radio value="inline">{tx('processDesign.formInline')}</Radio>
        </Radio.Group>
      </Form.Item>
      {mode === 'published' && (
        <Form.Item label={tx('processDesign.formKey')} htmlFor={keyId}>
          <Select
            id={keyId}
            options={choices.forms}
            value={formKey || undefined}
            onChange={(value: string) => editor.set(element, { 'activiti:formKey': value, 'activiti:formSchema': '' })}
            showSearch
            optionFilterProp="label"
          />
        </Form.Item>
      )}
      {mode === 'inline' && (
        <CommitText
          label={tx('processDesign.formSchema')}
          value={formSchema}
          multiline
          check={(text) => {
            const problem = text.trim() ? formSchemaProblem(text) : undefined;
            return problem === 'json' ? tx('processDesign.formSchemaJson') : problem ? tx('processDesign.formSchemaObject') : undefined;
          }}
          onCommit={(text) => editor.set(element, { 'activiti:formSchema': text.trim(), 'activiti:formKey': '' })}
        />
      )}
    </>
  );
}

function GatewayFlows({ element, editor, tx }: Props) {
  const flows = businessObject(element).outgoing ?? [];
  if (!flows.length) return null;
  return (
    <>
      <Typography.Title level={5}>{tx('processDesign.outgoing')}</Typography.Title>
      {flows.map((flow) => {
        const target = flow.targetRef?.name || flow.targetRef?.id || flow.id;
        const flowElement = editor.elementOf(flow);
        return flowElement ? (
          <CommitText
            key={flow.id}
            label={tx('processDesign.conditionTo', { target })}
            value={flow.conditionExpression?.body ?? ''}
            onCommit={(text) => editor.setCondition(flowElement, text)}
          />
        ) : null;
      })}
    </>
  );
}

export default function PropertiesPanel(props: Props) {
  const { element, editor, tx } = props;
  const bo = businessObject(element);
  const kind = kindOf(element);
  return (
    <Form layout="vertical" size="small" className="pd-panel-form" data-element={bo.id} data-testid="process-properties">
      <Typography.Text type="secondary" className="pd-panel-type">
        {kind === 'process' ? tx('processDesign.process') : bo.$type.replace('bpmn:', '')}
      </Typography.Text>
      <CommitText
        label={tx('processDesign.id')}
        value={bo.id}
        check={(id) =>
          !isElementId(id) ? tx('processDesign.idInvalid') : editor.idTaken(element, id) ? tx('processDesign.idTaken', { id }) : undefined
        }
        onCommit={(id) => editor.set(element, { id })}
      />
      <CommitText label={tx('processDesign.name')} value={bo.name ?? ''} onCommit={(name) => editor.set(element, { name })} />
      {kind === 'userTask' && <UserTaskFields {...props} />}
      {(kind === 'userTask' || kind === 'startEvent') && <FormFields {...props} />}
      {kind === 'flow' && (
        <CommitText
          label={tx('processDesign.condition')}
          hint={tx('processDesign.conditionHint')}
          value={bo.conditionExpression?.body ?? ''}
          onCommit={(text) => editor.setCondition(element, text)}
        />
      )}
      {kind === 'gateway' && <GatewayFlows {...props} />}
      {kind === 'timer' && (
        <CommitText
          label={tx('processDesign.timer')}
          hint={tx('processDesign.timerHint')}
          value={timerText(element)}
          check={(text) => (text.trim() && !isTimerDuration(text.trim()) ? tx('processDesign.timerInvalid') : undefined)}
          onCommit={(text) => editor.setTimer(element, text)}
        />
      )}
    </Form>
  );
}
