/** The XML the modeler opens: the model's own, laid out first when it has no diagram, or a new one. */
import { newDiagramXml } from './activitiModdle.ts';

const BPMN_NS = 'http://www.omg.org/spec/BPMN/20100524/MODEL';

/**
 * Adds the `incoming` and `outgoing` references that a flow node may leave out (the sequence
 * flows name their ends): the layout follows them, and without them it draws no flow.
 */
function withFlowRefs(xml: string): string {
  const doc = new DOMParser().parseFromString(xml, 'application/xml');
  if (doc.getElementsByTagName('parsererror').length) return xml;
  const byId = new Map<string, Element>();
  for (const el of Array.from(doc.getElementsByTagNameNS(BPMN_NS, '*'))) {
    const id = el.getAttribute('id');
    if (id) byId.set(id, el);
  }
  for (const flow of Array.from(doc.getElementsByTagNameNS(BPMN_NS, 'sequenceFlow'))) {
    const id = flow.getAttribute('id');
    if (!id) continue;
    for (const [end, tag] of [
      ['sourceRef', 'outgoing'],
      ['targetRef', 'incoming'],
    ] as const) {
      const node = byId.get(flow.getAttribute(end) ?? '');
      if (!node || Array.from(node.getElementsByTagNameNS(BPMN_NS, tag)).some((r) => r.textContent?.trim() === id)) continue;
      const ref = doc.createElementNS(BPMN_NS, flow.prefix ? `${flow.prefix}:${tag}` : tag);
      ref.textContent = id;
      node.appendChild(ref);
    }
  }
  return new XMLSerializer().serializeToString(doc);
}

export async function diagramXmlOf(model: { id: number; modelName: string; modelXml?: string | null }): Promise<string> {
  const xml = model.modelXml?.trim();
  if (!xml) return newDiagramXml(`Process_${model.id}`, model.modelName);
  if (/BPMNDiagram\b/.test(xml)) return xml;
  const { layoutProcess } = await import('bpmn-auto-layout');
  return layoutProcess(withFlowRefs(xml));
}
