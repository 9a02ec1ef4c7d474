/**
 * The JSON view of the document in Monaco (monaco-editor, bundled from the console's own
 * files with its workers: no CDN). Loaded only when the view is opened. The text follows the
 * document (an edit elsewhere, an undo) unless the user is editing it; what the user types is
 * parsed and checked on each change (JSON syntax, the document's shape, the meta-schema and
 * the registry's checks, checkDocument.ts) and applied as one step only when it has no
 * problem; problems are marked at their place and listed. While another tab is shown, the text
 * is left as it is and takes the document when the view is shown again.
 */
import { useEffect, useRef, useState } from 'react';
import { Alert } from 'antd';
import * as monaco from 'monaco-editor/editor/editor.api.js';
import 'monaco-editor/language/json/monaco.contribution.js';
import EditorWorker from 'monaco-editor/editor/editor.worker.js?worker';
import JsonWorker from 'monaco-editor/language/json/json.worker.js?worker';
import type { ResourceMeta } from '../runtime/generated/resources.ts';
import type { TFunction } from '../runtime/i18n/translator.ts';
import { checkDocument, type DocumentIssue } from './model/checkDocument.ts';
import type { DesignDocument } from './model/designDocument.ts';
import { locatePointer, valueRanges } from './model/jsonLocation.ts';

(self as unknown as { MonacoEnvironment: monaco.Environment }).MonacoEnvironment = {
  getWorker: (_id: string, label: string) => (label === 'json' ? new JsonWorker() : new EditorWorker()),
};

const OWNER = 'designer';

export interface JsonViewProps {
  doc: DesignDocument;
  /** Whether the view is the tab shown: a hidden view takes the document when it is shown again, not on every edit. */
  shown: boolean;
  known: Readonly<Record<string, ResourceMeta>>;
  onApply(next: DesignDocument): void;
  t: TFunction;
}

function textOf(doc: DesignDocument): string {
  return JSON.stringify(doc, null, 2);
}

/** The problems of a text: a syntax error at its offset, else the document's issues. */
function problemsOf(
  text: string,
  known: JsonViewProps['known'],
): { issues: (DocumentIssue & { offset?: number })[]; doc?: DesignDocument } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    const message = (err as Error).message;
    const at = /position (\d+)/.exec(message);
    return { issues: [{ pointer: '', message, offset: at ? Number(at[1]) : undefined }] };
  }
  const doc = value as DesignDocument;
  const { issues } = checkDocument(doc, known);
  return { issues, doc };
}

export default function JsonView({ doc, shown, known, onApply, t }: JsonViewProps) {
  const host = useRef<HTMLDivElement>(null);
  const editorRef = useRef<monaco.editor.IStandaloneCodeEditor>(undefined);
  const applying = useRef(false);
  const latest = useRef({ known, onApply });
  latest.current = { known, onApply };
  const [issues, setIssues] = useState<DocumentIssue[]>([]);
  const [syntax, setSyntax] = useState<string | undefined>();

  useEffect(() => {
    const model = monaco.editor.createModel(textOf(doc), 'json');
    const editor = monaco.editor.create(host.current!, {
      model,
      automaticLayout: true,
      minimap: { enabled: false },
      tabSize: 2,
      scrollBeyondLastLine: false,
      fontSize: 13,
    });
    editorRef.current = editor;
    const sub = model.onDidChangeContent(() => {
      if (applying.current) return;
      const text = model.getValue();
      const { issues: found, doc: parsed } = problemsOf(text, latest.current.known);
      const ranges = parsed ? valueRanges(text) : undefined;
      monaco.editor.setModelMarkers(
        model,
        OWNER,
        found.map((issue) => {
          const range = ranges ? locatePointer(ranges, issue.pointer) : { start: issue.offset ?? 0, end: (issue.offset ?? 0) + 1 };
          const start = model.getPositionAt(range.start);
          const end = model.getPositionAt(Math.max(range.end, range.start + 1));
          return {
            severity: monaco.MarkerSeverity.Error,
            message: issue.pointer ? `${issue.pointer}: ${issue.message}` : issue.message,
            startLineNumber: start.lineNumber,
            startColumn: start.column,
            endLineNumber: end.lineNumber,
            endColumn: end.column,
          };
        }),
      );
      setSyntax(parsed ? undefined : found[0]?.message);
      setIssues(parsed ? found : []);
      if (parsed && found.length === 0) latest.current.onApply(parsed);
    });
    return () => {
      sub.dispose();
      editor.dispose();
      model.dispose();
    };
    // The editor is made once; the document reaches it through the effect below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // The document changed elsewhere (a property, an undo): show it, unless it is what the text already says.
  useEffect(() => {
    const model = editorRef.current?.getModel();
    if (!model || !shown) return;
    const current = model.getValue();
    try {
      if (JSON.stringify(JSON.parse(current)) === JSON.stringify(doc)) return;
    } catch {
      // The text does not parse: the document replaces it (the user undid, or edited elsewhere).
    }
    applying.current = true;
    model.pushEditOperations([], [{ range: model.getFullModelRange(), text: textOf(doc) }], () => null);
    applying.current = false;
    monaco.editor.setModelMarkers(model, OWNER, []);
    setIssues([]);
    setSyntax(undefined);
  }, [doc, shown]);

  return (
    <div className="designer-json">
      {syntax !== undefined && <Alert type="error" showIcon title={t('designer.jsonInvalid', { message: syntax })} />}
      {issues.length > 0 && (
        <Alert
          type="error"
          showIcon
          title={t('designer.jsonNotApplied', { count: issues.length })}
          description={
            <ul className="designer-issues" data-testid="designer-json-issues">
              {issues.map((i) => (
                <li key={`${i.pointer}:${i.message}`}>
                  <code>{i.pointer || '/'}</code> {i.message}
                </li>
              ))}
            </ul>
          }
        />
      )}
      <div ref={host} className="designer-json-editor" data-testid="designer-json-editor" />
    </div>
  );
}
