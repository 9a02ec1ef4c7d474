/**
 * The attributes of the platform's modeler (namespace http://activiti.org/bpmn, prefix
 * `activiti`) as a moddle extension, so that bpmn-js reads and writes them as properties of
 * the elements: a user task's assignee, candidate users and groups, and the form of a start
 * event or user task (`formKey`: a published form; `formSchema`: a JSON Schema in the model).
 * The server reads the same attributes under any prefix (server-mock/workflow/bpmnModel.ts).
 */
const ACTIVITI_NS = 'http://activiti.org/bpmn';

export const activitiModdle = {
  name: 'Activiti',
  uri: ACTIVITI_NS,
  prefix: 'activiti',
  xml: { tagAlias: 'lowerCase' },
  associations: [],
  types: [
    {
      name: 'Assignable',
      extends: ['bpmn:UserTask'],
      properties: [
        { name: 'assignee', isAttr: true, type: 'String' },
        { name: 'candidateUsers', isAttr: true, type: 'String' },
        { name: 'candidateGroups', isAttr: true, type: 'String' },
      ],
    },
    {
      name: 'FormSupported',
      extends: ['bpmn:StartEvent', 'bpmn:UserTask'],
      properties: [
        { name: 'formKey', isAttr: true, type: 'String' },
        { name: 'formSchema', isAttr: true, type: 'String' },
      ],
    },
  ],
};

/** The diagram of a model that has none yet: its process (key `processId`) with a start event. */
export function newDiagramXml(processId: string, processName: string): string {
  const name = processName.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  return `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" xmlns:activiti="${ACTIVITI_NS}" id="Definitions_${processId}" targetNamespace="http://bpmn.io/schema/bpmn">
  <bpmn:process id="${processId}" name="${name}" isExecutable="true">
    <bpmn:startEvent id="StartEvent_1" />
  </bpmn:process>
  <bpmndi:BPMNDiagram id="BPMNDiagram_1">
    <bpmndi:BPMNPlane id="BPMNPlane_1" bpmnElement="${processId}">
      <bpmndi:BPMNShape id="StartEvent_1_di" bpmnElement="StartEvent_1">
        <dc:Bounds x="180" y="160" width="36" height="36" />
      </bpmndi:BPMNShape>
    </bpmndi:BPMNPlane>
  </bpmndi:BPMNDiagram>
</bpmn:definitions>
`;
}

/** A valid process or element id (an XML NCName). */
export function isElementId(id: string): boolean {
  return /^[A-Za-z_][\w.-]*$/.test(id);
}

/** A form's JSON Schema as typed: undefined when it is an object schema, else what is wrong. */
export function formSchemaProblem(text: string): 'json' | 'object' | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return 'json';
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'object';
  const type = (value as { type?: unknown }).type;
  return type === undefined || type === 'object' ? undefined : 'object';
}
