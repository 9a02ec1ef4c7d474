/**
 * The record form validates as the server does: the same schema (resourceFormPlan.test.ts) with
 * the same Ajv formats. For random records of every resource, the fields the form refuses are
 * the fields the server's add call refuses (server-mock/calls/validation.ts), given what the
 * form would send.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { resources } from '../../../runtime/generated/resources.ts';
import { buildFormPlan, CONFIRM_SUFFIX, type FormPlan } from '../../../runtime/resource/form/formPlan.ts';
import { formErrors, type Translate } from '../../../runtime/resource/form/formErrors.ts';
import { validateValues } from '../../../runtime/resource/form/formValidator.ts';
import { valuesToSend, valuesToValidate } from '../../../runtime/resource/form/formValues.ts';
import { compileBody, fieldErrors, recordSchema } from '../../../server-mock/calls/validation.ts';
import { loadRegistry } from '../../../schemas/registry/loadRegistry.ts';

const registry = loadRegistry('schemas');
const NONE: ReadonlySet<string> = new Set();
const keyOnly: Translate = (key) => key;

function clientRefused(plan: FormPlan, data: Record<string, unknown>): string[] {
  const values = valuesToValidate(plan, data);
  return Object.keys(formErrors(keyOnly, plan, validateValues(plan.validationSchema, values), values))
    .filter((f) => !f.endsWith(CONFIRM_SUFFIX))
    .sort();
}

function serverRefused(resourceName: string, plan: FormPlan, data: Record<string, unknown>): string[] {
  const validate = compileBody(recordSchema(registry.byName.get(resourceName)!, { requireSecrets: true }));
  const record = valuesToSend(plan, data);
  if (validate(record)) return [];
  return fieldErrors(validate.errors)
    .map((e) => e.field)
    .filter((f) => plan.sent.includes(f))
    .sort();
}

const strings = [
  'a',
  'ab',
  'abc',
  'Hello',
  'bad name!',
  'user.name_1',
  'user@example.com',
  'not-an-email',
  'https://example.com/a',
  'example.com',
  '2026-01-02T03:04:05.000Z',
  '2026-01-02 03:04:05',
  '2026-13-02T03:04:05Z',
  '+86',
  '+12345',
  '13800000000',
  '12ab',
  'password,mobile',
  'password,nope',
  '/api/admin/x',
  'abc_def-1',
  'Abc',
  '123456',
  '1234567890123456789012',
  'x'.repeat(64),
  'x'.repeat(65),
  'x'.repeat(256),
];
const numbers = [0, 1, -1, 2, 59, 60, 100000, 100001, 31536000, 31536001, 1.5, 2 ** 53];
const anyValue = fc.oneof(
  { weight: 1, arbitrary: fc.constant(undefined) },
  { weight: 1, arbitrary: fc.constant('') },
  { weight: 6, arbitrary: fc.constantFrom(...strings) },
  { weight: 3, arbitrary: fc.constantFrom(...numbers) },
  { weight: 1, arbitrary: fc.boolean() },
);

describe('the form refuses what the server refuses', () => {
  const formResources = Object.values(resources).filter((r) => r.kind !== 'service' && r.form.create.length > 0);

  for (const meta of formResources) {
    it(`${meta.name}: random records`, () => {
      const plan = buildFormPlan(meta, 'create', NONE);
      const record = fc.record(Object.fromEntries(plan.sent.map((n) => [n, anyValue])), { requiredKeys: [] });
      fc.assert(
        fc.property(record, (data) => {
          const withConfirms: Record<string, unknown> = { ...data };
          for (const f of plan.fields) if (f.confirms) withConfirms[f.name] = data[f.confirms];
          expect(clientRefused(plan, withConfirms)).toEqual(serverRefused(meta.name, plan, withConfirms));
        }),
        { numRuns: 150, seed: 20260101 },
      );
    });
  }
});

describe('formats', () => {
  const schema = (format: string) => ({ type: 'object', properties: { v: { type: 'string', format } } });
  const refused = (format: string, value: string) => validateValues(schema(format), { v: value }).length > 0;
  const serverRefuses = (format: string, value: string) => !compileBody(schema(format))({ v: value });

  it('checks the formats the server checks, alike (ajv-formats of the project, not the validator’s own)', () => {
    const cases: [string, string][] = [
      ['email', 'a@b.co'],
      ['email', 'a@b'],
      ['email', 'no-at-sign'],
      ['uri', 'https://example.com/x?y=1'],
      ['uri', 'example.com'],
      ['date-time', '2026-01-02T03:04:05Z'],
      ['date-time', '2026-01-02 03:04:05Z'],
      ['date-time', '2026-01-02T03:04:05'],
      ['date-time', '2026-01-02T03:04:05+25:00'],
      ['date', '2026-02-30'],
      ['ipv4', '010.1.1.1'],
      ['hostname', 'host_name'],
    ];
    for (const [format, value] of cases) expect(refused(format, value), `${format} ${value}`).toBe(serverRefuses(format, value));
    expect(refused('email', 'no-at-sign')).toBe(true);
    // Accepted by the ajv-formats that @rjsf/validator-ajv8 bundles (2.x), refused by the server's (3.x).
    expect(refused('date-time', '2026-01-02T03:04:05+25:00')).toBe(true);
    expect(refused('ipv4', '010.1.1.1')).toBe(true);
  });
});
