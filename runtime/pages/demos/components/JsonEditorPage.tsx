/**
 * /components/json-editor: JSON edited in Monaco (monaco-editor, bundled with its workers, as
 * the designer's JSON view): syntax colours, folding, and the JSON language service marking
 * errors; the page says whether the text is valid JSON and what it holds.
 */
import { useEffect, useRef, useState } from 'react';
import { Alert, Card, Typography } from 'antd';
import * as monaco from 'monaco-editor/editor/editor.api.js';
import 'monaco-editor/language/json/monaco.contribution.js';
import EditorWorker from 'monaco-editor/editor/editor.worker.js?worker';
import JsonWorker from 'monaco-editor/language/json/json.worker.js?worker';
import { useDemoTranslation } from '../demoMessages.ts';

(self as unknown as { MonacoEnvironment: monaco.Environment }).MonacoEnvironment = {
  getWorker: (_id: string, label: string) => (label === 'json' ? new JsonWorker() : new EditorWorker()),
};

const SAMPLE = { status: 'success', data: { title: 'json-editor', tags: ['monaco', 'json'], rating: 4.5, published: true } };

type Parsed = { ok: true; keys: number } | { ok: false; message: string };

function parse(text: string): Parsed {
  try {
    const value: unknown = JSON.parse(text);
    return { ok: true, keys: value && typeof value === 'object' ? Object.keys(value).length : 0 };
  } catch (e) {
    return { ok: false, message: (e as Error).message };
  }
}

export default function JsonEditorPage() {
  const { t } = useDemoTranslation();
  const element = useRef<HTMLDivElement>(null);
  const [parsed, setParsed] = useState<Parsed>(() => parse(JSON.stringify(SAMPLE)));

  useEffect(() => {
    const editor = monaco.editor.create(element.current!, {
      value: JSON.stringify(SAMPLE, null, 2),
      language: 'json',
      automaticLayout: true,
      minimap: { enabled: false },
      ariaLabel: t('demo.jsonEditor.label'),
    });
    const listener = editor.onDidChangeModelContent(() => setParsed(parse(editor.getValue())));
    return () => {
      listener.dispose();
      editor.getModel()?.dispose();
      editor.dispose();
    };
    // the editor starts once; its label is set when it starts
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <div className="page-container">
      <Card title={t('demo.jsonEditor.title')}>
        <Typography.Paragraph>{t('demo.jsonEditor.hint')}</Typography.Paragraph>
        <div ref={element} className="demo-json-editor" data-testid="json-editor" />
        <div data-testid="json-state" style={{ marginTop: 12 }}>
          {parsed.ok ? (
            <Alert type="success" showIcon title={t('demo.jsonEditor.valid', { count: parsed.keys })} />
          ) : (
            <Alert type="error" showIcon title={t('demo.jsonEditor.invalid', { message: parsed.message })} />
          )}
        </div>
      </Card>
    </div>
  );
}
