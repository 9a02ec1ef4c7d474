/**
 * A process diagram as SVG, drawn from the model's BPMN diagram interchange (the shapes'
 * bounds and the flows' waypoints): events as circles, gateways as diamonds, tasks as rounded
 * boxes, each with its name; finished activities and the flows between them marked, current
 * ones marked more strongly. A model without diagram information is laid out in one row.
 * Every text is escaped.
 */
import type { Bounds, ParsedProcess } from './bpmnModel.ts';

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function layout(process: ParsedProcess): Map<string, Bounds> {
  if (process.shapes.size) return process.shapes;
  const out = new Map<string, Bounds>();
  let x = 20;
  for (const el of process.elements.values()) {
    const small = el.type.endsWith('Event') || el.type.endsWith('Gateway');
    out.set(el.id, { x, y: small ? 62 : 40, width: small ? 36 : 100, height: small ? 36 : 80 });
    x += small ? 86 : 150;
  }
  return out;
}

export function diagramSvg(process: ParsedProcess, finished: Set<string>, current: Set<string>): string {
  const shapes = layout(process);
  let maxX = 0;
  let maxY = 0;
  for (const b of shapes.values()) {
    maxX = Math.max(maxX, b.x + b.width);
    maxY = Math.max(maxY, b.y + b.height);
  }
  const parts: string[] = [];
  for (const f of process.flows) {
    let points = process.edges.get(f.id);
    if (!points) {
      const a = shapes.get(f.source);
      const b = shapes.get(f.target);
      if (!a || !b) continue;
      points = [
        { x: a.x + a.width, y: a.y + a.height / 2 },
        { x: b.x, y: b.y + b.height / 2 },
      ];
    }
    const taken = finished.has(f.source) && (finished.has(f.target) || current.has(f.target));
    parts.push(
      `<polyline class="flow${taken ? ' finished' : ''}" data-element-id="${esc(f.id)}" points="${points.map((p) => `${p.x},${p.y}`).join(' ')}" fill="none" stroke="${taken ? '#52c41a' : '#555'}" stroke-width="${taken ? 2 : 1}" marker-end="url(#arrow)"/>`,
    );
  }
  for (const el of process.elements.values()) {
    const b = shapes.get(el.id);
    if (!b) continue;
    const state = current.has(el.id) ? 'current' : finished.has(el.id) ? 'finished' : '';
    const stroke = state === 'current' ? '#f5222d' : state === 'finished' ? '#52c41a' : '#333';
    const width = state ? 3 : 1.5;
    const attrs = `class="activity${state ? ` ${state}` : ''}" data-element-id="${esc(el.id)}" fill="#fff" stroke="${stroke}" stroke-width="${width}"`;
    if (el.type.endsWith('Event')) {
      parts.push(`<circle ${attrs} cx="${b.x + b.width / 2}" cy="${b.y + b.height / 2}" r="${Math.min(b.width, b.height) / 2}"/>`);
    } else if (el.type.endsWith('Gateway')) {
      const cx = b.x + b.width / 2;
      const cy = b.y + b.height / 2;
      parts.push(`<polygon ${attrs} points="${cx},${b.y} ${b.x + b.width},${cy} ${cx},${b.y + b.height} ${b.x},${cy}"/>`);
      parts.push(
        `<text x="${cx}" y="${cy + 5}" text-anchor="middle" font-size="14">${el.type === 'bpmn:ParallelGateway' ? '+' : el.type === 'bpmn:ExclusiveGateway' ? '×' : 'o'}</text>`,
      );
    } else {
      parts.push(`<rect ${attrs} x="${b.x}" y="${b.y}" width="${b.width}" height="${b.height}" rx="10"/>`);
    }
    if (el.name) {
      const below = el.type.endsWith('Event') || el.type.endsWith('Gateway');
      parts.push(
        `<text x="${b.x + b.width / 2}" y="${below ? b.y + b.height + 14 : b.y + b.height / 2 + 4}" text-anchor="middle" font-size="12">${esc(el.name)}</text>`,
      );
    }
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${maxX + 40}" height="${maxY + 40}" viewBox="0 0 ${maxX + 40} ${maxY + 40}"><defs><marker id="arrow" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="6" markerHeight="6" orient="auto"><path d="M0,0 L10,5 L0,10 z" fill="#555"/></marker></defs>${parts.join('')}</svg>`;
}
