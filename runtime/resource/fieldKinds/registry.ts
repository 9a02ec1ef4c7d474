/**
 * The field-kind registry: one registration of a kind gives every field of that kind its table
 * cell, its record-form input and its search-form input. A field's kind is `x-kind` of its
 * record property, else inferred from its schema (schemas/registry/fieldKinds.ts); the
 * generated metadata carries it as `FieldMeta.kind`. The built-in kinds are builtinKinds.tsx.
 *
 * A project adds a kind by naming it in `definitions.fieldKind` of resource.schema.json (so
 * that the resource files' check knows it) and registering it at start-up:
 *
 *   registerFieldKind('colour', { input: ColourWidget, cell: ColourCell, search: ColourSearch });
 *
 * A registered name replaces the built-in kind of that name. A kind nobody registered shows as
 * the kind inferred from the field's schema, with a warning in the browser console.
 */
import type { ComponentType } from 'react';
import type { FieldKind, FieldMeta, ResourceMeta } from '../../generated/resources.ts';
import { inferFieldKind } from '../../../schemas/registry/fieldKinds.ts';
import { fieldSchema } from '../meta.ts';
import { builtinFieldKinds } from './builtinKinds.tsx';
import { FieldSearchInput } from './searchInputs.tsx';
import type { FieldKindDefinition, SearchInputProps } from './types.ts';

/** A kind as the table, the form and the search form use it: every part settled. */
export interface ResolvedFieldKind extends FieldKindDefinition {
  name: string;
  search: ComponentType<SearchInputProps>;
}

const registered = new Map<string, FieldKindDefinition>();
/** Kinds resolved so far (every table cell asks), forgotten when a registration changes. */
const resolved = new Map<string, ResolvedFieldKind>();
const NAME = /^[A-Za-z][\w-]*$/;

function isComponent(value: unknown): boolean {
  return typeof value === 'function' || (typeof value === 'object' && value !== null);
}

/** Registers (or replaces) the kind `name`: its form input, and optionally its cell and search input. */
export function registerFieldKind(name: FieldKind, kind: FieldKindDefinition): void {
  if (!NAME.test(name)) throw new Error(`Invalid field kind name "${name}": use letters, digits, "_" or "-", starting with a letter`);
  if (!isComponent(kind.input)) throw new Error(`The field kind "${name}" needs an input: a React component (an rjsf widget)`);
  for (const part of ['cell', 'search'] as const) {
    if (kind[part] !== undefined && !isComponent(kind[part]))
      throw new Error(`The ${part} of the field kind "${name}" must be a React component`);
  }
  registered.set(name, kind);
  resolved.clear();
}

export function unregisterFieldKind(name: string): void {
  registered.delete(name);
  resolved.clear();
}

/** The built-in kind `name` (to extend or wrap one when registering a replacement). */
export function builtinFieldKind(name: FieldKind): FieldKindDefinition {
  return builtinFieldKinds[name];
}

function resolve(name: string): ResolvedFieldKind | undefined {
  let kind = resolved.get(name);
  if (kind) return kind;
  const found = registered.get(name) ?? (Object.hasOwn(builtinFieldKinds, name) ? builtinFieldKinds[name as FieldKind] : undefined);
  if (!found) return undefined;
  kind = { name, ...found, search: found.search ?? FieldSearchInput };
  resolved.set(name, kind);
  return kind;
}

const warned = new Set<string>();

/** The kind of one field of a resource: its own, else (a kind the console lacks) the one its schema implies. */
export function fieldKindOf(
  resource: Pick<ResourceMeta, 'record' | 'relations'>,
  field: Pick<FieldMeta, 'name' | 'type' | 'kind'>,
): ResolvedFieldKind {
  const own = resolve(field.kind);
  if (own) return own;
  if (!warned.has(field.kind)) {
    warned.add(field.kind);
    console.warn(
      `No field kind "${field.kind}" is registered (field "${field.name}"); showing the kind its schema implies. Register one with registerFieldKind().`,
    );
  }
  return resolve(inferFieldKind(fieldSchema(resource, field.name), field.type, resource.relations[field.name])) ?? resolve('text')!;
}
