/** Which component shows a planned field: the widget registered under its name, else the built-in one. */
import type { Widget } from '@rjsf/utils';
import { builtinWidgets } from './builtinWidgets.tsx';
import { defaultWidget, type PlannedField } from './formPlan.ts';
import { registeredFormWidget } from './widgets.ts';

const warned = new Set<string>();

/**
 * The component of a field's widget. A name neither registered nor built in (a resource file
 * naming a widget the console does not have) falls back to the field's default widget, with a
 * warning in the console naming the field.
 */
export function resolveWidget(field: Pick<PlannedField, 'name' | 'widget' | 'schema' | 'type' | 'relation'>): Widget {
  const found = registeredFormWidget(field.widget) ?? builtinWidgets[field.widget];
  if (found) return found;
  if (!warned.has(field.widget)) {
    warned.add(field.widget);
    console.warn(`Resource form: no widget named "${field.widget}" (field "${field.name}"); showing the default widget. Register one with registerFormWidget().`);
  }
  return builtinWidgets[defaultWidget(field.schema, field.type, field.relation)] ?? builtinWidgets.text!;
}
