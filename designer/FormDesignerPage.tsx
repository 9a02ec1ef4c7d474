/**
 * The form generator (/formdesign): a palette of field kinds dragged onto a form, the
 * selected field's properties, the same document in a JSON view, a live preview with the
 * console's record form, undo and redo (Ctrl+Z, Ctrl+Shift+Z) kept across a reload, and save,
 * publish, unpublish, export and import. `?id=<form id>` opens a saved form. The document
 * model and its history are plain modules under designer/model/ (docs/designer.md).
 */
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Alert, Spin, Tabs } from 'antd';
import { useRegistry } from '../runtime/resource/registryContext.tsx';
import type { ResourceMeta } from '../runtime/generated/resources.ts';
import { checkDocument } from './model/checkDocument.ts';
import { LOCALES, type DesignDocument, type Locale } from './model/designDocument.ts';
import { useDesigner } from './useDesigner.ts';
import { useDesignerTranslation } from './designerMessages.ts';
import { DesignCanvas } from './DesignCanvas.tsx';
import { PropertyPanel } from './PropertyPanel.tsx';
import { Preview } from './Preview.tsx';
import { FormActions } from './FormActions.tsx';
import { loadGeneratorForm } from './api.ts';
import './designer.css';

const JsonView = lazy(() => import('./JsonView.tsx'));

function isLocale(language: string): language is Locale {
  return (LOCALES as readonly string[]).includes(language);
}

export default function FormDesignerPage() {
  const { t, language } = useDesignerTranslation();
  const locale: Locale = isLocale(language) ? language : 'en';
  const known = useRegistry();
  const designer = useDesigner();
  const { doc } = designer;
  const [tab, setTab] = useState<'design' | 'json'>('design');
  const [params] = useSearchParams();

  // ?id= opens a stored form (once per id).
  const openedId = useRef<string | null>(null);
  const wanted = params.get('id');
  useEffect(() => {
    if (!wanted || openedId.current === wanted || String(designer.form.id) === wanted) return;
    openedId.current = wanted;
    void loadGeneratorForm(Number(wanted)).then((form) => {
      if (!form) return;
      designer.reset(JSON.parse(form.formContent) as DesignDocument, {
        id: form.id,
        formName: form.formName,
        formDescription: form.formDescription,
        published: form.published,
      });
    });
  }, [wanted, designer]);

  const checked = useMemo(() => checkDocument(doc, known), [doc, known]);
  // The preview keeps the last document that passed.
  const lastGood = useRef<ResourceMeta | undefined>(undefined);
  if (checked.meta) lastGood.current = checked.meta;

  // Ctrl+Z / Ctrl+Shift+Z (and Ctrl+Y) anywhere on the page but in the JSON editor, which has its own.
  const latest = useRef(designer);
  latest.current = designer;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey) || e.altKey) return;
      if ((e.target as HTMLElement | null)?.closest?.('.designer-json-editor')) return;
      const key = e.key.toLowerCase();
      if (key === 'z' && !e.shiftKey) latest.current.undo();
      else if ((key === 'z' && e.shiftKey) || key === 'y') latest.current.redo();
      else return;
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  return (
    <div className="designer" data-testid="form-designer">
      <FormActions designer={designer} valid={checked.issues.length === 0} t={t} />
      {checked.issues.length > 0 && tab === 'design' && (
        <Alert
          className="designer-problems"
          type="error"
          showIcon
          title={
            <ul className="designer-issues" data-testid="designer-issues">
              {checked.issues.map((i) => (
                <li key={`${i.pointer}:${i.message}`}>
                  <code>{i.pointer}</code> {i.message}
                </li>
              ))}
            </ul>
          }
        />
      )}
      <div className="designer-body">
        <Tabs
          className="designer-tabs"
          activeKey={tab}
          onChange={(key) => setTab(key as 'design' | 'json')}
          items={[
            {
              key: 'design',
              label: t('designer.design'),
              children: (
                <div className="designer-design">
                  <DesignCanvas designer={designer} locale={locale} t={t} />
                  <PropertyPanel designer={designer} known={known} t={t} />
                </div>
              ),
            },
            {
              key: 'json',
              label: t('designer.json'),
              children: (
                <Suspense fallback={<Spin tip={t('designer.loadingEditor')} />}>
                  <JsonView doc={doc} known={known} t={t} onApply={(next) => designer.replace(t('designer.steps.json'), next)} />
                </Suspense>
              ),
            },
          ]}
        />
        <Preview doc={doc} meta={lastGood.current} stale={!checked.meta} known={known} t={t} />
      </div>
    </div>
  );
}
