/**
 * Where a JSON pointer's value is in a JSON text, so the JSON view can mark a problem at its
 * place: a small scanner of the text (already known to parse) that records each value's
 * start and end offsets by pointer. Pure.
 */

export interface TextRange {
  start: number;
  end: number;
}

function escapeToken(token: string): string {
  return token.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** Offsets of every value of `text` by JSON pointer ("" is the whole document). */
export function valueRanges(text: string): Map<string, TextRange> {
  const out = new Map<string, TextRange>();
  let i = 0;
  const ws = () => {
    while (i < text.length && /\s/.test(text[i]!)) i++;
  };
  const str = (): string => {
    const start = i;
    i++;
    while (i < text.length && text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
    i++;
    return JSON.parse(text.slice(start, i)) as string;
  };
  const value = (pointer: string): void => {
    ws();
    const start = i;
    const c = text[i];
    if (c === '{') {
      i++;
      ws();
      while (text[i] !== '}' && i < text.length) {
        ws();
        const key = str();
        ws();
        i++; // :
        value(`${pointer}/${escapeToken(key)}`);
        ws();
        if (text[i] === ',') i++;
        ws();
      }
      i++;
    } else if (c === '[') {
      i++;
      ws();
      let n = 0;
      while (text[i] !== ']' && i < text.length) {
        value(`${pointer}/${n++}`);
        ws();
        if (text[i] === ',') i++;
        ws();
      }
      i++;
    } else if (c === '"') {
      str();
    } else {
      while (i < text.length && !/[\s,\]}]/.test(text[i]!)) i++;
    }
    out.set(pointer, { start, end: i });
  };
  value('');
  return out;
}

/** The range of the value at `pointer`, else of its nearest parent that exists. */
export function locatePointer(ranges: ReadonlyMap<string, TextRange>, pointer: string): TextRange {
  let p = pointer;
  for (;;) {
    const found = ranges.get(p);
    if (found) return found;
    if (p === '') return { start: 0, end: 0 };
    p = p.slice(0, p.lastIndexOf('/'));
  }
}
