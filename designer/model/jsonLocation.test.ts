import { describe, expect, it } from 'vitest';
import { locatePointer, valueRanges } from './jsonLocation.ts';

describe('JSON locations', () => {
  const text = JSON.stringify({ resource: { name: 'A', 'a/b': [1, { c: 'x"y' }] }, messages: {} }, null, 2);
  const ranges = valueRanges(text);
  const at = (pointer: string) => {
    const r = locatePointer(ranges, pointer);
    return text.slice(r.start, r.end);
  };

  it('finds each value by its pointer, escaped tokens included', () => {
    expect(at('/resource/name')).toBe('"A"');
    expect(at('/resource/a~1b/0')).toBe('1');
    expect(at('/resource/a~1b/1/c')).toBe('"x\\"y"');
    expect(at('/messages')).toBe('{}');
    expect(at('')).toBe(text);
  });

  it('falls back to the nearest parent for a missing member', () => {
    expect(at('/resource/a~1b/1/missing')).toBe('{\n        "c": "x\\"y"\n      }');
  });
});
