// The bounds the server and the record form both apply (schemas/registry/limits.ts).
import { describe, expect, it } from 'vitest';
import { harden, MAX_ITEMS, MAX_SAFE, MAX_TEXT_LENGTH } from '../../schemas/registry/limits.ts';

describe('harden()', () => {
  it('bounds numbers, text and arrays where the schema sets no bound', () => {
    expect(harden({ type: 'string' })).toEqual({ type: 'string', maxLength: MAX_TEXT_LENGTH });
    expect(harden({ type: 'integer' })).toEqual({ type: 'integer', minimum: -MAX_SAFE, maximum: MAX_SAFE });
    expect(harden({ type: ['number', 'null'], minimum: 0 })).toEqual({ type: ['number', 'null'], minimum: 0, maximum: MAX_SAFE });
    expect(harden({ type: 'array', items: { type: 'string' } })).toEqual({
      type: 'array',
      items: { type: 'string', maxLength: MAX_TEXT_LENGTH },
      maxItems: MAX_ITEMS,
    });
  });

  it('keeps the bounds a schema sets, and hardens nested properties without changing its input', () => {
    const schema = {
      type: 'object' as const,
      properties: { a: { type: 'integer' as const, maximum: 9 }, b: { type: 'string' as const, maxLength: 3 } },
    };
    expect(harden(schema)).toEqual({
      type: 'object',
      properties: { a: { type: 'integer', maximum: 9, minimum: -MAX_SAFE }, b: { type: 'string', maxLength: 3 } },
    });
    expect(schema.properties.a).toEqual({ type: 'integer', maximum: 9 });
  });
});
