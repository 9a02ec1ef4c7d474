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
import type { FieldKind, FieldMeta, ResourceMeta } from '../../generated/resources.ts';
import { inferFieldKind } from '../../../schemas/registry/fieldKinds.ts';
import { fieldSchema } from '../meta.ts';
import { builtinFieldKinds } from './builtinKinds.tsx';
import { FieldSearchInput } from './searchInputs.tsx';
import type { FieldKindDefinition, SearchInputProps } from './types.ts';
import type { ComponentType } from 'react';

/** A kind as the table, the form and the search form use it: every part settled. */
export interface ResolvedFieldKind extends FieldKindDefinition {
  name: string;
  search: ComponentType<SearchInputProps>;
}

const registered = new Map<string, FieldKindDefinition>();
const NAME = /^[A-Za-z][\w-]*$/;

function isComponent(value: unknown): boolean {
  return typeof value === 'function' || (typeof value === 'object' && value !== null);
}

/** Registers (or replaces) the kind `name`: its form input, and optionally its cell and search input. */
export function registerFieldKind(name: FieldKind, kind: FieldKindDefinition): void {
  if (!NAME.test(name)) throw new Error(`Invalid field kind name "${name}": use letters, digits, "_" or "-", starting with a letter`);
  if (!isComponent(kind.input)) throw new Error(`The field kind "${name}" needs an input: a React component (an rjsf widget)`);
  for (const part of ['cell', 'search'] as const) {
    if (kind[part] !== undefined && !isComponent(kind[part])) throw new Error(`The ${part} of the field kind "${name}" must be a React component`);
  }
  registered.set(name, kind);
}

export function unregisterFieldKind(name: string): void {
  registered.delete(name);
}

/** The built-in kind `name` (to extend or wrap one when registering a replacement). */
export function builtinFieldKind(name: FieldKind): FieldKindDefinition {
  return builtinFieldKinds[name];
}

function definition(name: string): FieldKindDefinition | undefined {
  return registered.get(name) ?? (builtinFieldKinds as Readonly<Record<string, FieldKindDefinition>>)[name];
}

const warned = new Set<string>();

/** The kind of one field of a resource: its own, else (a kind the console lacks) the one its schema implies. */
export function fieldKindOf(resource: Pick<ResourceMeta, 'record' | 'relations'>, field: Pick<FieldMeta, 'name' | 'type' | 'kind'>): ResolvedFieldKind {
  let name: string = field.kind;
  let found = definition(name);
  if (!found) {
    if (!warned.has(name)) {
      warned.add(name);
      console.warn(`No field kind "${name}" is registered (field "${field.name}"); showing the kind its schema implies. Register one with registerFieldKind().`);
    }
    name = inferFieldKind(fieldSchema(resource, field.name), field.type, resource.relations[field.name]);
    found = definition(name) ?? builtinFieldKinds.text;
  }
  return { name, ...found, search: found.search ?? FieldSearchInput };
}
