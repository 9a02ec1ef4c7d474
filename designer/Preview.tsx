/**
 * The live preview: the console's own record form (runtime/resource/form/ResourceForm.tsx)
 * drawing the document's metadata, under a registry provider that holds the console's
 * resources plus the document, so the document renders as a file resource would (its
 * relations, dictionaries and validation included). The document's messages are added to the
 * translator quietly, under the document's own resource name (which no console resource may
 * have), and reach only the preview's form (`messagesVersion`): a label edit draws that field's
 * label again, not every translated text of the console.
 * A label's text reaches the form with the edit; new metadata (another field, a rule) is drawn
 * once the edits pause (useSettled), as starting a form of many fields again takes longer than a frame.
 */
import { memo, useCallback, useEffect, useMemo, useRef, useState, useTransition } from 'react';
import { Alert, Button } from 'antd';
import ResourceForm from '../runtime/resource/form/ResourceForm.tsx';
import { RegistryProvider, type Registry } from '../runtime/resource/registryContext.tsx';
import type { ResourceMeta } from '../runtime/generated/resources.ts';
import { translator, type TFunction } from '../runtime/i18n/translator.ts';
import { toastSuccess } from '../runtime/feedback/feedback.ts';
import { LOCALES, type DesignDocument, type MessageTree } from './model/designDocument.ts';

const NO_HIDDEN: ReadonlySet<string> = new Set();
/** How long new metadata must stay before the preview's form starts again with it. */
const SETTLE_MS = 80;

/**
 * The metadata the preview draws: new metadata (a field added, a rule changed, an undo) starts
 * the record form again, which takes longer than a frame for a form of many fields. So it is
 * taken once it has stayed SETTLE_MS (Ctrl+Z held down changes it on every key: only the last
 * one is drawn), and drawn as a transition, which the next edit interrupts. The first is taken at once.
 */
function useSettled(meta: ResourceMeta | undefined): ResourceMeta | undefined {
  const [settled, setSettled] = useState(meta);
  const [, startTransition] = useTransition();
  if (settled === undefined && meta !== undefined) setSettled(meta);
  useEffect(() => {
    if (meta === settled || meta === undefined) return;
    const timer = setTimeout(() => startTransition(() => setSettled(meta)), SETTLE_MS);
    return () => clearTimeout(timer);
  }, [meta, settled]);
  return settled ?? meta;
}
const PREVIEW_FORM_ID = 'designer-preview-form';

/**
 * The messages of `next` that `before` does not hold: its texts that changed, under the objects
 * that are not the same (an edit copies only the objects above the text it changes). The
 * translator merges them, as it would the whole tree, and a label keystroke adds one text.
 */
function changedMessages(before: MessageTree | undefined, next: MessageTree): MessageTree | undefined {
  if (before === next) return undefined;
  if (!before) return next;
  let changed: MessageTree | undefined;
  for (const [key, value] of Object.entries(next)) {
    const old = before[key];
    const entry = typeof value === 'string' || typeof old !== 'object' ? (value === old ? undefined : value) : changedMessages(old, value);
    if (entry !== undefined) (changed ??= {})[key] = entry;
  }
  return changed;
}

/** The keys of the texts under `tree` ("resources.Supplier.fields.code"), into `keys`. */
function messageKeys(tree: MessageTree, keys: Set<string>, prefix = ''): void {
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') keys.add(prefix + key);
    else messageKeys(value, keys, `${prefix}${key}.`);
  }
}

/** Versions of the messages whose added keys the preview remembers (messagesChangedSince). */
const KEPT_VERSIONS = 32;

export const Preview = memo(function Preview({
  doc,
  meta,
  stale,
  known,
  t,
}: {
  doc: DesignDocument;
  meta: ResourceMeta | undefined;
  stale: boolean;
  known: Registry;
  t: TFunction;
}) {
  const shown = useSettled(meta);
  const registry = useMemo<Registry>(() => (shown ? { ...known, [shown.name]: shown } : known), [known, shown]);
  const messages = doc.messages;
  // The document's messages are added quietly, before the form draws with them: the preview's
  // form reads its labels again (messagesVersion), and the console's other texts stay drawn.
  // Only the languages whose messages changed are added (a label edit changes one).
  const added = useRef<Partial<DesignDocument['messages']>>({});
  // The keys each version added, so that the form reads again only the labels that changed.
  const scope = useRef(0);
  const log = useRef<{ version: number; keys: Set<string> }[]>([]);
  const scopeVersion = useMemo(() => {
    const keys = new Set<string>();
    for (const l of LOCALES) {
      const changed = changedMessages(added.current[l], messages[l] ?? {});
      added.current[l] = messages[l];
      if (!changed) continue;
      translator.addMessages(l, changed, true, true);
      messageKeys(changed, keys);
    }
    const version = ++scope.current;
    log.current = [...log.current.slice(1 - KEPT_VERSIONS), { version, keys }];
    return version;
  }, [messages]);
  const changedSince = useCallback((version: number): ReadonlySet<string> | undefined => {
    const entries = log.current;
    if (!entries[0] || entries[0].version > version + 1) return undefined;
    const keys = new Set<string>();
    for (const entry of entries) if (entry.version > version) for (const key of entry.keys) keys.add(key);
    return keys;
  }, []);
  return (
    <div className="designer-preview" data-testid="designer-preview">
      <div className="designer-panel-title">{t('designer.preview')}</div>
      {stale && <Alert type="warning" showIcon title={t('designer.previewProblems')} />}
      {shown && (
        <RegistryProvider registry={registry}>
          <ResourceForm
            resource={shown}
            mode="create"
            hiddenFields={NO_HIDDEN}
            id={PREVIEW_FORM_ID}
            messagesVersion={scopeVersion}
            messagesChangedSince={changedSince}
            onSubmit={() => toastSuccess(t('designer.previewValid'))}
          />
          <Button htmlType="submit" form={PREVIEW_FORM_ID} type="primary">
            {t('designer.previewCheck')}
          </Button>
        </RegistryProvider>
      )}
    </div>
  );
});
