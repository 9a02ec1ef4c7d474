/**
 * A BPMN 2.0 document read with bpmn-moddle: checked when a model is saved or deployed, and
 * turned into what the server needs besides the engine's run: the process's key and name,
 * each element's type and name, a user task's assignee, candidate users and groups and form,
 * a service task's handler, the sequence flows and the diagram's shapes (for the SVG).
 *
 * Attributes of the platform's modeler are read by their local name under any prefix
 * (`activiti:assignee`, `camunda:assignee`, `flowable:assignee`).
 */
import { BpmnModdle } from 'bpmn-moddle';
import { expressionBody, expressionError, isExpression } from './expressions.ts';
import { SERVICE_HANDLERS } from './serviceHandlers.ts';

interface ElementInfo {
  id: string;
  /** bpmn:UserTask, bpmn:ExclusiveGateway, ... */
  type: string;
  name: string | null;
  assignee?: string;
  candidateUsers: string[];
  candidateGroups: string[];
  formKey?: string;
  /** An inline form (activiti:formSchema, a JSON Schema of an object): the element's form, under the key formKey or its id. */
  formSchema?: unknown;
  handler?: string;
  resultVariable?: string;
  expression?: string;
}

interface FlowInfo {
  id: string;
  source: string;
  target: string;
  name: string | null;
  condition?: string;
}

