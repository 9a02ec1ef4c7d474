/**
 * The record form's validator: @rjsf/validator-ajv8 on the project's Ajv set-up
 * (schemas/registry/ajv.ts, the server's own): the same options, the project's ajv-formats
 * (the validator package bundles an older one whose `date-time` and `ipv4` differ) and the
 * resource files' keywords, x-notBefore included. A rule the server checks in the record
 * schema (formats, patterns, an end before its start, ...) is checked alike in the form.
 */
import type { Ajv } from 'ajv';
import { customizeValidator } from '@rjsf/validator-ajv8';
import { AJV_OPTIONS, addProjectVocabulary } from '../../../schemas/registry/ajv.ts';
import type { JsonSchema } from '../../generated/resources.ts';
import type { AjvErrorLike } from './formErrors.ts';

export const formValidator = customizeValidator({
  ajvFormatOptions: false,
  ajvOptionsOverrides: AJV_OPTIONS,
  // rjsf builds its Ajv (its own copy of the package's types): the project's formats and keywords go onto it.
  extenderFn: (ajv) => addProjectVocabulary(ajv as unknown as Ajv) as unknown as typeof ajv,
});

/** Validates `data` with `schema` (compiled once per schema object); the Ajv errors, none when valid. */
export function validateValues(schema: JsonSchema, data: Record<string, unknown>): AjvErrorLike[] {
  const { errors, validationError } = formValidator.rawValidation<AjvErrorLike>(schema, data);
  if (validationError) throw validationError;
  return errors ?? [];
}
