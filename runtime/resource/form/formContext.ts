/**
 * What every template and widget of one record form shares, through rjsf's formContext. The
 * context object only changes with the resource, mode, layout or language, so that a keystroke
 * never re-renders the other fields. Values a widget needs from another field (the mobile
 * widget's country code) and the relation options come from the form's FormStore, which a
 * widget subscribes to per field.
 */
import { useSyncExternalStore } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import type { ResourceMeta } from '../../generated/resources.ts';
import type { ResourceRecord } from '../extensions.ts';
import type { FormPlan, PlannedField } from './formPlan.ts';
import type { Translate } from './formErrors.ts';
import type { OptionNode } from './relationOptions.ts';
import type { FormMode } from './types.ts';

export class FormStore {
  private values: ResourceRecord = {};
  private readonly listeners = new Map<string, Set<() => void>>();
  private readonly options = new Map<string, Promise<OptionNode[]>>();
  private setter: (name: string, value: unknown) => void = () => undefined;

  get(name: string): unknown {
    return this.values[name];
  }

  subscribe(name: string, listener: () => void): () => void {
    let set = this.listeners.get(name);
    if (!set) this.listeners.set(name, (set = new Set()));
    set.add(listener);
    return () => set.delete(listener);
  }

  /** The form's current data; listeners of the fields that changed are told. */
  publish(values: ResourceRecord): void {
    const before = this.values;
    this.values = values;
    for (const [name, set] of this.listeners) {
      if (!Object.is(before[name], values[name])) for (const listener of set) listener();
    }
  }

  /** Changes another field's value (the form installs the setter). */
  setField(name: string, value: unknown): void {
    this.setter(name, value);
  }

  bindSetter(setter: (name: string, value: unknown) => void): void {
    this.setter = setter;
  }

  /** A relation's options, loaded once per form; a failed load is forgotten so that it can be retried. */
  relationOptions(key: string, load: () => Promise<OptionNode[]>): Promise<OptionNode[]> {
    let pending = this.options.get(key);
    if (!pending) {
      pending = load();
      this.options.set(key, pending);
      pending.catch(() => this.options.delete(key));
    }
    return pending;
  }
}

/** Subscribes a widget to one field's value. */
export function useStoreValue(store: FormStore, name: string | undefined): unknown {
  return useSyncExternalStore(
    (listener) => (name ? store.subscribe(name, listener) : () => undefined),
    () => (name ? store.get(name) : undefined),
  );
}

export interface ResourceFormContext {
  resource: ResourceMeta;
  mode: FormMode;
  plan: FormPlan;
  store: FormStore;
  layout: 'horizontal' | 'vertical';
  /** t of the current language. */
  t: Translate;
  /** A translation, or undefined when no locale has the key. */
  labelOf: (key: string) => string | undefined;
  /** The values of a dictionary type (the keys of `dict.<type>` in the schema locale files). */
  dictValues: (dict: string) => readonly string[];
  /** The record the form started from (labels of relation values before their options load). */
  initial?: Readonly<ResourceRecord>;
  /** Called with a field's name each time its row renders (tests and diagnostics). */
  onFieldRender?: (name: string) => void;
}

/** The option key of ui:options carrying the planned field to its templates and widgets. */
export const FIELD_OPTION = 'resourceField';

/** The form's shared context, from a widget's or template's registry. */
export function formContextOf(props: { registry: { formContext?: unknown } }): ResourceFormContext {
  return props.registry.formContext as ResourceFormContext;
}

/** The planned field a widget renders. */
export function plannedFieldOf(
  props: Pick<WidgetProps, 'options' | 'name'> & { registry: { formContext?: unknown } },
): PlannedField | undefined {
  const fromOptions = (props.options as Record<string, unknown>)[FIELD_OPTION] as PlannedField | undefined;
  return fromOptions ?? formContextOf(props).plan.byName.get(props.name);
}

/** The id of a field's messages (templates.tsx), which its input names in aria-describedby: rjsf's `<id>__error`. */
export const errorIdOf = (id: string) => `${id}__error`;
