// @vitest-environment happy-dom
/**
 * The field-kind registry: one registration of a kind reaches the table cell, the record form
 * and the search form of every field of that kind; a kind the console lacks shows as the kind
 * its schema implies; every kind the resource files may name is built in.
 */
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { WidgetProps } from '@rjsf/utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FieldKind, FieldMeta, ResourceMeta } from '../../generated/resources.ts';
import metaSchema from '../../../schemas/resource.schema.json';
import { buildColumns, detailFields } from '../columns.ts';
import { renderCell } from '../cells.tsx';
import ResourceForm from '../form/ResourceForm.tsx';
import { RegistryProvider } from '../registryContext.tsx';
import SearchForm from '../SearchForm.tsx';
import { builtinFieldKinds } from './builtinKinds.tsx';
import { builtinFieldKind, fieldKindOf, registerFieldKind, unregisterFieldKind } from './registry.ts';
import type { CellProps, SearchInputProps } from './types.ts';

/** A project's own kind: resource.schema.json would list it in definitions.fieldKind. */
const COLOUR = 'colour' as FieldKind;

function field(name: string, type: FieldMeta['type'], kind: FieldKind): FieldMeta {
  return { name, type, kind, required: false, system: false, secret: false, label: `resources.Theme.fields.${name}` };
}

/** A resource with one field of the colour kind beside a plain text field. */
const theme: ResourceMeta = {
  name: 'Theme',
  service: 'test',
  path: 'theme',
  kind: 'entity',
  scope: 'tenant',
  labels: { title: 'resources.Theme.title', fields: { name: 'resources.Theme.fields.name', accent: 'resources.Theme.fields.accent' } },
  record: {
    type: 'object',
    additionalProperties: false,
    properties: { name: { type: 'string', maxLength: 64 }, accent: { type: 'string', pattern: '^#[0-9a-f]{6}$', 'x-kind': 'colour' } },
  },
  fields: [field('name', 'string', 'text'), field('accent', 'string', COLOUR)],
  list: {
    rowKey: 'id',
    mode: 'flat',
    pageSize: 10,
    defaultSort: 'name_ascend',
    columns: [{ field: 'name' }, { field: 'accent' }],
    search: { basic: [{ field: 'accent', match: 'exact' }], advanced: [] },
  },
  form: { order: ['name', 'accent'], create: ['name', 'accent'], edit: ['name', 'accent'], readOnlyOnEdit: [], ui: {} },
  actions: [],
  relations: {},
  calls: [],
};

function ColourCell({ value, place }: CellProps) {
  return <span data-testid={`swatch-${place}`} data-colour={String(value)} />;
}

function ColourInput(props: WidgetProps) {
  return (
    <input
      id={props.id}
      type="color"
      aria-label="accent colour"
      value={(props.value as string) ?? '#000000'}
      onChange={(e) => props.onChange(e.target.value)}
    />
  );
}

function ColourSearch({ id, value, onChange, label }: SearchInputProps) {
  return (
    <input
      id={id}
      type="color"
      aria-label={`${label} colour search`}
      value={(value as string) ?? '#000000'}
      onChange={(e) => onChange?.(e.target.value)}
    />
  );
}

afterEach(() => {
  cleanup();
  unregisterFieldKind(COLOUR);
  unregisterFieldKind('text');
});

describe('one registration', () => {
  it('gives the kind its table cell, its detail value, its form input and its search input', async () => {
    registerFieldKind(COLOUR, { cell: ColourCell, input: ColourInput, search: ColourSearch });
    const record = { id: 1, name: 'Dark', accent: '#112233' };

    // The table cell and the detail view.
    const column = buildColumns(theme).find((c) => c.field === 'accent')!;
    const detail = detailFields(theme).find((c) => c.field === 'accent')!;
    render(
      <div>
        {renderCell(theme, column, record)}
        {renderCell(theme, detail, record, 'detail')}
      </div>,
    );
    expect(screen.getByTestId('swatch-list').dataset.colour).toBe('#112233');
    expect(screen.getByTestId('swatch-detail').dataset.colour).toBe('#112233');
    cleanup();

    // The record form: the kind's input edits the value the form sends.
    const onSubmit = vi.fn();
    render(
      <RegistryProvider registry={{ Theme: theme }}>
        <ResourceForm resource={theme} mode="create" hiddenFields={new Set()} id="theme-form" onSubmit={onSubmit} />
      </RegistryProvider>,
    );
    const input = await screen.findByLabelText('accent colour');
    fireEvent.change(input, { target: { value: '#abcdef' } });
    await act(async () => {
      fireEvent.submit(document.getElementById('theme-form')!);
    });
    expect(onSubmit).toHaveBeenCalledWith({ accent: '#abcdef' });
    cleanup();

    // The search form: the kind's search input gives the value searched for.
    const onSearch = vi.fn();
    render(<SearchForm resource={theme} fields={theme.list.search} canQuery onSearch={onSearch} onReset={() => undefined} />);
    const search = within(screen.getByRole('search')).getByLabelText(/colour search$/);
    fireEvent.change(search, { target: { value: '#445566' } });
    await act(async () => {
      fireEvent.submit(search.closest('form')!);
    });
    await vi.waitFor(() => expect(onSearch).toHaveBeenCalledWith({ accent: '#445566' }));
  });

  it('replaces a built-in kind of the same name, and may keep its other parts', () => {
    const text = builtinFieldKind('text');
    registerFieldKind('text', { ...text, input: ColourInput });
    const resolved = fieldKindOf(theme, theme.fields[0]!);
    expect(resolved.input).toBe(ColourInput);
    expect(resolved.search).toBe(fieldKindOf(theme, field('other', 'string', 'textarea')).search);
    unregisterFieldKind('text');
    expect(fieldKindOf(theme, theme.fields[0]!).input).toBe(text.input);
  });

  it('refuses a bad name or parts that are not components, and registers nothing', () => {
    expect(() => registerFieldKind('my kind' as FieldKind, { input: ColourInput })).toThrow('Invalid field kind name "my kind"');
    expect(() => registerFieldKind(COLOUR, { input: 'ColourInput' as never })).toThrow('The field kind "colour" needs an input');
    expect(() => registerFieldKind(COLOUR, { input: ColourInput, cell: 3 as never })).toThrow(
      'The cell of the field kind "colour" must be a React component',
    );
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(fieldKindOf(theme, theme.fields[1]!).name).toBe('text');
    warn.mockRestore();
  });
});

describe('a kind nobody registered', () => {
  it('shows as the kind the field’s schema implies, with one warning naming the field', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const relation: ResourceMeta = { ...theme, relations: { owner: { resource: 'User', valueField: 'id', labelField: 'name' } } };
    const picker = 'userPicker' as FieldKind;
    expect(fieldKindOf(relation, field('owner', 'integer', picker))).toMatchObject({
      name: 'relation',
      input: builtinFieldKinds.relation.input,
    });
    expect(fieldKindOf(relation, field('count', 'integer', picker))).toMatchObject({
      name: 'number',
      input: builtinFieldKinds.number.input,
    });
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]![0])).toContain('No field kind "userPicker" is registered (field "owner")');
    warn.mockRestore();
  });
});

describe('built-in kinds', () => {
  it('cover every kind the resource files may name (definitions.fieldKind of resource.schema.json)', () => {
    expect(Object.keys(builtinFieldKinds).sort()).toEqual([...metaSchema.definitions.fieldKind.enum].sort());
  });
});
