/**
 * The record form's widget registry. A resource file names a widget per field
 * (`form.ui.<field>.widget`); the form looks the name up here first, then among its built-in
 * widgets (builtinWidgets.tsx). An implementer adds a widget, or replaces a built-in one, by
 * registering a component under the name at start-up:
 *
 *   registerFormWidget('colour', ColourWidget);
 *
 * A widget is an rjsf widget (WidgetProps of @rjsf/utils): it gets `value`, `onChange`,
 * `disabled`, `readonly`, `id` and the field's schema; `plannedFieldOf(props)` and
 * `formContextOf(props)` (formContext.ts) give the field's metadata and the form's context.
 */
import type { Widget } from '@rjsf/utils';

const widgets = new Map<string, Widget>();
const NAME = /^[A-Za-z][\w-]*$/;

/** Registers (or replaces) the widget shown for fields whose `ui.widget` is `name`. */
export function registerFormWidget(name: string, widget: Widget): void {
  if (!NAME.test(name)) throw new Error(`Invalid widget name "${name}": use letters, digits, "_" or "-", starting with a letter`);
  if (typeof widget !== 'function' && (typeof widget !== 'object' || widget === null)) {
    throw new Error(`The widget "${name}" must be a React component`);
  }
  widgets.set(name, widget);
}

/** The widget registered under `name`, if any. */
export function registeredFormWidget(name: string): Widget | undefined {
  return widgets.get(name);
}

export function unregisterFormWidget(name: string): void {
  widgets.delete(name);
}

export function registeredFormWidgetNames(): string[] {
  return [...widgets.keys()];
}
