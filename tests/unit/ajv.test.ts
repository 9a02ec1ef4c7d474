/**
 * The project's one Ajv set-up (schemas/registry/ajv.ts): the x-notBefore keyword on
 * date-times, dates and numbers, its error (keyword, params, message), and the same verdict
 * from the server's body validator and the console's form validator.
 */
import { describe, expect, it } from 'vitest';
import type { JsonSchema } from '../../schemas/registry/types.ts';
import { createAjv } from '../../schemas/registry/ajv.ts';
import { compileBody } from '../../server-mock/calls/validation.ts';
import { validateValues } from '../../runtime/resource/form/formValidator.ts';

const period = (type: JsonSchema): JsonSchema => ({
  type: 'object',
  properties: { start: type, end: { ...type, 'x-notBefore': 'start' } },
});

describe('x-notBefore', () => {
  const ajv = createAjv();

  it('refuses an end before its start: date-time, date, integer', () => {
    const cases: [JsonSchema, unknown, unknown][] = [
      [{ type: 'string', format: 'date-time' }, '2026-04-10T00:00:00Z', '2026-04-09T23:59:59Z'],
      [{ type: 'string', format: 'date-time' }, '2026-04-10T08:00:00+08:00', '2026-04-09T23:59:59Z'],
      [{ type: 'string', format: 'date' }, '2026-04-10', '2026-04-09'],
      [{ type: 'integer' }, 10, 9],
    ];
    for (const [type, start, end] of cases) {
      const validate = ajv.compile(period(type));
      expect(validate({ start, end }), JSON.stringify({ start, end })).toBe(false);
      expect(validate.errors).toEqual([
        expect.objectContaining({
          keyword: 'x-notBefore',
          instancePath: '/end',
          params: { otherField: 'start' },
          message: 'must not be before start',
        }),
      ]);
      expect(validate({ start, end: start })).toBe(true);
    }
  });

  it('accepts when either value is missing, null or not a point in time (the other keywords report that)', () => {
    const validate = ajv.compile(period({ type: ['string', 'null'], format: 'date-time' }));
    for (const data of [{ end: '2026-01-01T00:00:00Z' }, { start: '2026-01-01T00:00:00Z' }, { start: null, end: '2026-01-01T00:00:00Z' }]) {
      expect(validate(data), JSON.stringify(data)).toBe(true);
    }
    expect(validate({ start: '2026-01-01T00:00:00Z', end: 'soon' })).toBe(false);
    expect(validate.errors!.map((e) => e.keyword)).toEqual(['format']);
  });

  it('is checked alike by the server and by the record form', () => {
    const schema: JsonSchema = { ...period({ type: 'string', format: 'date-time' }), additionalProperties: false };
    const backwards = { start: '2026-04-10T00:00:00Z', end: '2026-04-09T00:00:00Z' };
    const server = compileBody(schema);
    expect(server(backwards)).toBe(false);
    const form = validateValues(schema, backwards);
    expect(form.map((e) => [e.keyword, e.instancePath, e.params])).toEqual(
      server.errors!.map((e) => [e.keyword, e.instancePath, e.params]),
    );
  });
});