export interface Bounds {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface ParsedProcess {
  processKey: string;
  processName: string;
  elements: Map<string, ElementInfo>;
  flows: FlowInfo[];
  shapes: Map<string, Bounds>;
  edges: Map<string, { x: number; y: number }[]>;
}

/** A model refused, naming the element (its id) where there is one. */
export class ModelError extends Error {
  constructor(
    message: string,
    readonly element?: string,
  ) {
    super(message);
  }
}

/** The moddle elements as read here (bpmn-moddle's own types describe every BPMN class). */
interface ModdleNode {
  $type: string;
  id?: string;
  name?: string;
  $attrs?: Record<string, string>;
  flowElements?: ModdleNode[];
  rootElements?: ModdleNode[];
  diagrams?: ModdleNode[];
  plane?: ModdleNode;
  planeElement?: ModdleNode[];
  bpmnElement?: ModdleNode;
  bounds?: Bounds;
  waypoint?: { x: number; y: number }[];
  sourceRef?: ModdleNode;
  targetRef?: ModdleNode;
  conditionExpression?: ModdleNode & { body?: string; language?: string };
  eventDefinitions?: (ModdleNode & { timeDuration?: { body?: string }; timeDate?: { body?: string }; timeCycle?: { body?: string } })[];
  implementation?: string;
  isExecutable?: boolean;
  script?: string;
  scriptFormat?: string;
  attachedToRef?: ModdleNode;
}

const moddle = new BpmnModdle();

function attr(node: ModdleNode, local: string): string | undefined {
  for (const [k, v] of Object.entries(node.$attrs ?? {})) {
    if (k === local || k.endsWith(`:${local}`)) return typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined;
  }
  return undefined;
}

const list = (text: string | undefined): string[] =>
  text
    ? text
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
    : [];

/** ISO 8601 duration (PT5M, P1DT2H, ...) or repeating interval (R3/PT10M). */
const DURATION = /^(R\d*\/)?P(?!$)(\d+Y)?(\d+M)?(\d+W)?(\d+D)?(T(?=\d)(\d+H)?(\d+M)?(\d+(\.\d+)?S)?)?$/;

const SUPPORTED = new Set([
  'bpmn:StartEvent',
  'bpmn:EndEvent',
  'bpmn:UserTask',
  'bpmn:ServiceTask',
  'bpmn:Task',
  'bpmn:ManualTask',
  'bpmn:ExclusiveGateway',
  'bpmn:ParallelGateway',
  'bpmn:InclusiveGateway',
  'bpmn:SequenceFlow',
  'bpmn:BoundaryEvent',
  'bpmn:IntermediateCatchEvent',
  'bpmn:IntermediateThrowEvent',
  'bpmn:TextAnnotation',
  'bpmn:Association',
  'bpmn:DataObjectReference',
  'bpmn:DataObject',
  'bpmn:DataStoreReference',
]);

/** Read and check a BPMN document; throws ModelError naming the element at fault. */
export async function parseBpmn(xml: string): Promise<ParsedProcess> {
  let root: ModdleNode;
  let warnings: { message: string; element?: { id?: string } }[];
  try {
    const read = await moddle.fromXML(xml);
    root = read.rootElement as ModdleNode;
    warnings = read.warnings;
  } catch (err) {
    throw new ModelError(`The model is not valid BPMN 2.0 XML: ${err instanceof Error ? err.message : String(err)}`);
  }
  if (warnings.length) {
    const w = warnings[0]!;
    throw new ModelError(`The model is not valid BPMN 2.0: ${w.message}`, w.element?.id);
  }
  const processes = (root.rootElements ?? []).filter((e) => e.$type === 'bpmn:Process');
  if (processes.length !== 1) throw new ModelError(`The model must hold exactly one process (it holds ${processes.length})`);
  const proc = processes[0]!;
  if (!proc.id) throw new ModelError('The process has no id');
  const elements = new Map<string, ElementInfo>();
  const flows: FlowInfo[] = [];
  for (const node of proc.flowElements ?? []) {
    const id = node.id ?? '';
    if (!SUPPORTED.has(node.$type))
      throw new ModelError(`Element "${id}" is a ${node.$type.replace('bpmn:', '')}, which this engine does not run`, id);
    if (node.$type === 'bpmn:SequenceFlow') {
      const flow: FlowInfo = { id, source: node.sourceRef?.id ?? '', target: node.targetRef?.id ?? '', name: node.name ?? null };
      const cond = node.conditionExpression;
      if (cond) {
        if (cond.language && cond.language !== 'jexl')
          throw new ModelError(
            `The condition of sequence flow "${id}" is a ${cond.language} script; write it as an expression \${...}`,
            id,
          );
        const text = (cond.body ?? '').trim();
        const body = expressionBody(text);
        if (body === undefined) throw new ModelError(`The condition of sequence flow "${id}" must be an expression \${...}: "${text}"`, id);
        const problem = expressionError(body);
        if (problem) throw new ModelError(`The condition of sequence flow "${id}" does not parse: ${problem}`, id);
        flow.condition = text;
      }
      flows.push(flow);
      continue;
    }
    const info: ElementInfo = { id, type: node.$type, name: node.name ?? null, candidateUsers: [], candidateGroups: [] };
    if (node.$type === 'bpmn:StartEvent' || node.$type === 'bpmn:UserTask') {
      const inline = attr(node, 'formSchema');
      info.formKey = attr(node, 'formKey') ?? (inline ? id : undefined);
      if (inline) {
        try {
          info.formSchema = JSON.parse(inline) as unknown;
        } catch {
          throw new ModelError(`The form schema of "${id}" is not JSON`, id);
        }
      }
    }
    if (node.$type === 'bpmn:UserTask') {
      info.assignee = attr(node, 'assignee');
      info.candidateUsers = list(attr(node, 'candidateUsers'));
      info.candidateGroups = list(attr(node, 'candidateGroups'));
      if (info.assignee && info.assignee.includes('${')) {
        const body = expressionBody(info.assignee);
        const problem = body === undefined ? 'not one expression ${...}' : expressionError(body);
        if (problem) throw new ModelError(`The assignee of user task "${id}" does not parse: ${problem}`, id);
      }
    }
    if (node.$type === 'bpmn:ServiceTask') {
      const handler = attr(node, 'class') ?? attr(node, 'type') ?? node.implementation;
      if (!handler || !SERVICE_HANDLERS[handler]) {
        throw new ModelError(
          `Service task "${id}" names no built-in handler (${Object.keys(SERVICE_HANDLERS).join(', ')})${handler ? `: "${handler}"` : ''}`,
          id,
        );
      }
      info.handler = handler;
      info.resultVariable = attr(node, 'resultVariable');
      info.expression = attr(node, 'expression');
      if (info.expression) {
        const body = expressionBody(info.expression);
        const problem = body === undefined ? 'not one expression ${...}' : expressionError(body);
        if (problem) throw new ModelError(`The expression of service task "${id}" does not parse: ${problem}`, id);
      }
      if (handler !== 'log' && !info.resultVariable) throw new ModelError(`Service task "${id}" (${handler}) needs a resultVariable`, id);
    }
    for (const def of node.eventDefinitions ?? []) {
      if (def.$type === 'bpmn:TimerEventDefinition') {
        const duration = def.timeDuration?.body?.trim() ?? def.timeCycle?.body?.trim();
        const date = def.timeDate?.body?.trim();
        if (
          duration !== undefined
            ? !DURATION.test(duration) && !isExpression(duration)
            : date === undefined || (Number.isNaN(Date.parse(date)) && !isExpression(date))
        ) {
          throw new ModelError(`The timer of "${id}" needs an ISO 8601 duration (PT10M) or date`, id);
        }
      } else if (def.$type !== 'bpmn:TerminateEventDefinition') {
        throw new ModelError(`Element "${id}" has a ${def.$type.replace('bpmn:', '')}, which this engine does not run`, id);
      }
    }
    elements.set(id, info);
  }
  if (![...elements.values()].some((e) => e.type === 'bpmn:StartEvent'))
    throw new ModelError(`Process "${proc.id}" has no start event`, proc.id);
  for (const f of flows) {
    for (const end of [f.source, f.target])
      if (!elements.has(end))
        throw new ModelError(`Sequence flow "${f.id}" connects "${end}", which is not an element of the process`, f.id);
  }
  const shapes = new Map<string, Bounds>();
  const edges = new Map<string, { x: number; y: number }[]>();
  for (const diagram of root.diagrams ?? []) {
    for (const pe of diagram.plane?.planeElement ?? []) {
      const target = pe.bpmnElement?.id;
      if (!target) continue;
      if (pe.bounds) shapes.set(target, { x: pe.bounds.x, y: pe.bounds.y, width: pe.bounds.width, height: pe.bounds.height });
      if (pe.waypoint)
        edges.set(
          target,
          pe.waypoint.map((w) => ({ x: w.x, y: w.y })),
        );
    }
  }
  return { processKey: proc.id, processName: proc.name ?? proc.id, elements, flows, shapes, edges };
}
