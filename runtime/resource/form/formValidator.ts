/**
 * The record form's validator: @rjsf/validator-ajv8 on the project's Ajv with the project's
 * ajv-formats (the version the server uses; the validator package bundles an older one whose
 * `date-time` and `ipv4` differ), and the registry's annotation keywords. A format the
 * server checks (email, uri, date-time, ...) is checked alike in the form.
 */
import type { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { customizeValidator } from '@rjsf/validator-ajv8';
import type { JsonSchema } from '../../generated/resources.ts';
import type { AjvErrorLike } from './formErrors.ts';

// ajv-formats ships CommonJS with a default export.
const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

/** Keywords of the resource files that annotate and do not validate (schemas/registry/loadRegistry.ts). */
const ANNOTATION_KEYWORDS = ['x-dict', 'x-hash'];

export const formValidator = customizeValidator({
  ajvFormatOptions: false,
  ajvOptionsOverrides: { allowUnionTypes: true },
  extenderFn: (ajv) => {
    addFormats(ajv);
    for (const keyword of ANNOTATION_KEYWORDS) ajv.addKeyword({ keyword, schemaType: 'string' });
    return ajv;
  },
});

/** Validates `data` with `schema` (compiled once per schema object); the Ajv errors, none when valid. */
export function validateValues(schema: JsonSchema, data: Record<string, unknown>): AjvErrorLike[] {
  const { errors, validationError } = formValidator.rawValidation<AjvErrorLike>(schema, data);
  if (validationError) throw validationError;
  return errors ?? [];
}
