/**
 * What the properties panel reads from and writes to a diagram element, through bpmn-js's
 * modeling service so that every change is one undoable command and marks the model changed.
 */
import type Modeler from 'bpmn-js/lib/Modeler';
import type Modeling from 'bpmn-js/lib/features/modeling/Modeling';
import type { Element } from 'bpmn-js/lib/model/Types';
import type ElementRegistry from 'diagram-js/lib/core/ElementRegistry';

/** The parts of a bpmn-moddle element the panel reads (bpmn-js types them as any). */
export interface BusinessObject {
  $type: string;
  id: string;
  name?: string;
  get(name: string): unknown;
  conditionExpression?: { body?: string };
  eventDefinitions?: TimerDefinition[];
  outgoing?: BusinessObject[];
  targetRef?: BusinessObject;
  default?: BusinessObject;
}

interface TimerDefinition {
  $type: string;
  timeDuration?: { body?: string };
  timeCycle?: { body?: string };
  timeDate?: { body?: string };
}

interface Moddle {
  create(type: string, attrs: Record<string, unknown>): unknown;
}

export const businessObject = (element: Element): BusinessObject => element.businessObject as BusinessObject;

/** The element's kind as the panel shows it: what decides which fields it offers. */
export function kindOf(element: Element): 'process' | 'userTask' | 'startEvent' | 'flow' | 'gateway' | 'timer' | 'other' {
  const bo = businessObject(element);
  if (bo.$type === 'bpmn:Process') return 'process';
  if (bo.$type === 'bpmn:UserTask') return 'userTask';
  if (bo.$type === 'bpmn:StartEvent') return 'startEvent';
  if (bo.$type === 'bpmn:SequenceFlow') return 'flow';
  if (bo.$type === 'bpmn:ExclusiveGateway' || bo.$type === 'bpmn:InclusiveGateway') return 'gateway';
  if (timerOf(element)) return 'timer';
  return 'other';
}

function timerOf(element: Element): TimerDefinition | undefined {
  return businessObject(element).eventDefinitions?.find((d) => d.$type === 'bpmn:TimerEventDefinition');
}

export function timerText(element: Element): string {
  const def = timerOf(element);
  return def?.timeDuration?.body ?? def?.timeCycle?.body ?? def?.timeDate?.body ?? '';
}

/** ISO 8601 duration (PT5M, P1DT2H) or repeating interval (R3/PT10M): what the server accepts besides an expression. */
const DURATION = /^(R\d*\/)?P(?!$)(\d+Y)?(\d+M)?(\d+W)?(\d+D)?(T(?=\d)(\d+H)?(\d+M)?(\d+(\.\d+)?S)?)?$/;

export function isTimerDuration(text: string): boolean {
  return DURATION.test(text) || /^\$\{.+\}$/.test(text);
}

/** The string value of an attribute (`activiti:assignee`), '' when unset. */
export function attrOf(element: Element, name: string): string {
  const value = businessObject(element).get(name);
  return typeof value === 'string' ? value : '';
}

export const splitList = (text: string): string[] =>
  text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

export class ElementEditor {
  constructor(private readonly modeler: Modeler) {}

  private get modeling(): Modeling {
    return this.modeler.get<Modeling>('modeling');
  }

  private get moddle(): Moddle {
    return this.modeler.get<Moddle>('moddle');
  }

  /** Sets (or, for '', removes) properties of the element as one command. */
  set(element: Element, properties: Record<string, string | undefined>): void {
    const values = Object.fromEntries(Object.entries(properties).map(([k, v]) => [k, v === '' ? undefined : v]));
    this.modeling.updateProperties(element, values);
  }

  /** An id no other element has. */
  idTaken(element: Element, id: string): boolean {
    const other = this.modeler.get<ElementRegistry>('elementRegistry').get(id);
    return !!other && other !== element && businessObject(other as Element) !== businessObject(element);
  }

  setCondition(flow: Element, text: string): void {
    const body = text.trim();
    this.modeling.updateProperties(flow, {
      conditionExpression: body ? this.moddle.create('bpmn:FormalExpression', { body }) : undefined,
    });
  }

  setTimer(element: Element, text: string): void {
    const def = timerOf(element);
    if (!def) return;
    const body = text.trim();
    this.modeling.updateModdleProperties(element, def, {
      timeDuration: body ? this.moddle.create('bpmn:FormalExpression', { body }) : undefined,
      timeCycle: undefined,
      timeDate: undefined,
    });
  }

  /** The diagram element of a business object (an outgoing flow of a gateway). */
  elementOf(bo: BusinessObject): Element | undefined {
    return this.modeler.get<ElementRegistry>('elementRegistry').get(bo.id) as Element | undefined;
  }
}
