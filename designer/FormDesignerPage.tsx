/**
 * The form generator (/formdesign): a palette of field kinds dragged onto a form, the
 * selected field's properties, the same document in a JSON view, a live preview with the
 * console's record form, undo and redo (Ctrl+Z, Ctrl+Shift+Z) kept across a reload, and save,
 * publish, unpublish, export and import. `?id=<form id>` opens a saved form. The document
 * model and its history are plain modules under designer/model/ (docs/designer.md).
 */
import { lazy, memo, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import { Alert, Spin, Tabs } from 'antd';
import { useSnapshot } from 'valtio';
import { useRegistry } from '../runtime/resource/registryContext.tsx';
import { publishedState } from '../runtime/resource/publishedState.ts';
import type { ResourceMeta } from '../runtime/generated/resources.ts';
import type { TFunction } from '../runtime/i18n/translator.ts';
import { documentChecker, withoutOwnPublication } from './model/checkDocument.ts';
import { LOCALES, type DesignDocument, type Locale } from './model/designDocument.ts';
import { useDesigner, type Designer } from './useDesigner.ts';
import { useDesignerTranslation } from './designerMessages.ts';
import { useHandOver, useHandedOver, type HandOver } from './handOver.ts';
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

/**
 * What the tabs' panes draw: handed over (handOver.ts), so that neither the tabs are drawn again
 * on every edit, nor a context whose value changes sits above the canvas's rows.
 */
interface Panes {
  designer: Designer;
  locale: Locale;
  known: Readonly<Record<string, ResourceMeta>>;
  t: TFunction;
  tab: Tab;
  onApply: (next: DesignDocument) => void;
}

type Tab = 'design' | 'json';

function DesignPane({ panes }: { panes: HandOver<Panes> }) {
  const { designer, locale, known, t } = useHandedOver(panes);
  return (
    <div className="designer-design">
      <DesignCanvas designer={designer} locale={locale} t={t} />
      <PropertyPanel designer={designer} known={known} t={t} />
    </div>
  );
}

function JsonPane({ panes }: { panes: HandOver<Panes> }) {
  const { designer, known, t, tab, onApply } = useHandedOver(panes);
  return (
    <Suspense fallback={<Spin tip={t('designer.loadingEditor')} />}>
      <JsonView doc={designer.doc} known={known} t={t} shown={tab === 'json'} onApply={onApply} />
    </Suspense>
  );
}

const DesignerTabs = memo(function DesignerTabs({
  tab,
  onTab,
  t,
  panes,
}: {
  tab: Tab;
  onTab: (tab: Tab) => void;
  t: TFunction;
  panes: HandOver<Panes>;
}) {
  const items = useMemo(
    () => [
      { key: 'design', label: t('designer.design'), children: <DesignPane panes={panes} /> },
      { key: 'json', label: t('designer.json'), children: <JsonPane panes={panes} /> },
    ],
    [t, panes],
  );
  return <Tabs className="designer-tabs" activeKey={tab} onChange={(key) => onTab(key as Tab)} items={items} />;
});

export default function FormDesignerPage() {
  const { t, language } = useDesignerTranslation();
  const locale: Locale = isLocale(language) ? language : 'en';
  const registry = useRegistry();
  const designer = useDesigner();
  const { doc } = designer;
  const { resources: published } = useSnapshot(publishedState);
  const ownName = designer.form.published ? doc.resource.name : undefined;
  const known = useMemo(() => withoutOwnPublication(registry, published, ownName), [registry, published, ownName]);
  const [tab, setTab] = useState<Tab>('design');
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

  // A label edit keeps the checked resource and its metadata: the preview's form is not started again.
  const [check] = useState(documentChecker);
  const checked = useMemo(() => check(doc, known), [check, doc, known]);
  // The preview keeps the last document that passed.
  const lastGood = useRef<ResourceMeta | undefined>(undefined);
  if (checked.meta) lastGood.current = checked.meta;

  // Ctrl+Z / Ctrl+Shift+Z (and Ctrl+Y) anywhere on the page but in the JSON editor, which has its
  // own: each key takes its step back at once and the page is drawn once a frame, so keys held down
  // or pressed faster than the page draws do not draw every step between.
  const latest = useRef(designer);
  latest.current = designer;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey) || e.altKey) return;
      if ((e.target as HTMLElement | null)?.closest?.('.designer-json-editor')) return;
      const key = e.key.toLowerCase();
      if (key === 'z' && !e.shiftKey) latest.current.undo(true);
      else if ((key === 'z' && e.shiftKey) || key === 'y') latest.current.redo(true);
      else return;
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const onApply = useCallback((next: DesignDocument) => latest.current.replace(t('designer.steps.json'), next), [t]);
  const panes = useHandOver(
    useMemo<Panes>(() => ({ designer, locale, known, t, tab, onApply }), [designer, locale, known, t, tab, onApply]),
  );
  const { history } = designer;

  return (
    <div className="designer" data-testid="form-designer">
      <FormActions
        designer={latest}
        undoLabel={history.undoLabel}
        redoLabel={history.redoLabel}
        form={designer.form}
        valid={checked.issues.length === 0}
        t={t}
      />
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
        <DesignerTabs tab={tab} onTab={setTab} t={t} panes={panes} />
        <Preview doc={doc} meta={lastGood.current} stale={!checked.meta} known={known} t={t} />
      </div>
    </div>
  );
}
