/** Fastify route schemas (query string and body) of the standard calls, from the resource file. */
import type { CallDef, FieldDef, JsonSchema, Resource } from '../../schemas/registry/types.ts';
import { MAX_PAGE_SIZE, harden } from '../../schemas/registry/limits.ts';
import { addBodySchema, updateBodySchema } from '../calls/validation.ts';
import { typeToConfirmField } from './typedConfirm.ts';

const MAX_FILTER_LENGTH = 1000;

/** Fields a list can be filtered and sorted by: every field that is not writeOnly. */
export function filterableFields(resource: Resource) {
  return resource.fields.filter((f) => !f.secret && f.type !== 'json');
}

/** The names of the search fields by a linked value (list.search with `link`): filters that are not fields. */
function linkSearchNames(resource: Resource): string[] {
  return [...resource.list.search.basic, ...resource.list.search.advanced].filter((s) => s.link).map((s) => s.field);
}

function pagingProperties(): Record<string, JsonSchema> {
  return {
    currentPage: { type: 'integer', minimum: 1, maximum: 1_000_000 },
    pageSize: { type: 'integer', minimum: 1, maximum: MAX_PAGE_SIZE },
    sorter: { type: 'string', pattern: '^[A-Za-z][A-Za-z0-9]*_(ascend|descend)$' },
  };
}

function listQuerySchema(resource: Resource): JsonSchema {
  const props = pagingProperties();
  for (const f of filterableFields(resource)) props[f.name] = { type: 'string', maxLength: MAX_FILTER_LENGTH };
  for (const name of linkSearchNames(resource)) props[name] = { type: 'string', maxLength: MAX_FILTER_LENGTH };
  return { type: 'object', additionalProperties: false, properties: props };
}

/** Body of the export calls: paging, sorter, filters and columns; the spreadsheet export also takes isTemplate. */
function exportBodySchema(resource: Resource, options: { template: boolean } = { template: true }): JsonSchema {
  const props = pagingProperties();
  for (const f of filterableFields(resource)) {
    props[f.name] = { type: ['string', 'number', 'boolean', 'null'], maxLength: MAX_FILTER_LENGTH };
  }
  for (const name of linkSearchNames(resource)) props[name] = { type: ['string', 'number', 'null'], maxLength: MAX_FILTER_LENGTH };
  if (options.template) props.isTemplate = { type: ['integer', 'string', 'boolean'], enum: [0, 1, '0', '1', true, false] };
  props.columns = { type: 'array', items: { type: 'string', maxLength: 100 }, maxItems: 200 };
  return { type: 'object', additionalProperties: false, properties: props };
}

/**
 * The field a delete may name records by instead of `id`: the key of a tree whose key is a
 * unique field of its own (regionCode of regions, menuCode of menus, postCode of posts).
 */
export function deleteKeyField(resource: Resource): FieldDef | undefined {
  const key = resource.list.tree?.keyField;
  if (!key || key === 'id') return undefined;
  if (!resource.storage.unique.some((set) => set.length === 1 && set[0] === key)) return undefined;
  return resource.fieldMap.get(key);
}

export function standardSchemas(call: CallDef, resource: Resource): { querystring?: JsonSchema; body?: JsonSchema } {
  const empty: JsonSchema = { type: 'object', additionalProperties: false, properties: {} };
  switch (call.verb) {
    case 'query':
      return { querystring: listQuerySchema(resource) };
    case 'tree':
      return { querystring: empty };
    case 'add':
      return { querystring: empty, body: addBodySchema(resource) };
    case 'update':
      return { querystring: empty, body: updateBodySchema(resource) };
    case 'delete': {
      const key = deleteKeyField(resource);
      const properties: Record<string, JsonSchema> = { id: { type: 'string', pattern: '^[1-9][0-9]{0,15}(,[1-9][0-9]{0,15}){0,999}$' } };
      if (key) properties[key.name] = { type: 'string', minLength: 1, maxLength: 1000 * ((key.schema.maxLength ?? 64) + 1) };
      // A delete confirmed by typing (typeToConfirm): the typed values, checked by the handler.
      const typed = typeToConfirmField(resource);
      if (typed) properties.confirm = { type: 'string', maxLength: 1000 * ((typed.schema.maxLength ?? 255) + 1) };
      return { querystring: { type: 'object', additionalProperties: false, ...(key ? {} : { required: ['id'] }), properties } };
    }
    case 'export':
      return { querystring: empty, body: harden(exportBodySchema(resource)) };
    case 'exportWord':
    case 'exportPdf':
      return { querystring: empty, body: harden(exportBodySchema(resource, { template: false })) };
    case 'import':
      // multipart/form-data, read by the handler (server-mock/crud/importXlsx.ts); async=1
      // answers at once with the import job (server-mock/crud/importJobs.ts)
      return {
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: {
            async: {
              type: 'string',
              enum: ['0', '1', 'true', 'false'],
              description: '1: answer at once with the import job; follow it with queryImportJob?id=',
            },
          },
        },
      };
    default:
      return {};
  }
}
