/**
 * fileTypes.ts: the types of the files under schemas/ as written (ResourceFile, MenuFile and
 * their parts), compiled by json-schema-to-typescript from the meta-schemas that check them
 * (resource.schema.json, menu.schema.json). Each part is named by its `title` there.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compile, type JSONSchema } from 'json-schema-to-typescript';
import { generatedFile } from './tsSource.ts';

/** The meta-schemas, in the order their types are printed. */
const META_SCHEMAS = ['resource.schema.json', 'menu.schema.json'] as const;

/**
 * Keywords that say nothing about a file's shape in TypeScript: conditions between members
 * (allOf of if/then, not), name patterns, comments and the schema's own identifiers.
 */
const CONDITION_KEYWORDS = new Set(['allOf', 'if', 'then', 'else', 'not', 'propertyNames', '$comment', '$id', '$schema']);
/** Keywords whose value is a map of names to schemas (names are not keywords: a property "$schema" stays). */
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', 'definitions']);
/** Keywords holding data, not schemas. */
const DATA_KEYWORDS = new Set(['enum', 'const', 'default', 'examples']);

/** A meta-schema without the keywords json-schema-to-typescript would turn into noise. */
function shapeOnly(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(shapeOnly);
  if (schema === null || typeof schema !== 'object') return schema;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (SCHEMA_MAPS.has(key) && value && typeof value === 'object') {
      out[key] = Object.fromEntries(Object.entries(value).map(([name, sub]) => [name, shapeOnly(sub)]));
    } else if (!CONDITION_KEYWORDS.has(key)) {
      out[key] = DATA_KEYWORDS.has(key) ? value : shapeOnly(value);
    }
  }
  return out;
}

const COMPILE_OPTIONS = {
  bannerComment: '',
  unknownAny: true,
  strictIndexSignatures: false,
  format: false,
};

/** Generate fileTypes.ts from the meta-schemas of a schemas directory. */
export async function emitFileTypes(schemasDir: string): Promise<string> {
  const parts: string[] = [];
  for (const file of META_SCHEMAS) {
    const schema = JSON.parse(readFileSync(join(schemasDir, file), 'utf8')) as { title?: string };
    const code = await compile(shapeOnly(schema) as JSONSchema, schema.title ?? file, COMPILE_OPTIONS);
    parts.push(`// ${file}\n${code.trim()}`);
  }
  return generatedFile(parts.join('\n\n'));
}
