/**
 * The record form's state machine, without UI: the values, the client validation (every rule
 * of the record schema on the project's Ajv, x-notBefore included, and the confirm inputs),
 * the server's field errors and the submit. ResourceForm.tsx renders it with rjsf; a form
 * drawn another way can use it alike.
 *
 * - Values: kept in a ref and published to the FormStore (the widgets subscribe per field), so
 *   a change does not render the component that holds the hook; `version` changes only when
 *   the hook sets a value itself (setField), which the UI must then show.
 * - Validation: on submit, every field; afterwards a field that has shown an error is
 *   validated again on each change of it (or of its confirm entry).
 * - Server errors: translated by keyword with the fields' labels (formErrors.ts); one shows
 *   on its field until the field changes; those of fields the form does not let the user
 *   change are in `otherErrors`.
 */
import { useCallback, useMemo, useRef, useState } from 'react';
import type { ResourceRecord } from '../extensions.ts';
import { FormStore } from './formContext.ts';
import { formErrors, splitServerErrors, type ServerErrorSplit, type ServerFieldError, type Translate } from './formErrors.ts';
import type { FormPlan } from './formPlan.ts';
import { validateValues } from './formValidator.ts';
import { changedFields, initialFormData, valuesToSend, valuesToValidate } from './formValues.ts';

type FieldMessages = Readonly<Record<string, string>>;

const NO_ERRORS: FieldMessages = Object.freeze({});

export interface RecordFormOptions {
  plan: FormPlan;
  /** The record being edited or viewed; for create, optional initial values. */
  initial?: ResourceRecord;
  /** The server's field errors of the last refused submit. */
  serverErrors?: readonly ServerFieldError[];
  /** The resource's label keys (`labels.fields`), for errors of fields the form does not show. */
  labels?: Readonly<Record<string, string>>;
  /** t of the current language. */
  t: Translate;
  /** Called with the values to send (valuesToSend) after every change. */
  onChange?(values: ResourceRecord): void;
  /** Called with the values to send once client validation passes. */
  onSubmit(values: ResourceRecord): void;
}

export interface RecordForm {
  /** The form's store: its current values, per-field subscriptions, relation options. */
  store: FormStore;
  /** The current values (the form data, confirm entries included). */
  values(): ResourceRecord;
  /** Changes on each setField (the UI shows the new value); a plain change does not render. */
  version: number;
  /** Client errors by field, translated. */
  clientErrors: FieldMessages;
  /** Server errors of the form's editable fields still shown (not changed since), translated. */
  serverErrors: FieldMessages;
  /** Server errors naming no field the form lets the user change, translated. */
  otherErrors: ServerErrorSplit['other'];
  /** The whole form data after a change the UI has already shown (rjsf's onChange). */
  change(next: ResourceRecord): void;
  /** Sets one field's value (a widget changing another field, such as the mobile prefix). */
  setField(name: string, value: unknown): void;
  /**
   * Validates everything and, when valid, calls onSubmit with the values to send. Answers
   * the fields with an error in display order (the UI focuses the first); empty when sent.
   */
  submit(data?: ResourceRecord): string[];
}

export function useRecordForm(options: RecordFormOptions): RecordForm {
  const { plan, initial, serverErrors, labels, t } = options;
  const latest = useRef(options);
  latest.current = options;
  const [store] = useState(() => new FormStore());
  const valuesRef = useRef<ResourceRecord | undefined>(undefined);
  if (valuesRef.current === undefined) {
    valuesRef.current = initialFormData(plan, initial);
    store.publish(valuesRef.current);
  }
  const [version, setVersion] = useState(0);
  const [clientErrors, setClientErrors] = useState<FieldMessages>(NO_ERRORS);
  /** Fields that have shown a client error: validated again on each change. */
  const live = useRef(new Set<string>());
  /** Fields whose server error the user has since changed, for the current server answer. */
  const [dismissed, setDismissed] = useState<{ source: typeof serverErrors; fields: ReadonlySet<string> }>({
    source: serverErrors,
    fields: new Set(),
  });
  if (dismissed.source !== serverErrors) setDismissed({ source: serverErrors, fields: new Set() });

  const server = useMemo(() => splitServerErrors(t, plan, serverErrors, labels), [t, plan, serverErrors, labels]);
  const serverShown = useMemo(() => {
    const out: Record<string, string> = {};
    for (const [name, message] of Object.entries(server.byField)) if (!dismissed.fields.has(name)) out[name] = message;
    return out;
  }, [server, dismissed]);

  const validate = useCallback(
    (data: ResourceRecord) => {
      const values = valuesToValidate(plan, data);
      return formErrors(t, plan, validateValues(plan.validationSchema, values), values);
    },
    [plan, t],
  );

  /** After a change: revalidate the live fields it touched, drop their server errors, tell the owner. */
  const afterChange = useCallback(
    (changed: readonly string[], data: ResourceRecord) => {
      store.publish(data);
      if (changed.length === 0) return;
      const recheck = new Set<string>();
      for (const name of changed) {
        const field = plan.byName.get(name);
        for (const n of [name, field?.confirmField, field?.confirms]) if (n && live.current.has(n)) recheck.add(n);
      }
      if (recheck.size) {
        const found = validate(data);
        setClientErrors((prev) => {
          if ([...recheck].every((n) => prev[n] === found[n])) return prev;
          const next = { ...prev };
          for (const n of recheck) {
            if (found[n]) next[n] = found[n];
            else delete next[n];
          }
          return next;
        });
      }
      setDismissed((prev) => {
        const fresh = changed.filter((n) => n in server.byField && !prev.fields.has(n));
        return fresh.length ? { source: prev.source, fields: new Set([...prev.fields, ...fresh]) } : prev;
      });
      latest.current.onChange?.(valuesToSend(plan, data, latest.current.initial));
    },
    [plan, store, validate, server],
  );

  const change = useCallback(
    (next: ResourceRecord) => {
      const prev = valuesRef.current!;
      if (next === prev) return;
      valuesRef.current = next;
      afterChange(changedFields(prev, next), next);
    },
    [afterChange],
  );

  const setField = useCallback(
    (name: string, value: unknown) => {
      const next = { ...valuesRef.current };
      if (value === undefined) delete next[name];
      else next[name] = value;
      valuesRef.current = next;
      setVersion((v) => v + 1);
      afterChange([name], next);
    },
    [afterChange],
  );
  store.bindSetter(setField);

  const submit = useCallback(
    (data?: ResourceRecord) => {
      const values = data ?? valuesRef.current!;
      const found = validate(values);
      const names = Object.keys(found);
      for (const n of names) live.current.add(n);
      setClientErrors(names.length ? found : NO_ERRORS);
      if (names.length) {
        const ordered = plan.fields.filter((f) => f.name in found).map((f) => f.name);
        return [...ordered, ...names.filter((n) => !ordered.includes(n))];
      }
      latest.current.onSubmit(valuesToSend(plan, values, latest.current.initial));
      return [];
    },
    [validate, plan],
  );

  const values = useCallback(() => valuesRef.current!, []);
  return { store, values, version, clientErrors, serverErrors: serverShown, otherErrors: server.other, change, setField, submit };
}
