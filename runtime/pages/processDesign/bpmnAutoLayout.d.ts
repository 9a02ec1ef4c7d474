/** bpmn-auto-layout ships no types: it adds the diagram (shapes and edges) to a BPMN document that has none. */
declare module 'bpmn-auto-layout' {
  export function layoutProcess(xml: string): Promise<string>;
}
