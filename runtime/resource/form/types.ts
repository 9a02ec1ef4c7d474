/** The contract between the generic resource page and its record form. */
import type { ResourceMeta } from '../../generated/resources.ts';
import type { ResourceRecord } from '../extensions.ts';
import type { ServerFieldError } from './formErrors.ts';

export type FormMode = 'create' | 'edit' | 'view';

export interface ResourceFormProps {
  resource: ResourceMeta;
  mode: FormMode;
  /** The record being edited or viewed; for create, optional initial values (e.g. the filter tree's node). */
  initial?: ResourceRecord;
  /** Fields the user's data permission hides: never rendered, never sent. */
  hiddenFields: ReadonlySet<string>;
  /** Field errors from the server's 400/409 answer (`errors: [{field, keyword, params, message}]`), shown translated on their fields. */
  serverErrors?: readonly ServerFieldError[];
  /** Called with the record part to send (hidden, system and read-only-on-edit fields left out) once client validation passes. */
  onSubmit(values: ResourceRecord): void;
  /** Called on every change (the dialog uses it to mark the form dirty). */
  onChange?(values: ResourceRecord): void;
  /** The HTML id of the <form>, so a dialog's OK button can submit it with `form={id}`. */
  id: string;
  disabled?: boolean;
  /** Called with a field's name each time its row renders (tests and diagnostics). */
  onFieldRender?(name: string): void;
  /**
   * Moves on when messages only this form reads were added to the translator quietly (the
   * form designer's preview, its document's labels): the labels are read again, and only the
   * fields whose label changed draw again.
   */
  messagesVersion?: number;
  /**
   * With `messagesVersion`: the keys of the messages added since `version` (one this form was
   * drawn with), or undefined when they are not known. A field whose label key is not among them
   * keeps its label without reading it again.
   */
  messagesChangedSince?(version: number): ReadonlySet<string> | undefined;
}
