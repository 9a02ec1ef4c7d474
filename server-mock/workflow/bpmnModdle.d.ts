/** bpmn-moddle ships the types of its BPMN classes but none of its entry point; the part used here. */
declare module 'bpmn-moddle' {
  export class BpmnModdle {
    fromXML(xml: string): Promise<{ rootElement: unknown; warnings: { message: string; element?: { id?: string } }[] }>;
  }
}
