/**
 * The form generator (/formdesign): a palette of field kinds dragged onto a form, the
 * selected field's properties, the same document in a JSON view, a live preview with the
 * console's record form, undo and redo (Ctrl+Z, Ctrl+Shift+Z) kept across a reload, and save,
 * publish, unpublish, export and import. `?id=<form id>` opens a saved form. The document
 * model and its history are plain modules under designer/model/ (docs/designer.md).
 */
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import { Alert, Spin, Tabs } from 'antd';
import { useSnapshot } from 'valtio';
import { useRegistry } from '../runtime/resource/registryContext.tsx';
import { publishedState } from '../runtime/resource/publishedState.ts';
import type { ResourceMeta } from '../runtime/generated/resources.ts';
import { checkDocument, withoutOwnPublication } from './model/checkDocument.ts';
import { LOCALES, type DesignDocument, type Locale } from './model/designDocument.ts';
import { useDesigner } from './useDesigner.ts';
import { useDesignerTranslation } from './designerMessages.ts';
import { DesignCanvas } from './DesignCanvas.tsx';
import { PropertyPanel } from './PropertyPanel.tsx';
import { Preview } from './Preview.tsx';
import { FormActions } from './FormActions.tsx';
import { loadGeneratorForm } from './api.ts';
import { toastError } from '../runtime/feedback/feedback.ts';
import './designer.css';

const JsonView = lazy(() => import('./JsonView.tsx'));

/** A saved form's content as a designer document, or undefined when it is not JSON of one (edited by hand on the saved forms' page). */
function parseDocument(text: string): DesignDocument | undefined {
  try {
    const value = JSON.parse(text) as Partial<DesignDocument> | null;
    const resource = value?.resource as Partial<DesignDocument['resource']> | undefined;
    const ok =
      typeof resource === 'object' && resource !== null && typeof resource.name === 'string' && typeof value?.messages === 'object';
    return ok ? (value as DesignDocument) : undefined;
  } catch {
    return undefined;
  }
}

function isLocale(language: string): language is Locale {
  return (LOCALES as readonly string[]).includes(language);
}

export default function FormDesignerPage() {
  const { t, language } = useDesignerTranslation();
  const locale: Locale = isLocale(language) ? language : 'en';
  const registry = useRegistry();
  const designer = useDesigner();
  const { doc } = designer;
  const { resources: published } = useSnapshot(publishedState);
  const ownName = designer.form.published ? doc.resource.name : undefined;
  const known = useMemo(() => withoutOwnPublication(registry, published, ownName), [registry, published, ownName]);
  const [tab, setTab] = useState<'design' | 'json'>('design');
  const [params, setParams] = useSearchParams();

  // ?id= opens a stored form: on every navigation that names it (the saved forms' Design, a
  // link), unless the designer holds that very form already, whose work in progress then stays.
  // The id then leaves the URL (the designer keeps the form it holds itself), so the page's tab
  // does not open it again and the next Design of the same form is a new URL.
  const { key: navigation } = useLocation();
  const handled = useRef<string | null>(null);
  const wanted = params.get('id');
  useEffect(() => {
    if (!wanted || handled.current === navigation) return;
    handled.current = navigation;
    setParams({}, { replace: true });
    if (String(designer.form.id) === wanted) return;
    void loadGeneratorForm(Number(wanted)).then((form) => {
      if (handled.current !== navigation) return; // a later navigation won
      if (!form) {
        toastError(t('designer.formNotFound', { id: wanted }));
        return;
      }
      const doc = parseDocument(form.formContent);
      if (!doc) {
        toastError(t('designer.formNotADocument', { name: form.formName }));
        return;
      }
      designer.reset(doc, {
        id: form.id,
        formName: form.formName,
        formDescription: form.formDescription,
        publishRoles: form.publishRoles ?? undefined,
        publishParentMenu: form.publishParentMenu ?? undefined,
        published: form.published,
      });
    });
  }, [wanted, navigation, designer, setParams, t]);

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
