/**
 * /processdesign?id=<modelId>: the BPMN modeler (bpmn-js) of a model, with the properties
 * panel of the selected element. Save writes the model's XML and its diagram (persistProcess,
 * as the platform's modeler saves; the XML checked by the server), Deploy saves first when
 * there are changes and deploys it (deployModel). A refusal
 * names the element at fault: it is shown, selected and marked on the diagram. Leaving with
 * unsaved changes asks first.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Alert, Button, Empty, Space, Spin, Tag, Typography } from 'antd';
import Modeler from 'bpmn-js/lib/Modeler';
import type { Element } from 'bpmn-js/lib/model/Types';
import type Canvas from 'diagram-js/lib/core/Canvas';
import type ElementRegistry from 'diagram-js/lib/core/ElementRegistry';
import type EventBus from 'diagram-js/lib/core/EventBus';
import type Selection from 'diagram-js/lib/features/selection/Selection';
import 'bpmn-js/dist/assets/diagram-js.css';
import 'bpmn-js/dist/assets/bpmn-js.css';
import 'bpmn-js/dist/assets/bpmn-font/css/bpmn-embedded.css';
import './processDesign.css';
import type { Model } from '../../generated/types.ts';
import { toastError, toastSuccess } from '../../feedback/feedback.ts';
import { activitiModdle } from './activitiModdle.ts';
import {
  deployModel,
  formChoices,
  loadModel,
  peopleTree,
  referableTree,
  refusalOf,
  roleChoices,
  saveModelXml,
  type Refusal,
} from './api.ts';
import { ElementEditor } from './bpmnElements.ts';
import { diagramXmlOf } from './diagramXml.ts';
import PropertiesPanel, { type PanelChoices } from './PropertiesPanel.tsx';
import { useProcessDesignTranslation } from './processDesignMessages.ts';
import { useLeaveGuard } from './useLeaveGuard.ts';

const ERROR_MARKER = 'pd-refused';

export default function ProcessDesignPage() {
  const { t: tx } = useProcessDesignTranslation();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const valid = Number.isInteger(id) && id > 0;
  const [model, setModel] = useState<Model | null>();
  const [loadError, setLoadError] = useState<string>();
  /** Counts the loads of the stored model: a page left with its changes dropped loads it again. */
  const [loads, setLoads] = useState(0);
  const container = useRef<HTMLDivElement>(null);
  const [modeler, setModeler] = useState<Modeler>();
  const [selected, setSelected] = useState<Element>();
  const [, setRevision] = useState(0);
  const [dirty, setDirty] = useState(false);
  const [busy, setBusy] = useState<'save' | 'deploy'>();
  const [refusal, setRefusal] = useState<Refusal>();
  const [choices, setChoices] = useState<PanelChoices>({ people: [], roles: [], forms: [] });
  const marked = useRef<string | undefined>(undefined);

  useEffect(() => {
    if (!valid) return;
    setModel(undefined);
    loadModel(id).then(
      (m) => setModel(m ?? null),
      (err: unknown) => setLoadError(refusalOf(err).message),
    );
  }, [id, valid, loads]);

  useEffect(() => {
    // Each list is offered when its call is granted; a call refused leaves its list empty.
    const settle = <T,>(p: Promise<T[]>) => p.catch(() => [] as T[]);
    void Promise.all([settle(peopleTree()), settle(roleChoices()), settle(formChoices())]).then(([people, roles, forms]) =>
      setChoices({ people, roles, forms }),
    );
  }, []);

  useEffect(() => {
    if (!model || !container.current) return;
    const instance = new Modeler({ container: container.current, moddleExtensions: { activiti: activitiModdle } });
    let gone = false;
    const events = instance.get<EventBus>('eventBus');
    const canvas = instance.get<Canvas>('canvas');
    events.on('selection.changed', (e: { newSelection: Element[] }) => {
      setSelected(e.newSelection.length === 1 ? e.newSelection[0] : (canvas.getRootElement() as Element));
    });
    events.on('elements.changed', () => setRevision((r) => r + 1));
    events.on('commandStack.changed', () => setDirty(true));
    diagramXmlOf(model)
      .then((xml) => instance.importXML(xml))
      .then(() => {
        if (gone) return;
        canvas.zoom('fit-viewport');
        setSelected(canvas.getRootElement() as Element);
        setDirty(false);
        setModeler(instance);
      })
      .catch((err: unknown) => {
        if (!gone) setLoadError(tx('processDesign.importFailed', { message: err instanceof Error ? err.message : String(err) }));
      });
    return () => {
      gone = true;
      setModeler(undefined);
      instance.destroy();
    };
    // the modeler is built once per model loaded; the strings of an error do not rebuild it
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [model]);

  const editor = useMemo(() => (modeler ? new ElementEditor(modeler) : undefined), [modeler]);
  // the users and organisations the model may refer to (the model form's referable ones)
  const offered = useMemo(() => ({ ...choices, people: referableTree(choices.people, model ?? undefined) }), [choices, model]);

  const leaveTexts = useMemo(
    () => ({
      title: tx('processDesign.leaveTitle'),
      content: tx('processDesign.leaveContent'),
      okText: tx('processDesign.leave'),
      cancelText: tx('processDesign.stay'),
    }),
    [tx],
  );
  const dropChanges = useCallback(() => {
    setDirty(false);
    setLoads((n) => n + 1);
  }, []);
  useLeaveGuard(dirty, leaveTexts, dropChanges);

  /** Shows a refusal: the element it names is selected and marked. */
  const refuse = useCallback(
    (found: Refusal) => {
      setRefusal(found);
      toastError(found.message);
      if (!modeler || !found.element) return;
      const element = modeler.get<ElementRegistry>('elementRegistry').get(found.element);
      if (!element) return;
      const canvas = modeler.get<Canvas>('canvas');
      if (marked.current) canvas.removeMarker(marked.current, ERROR_MARKER);
      canvas.addMarker(element.id, ERROR_MARKER);
      marked.current = element.id;
      modeler.get<Selection>('selection').select(element);
    },
    [modeler],
  );

  const clearRefusal = () => {
    setRefusal(undefined);
    if (modeler && marked.current) modeler.get<Canvas>('canvas').removeMarker(marked.current, ERROR_MARKER);
    marked.current = undefined;
  };

  const save = async (): Promise<boolean> => {
    if (!modeler || !model) return false;
    clearRefusal();
    const { xml } = await modeler.saveXML({ format: true });
    if (!xml) return false;
    const { svg } = await modeler.saveSVG();
    try {
      await saveModelXml(model.id, xml, svg);
      setDirty(false);
      toastSuccess(tx('processDesign.saved'));
      return true;
    } catch (err) {
      refuse(refusalOf(err));
      return false;
    }
  };

  const run = async (what: 'save' | 'deploy') => {
    if (!model) return;
    setBusy(what);
    try {
      if (what === 'save') {
        await save();
        return;
      }
      if (dirty && !(await save())) return;
      clearRefusal();
      try {
        const deployed = await deployModel(model.id);
        toastSuccess(
          deployed.processKey
            ? tx('processDesign.deployed', { message: deployed.message ?? '', key: deployed.processKey, version: deployed.version ?? '' })
            : (deployed.message ?? ''),
        );
      } catch (err) {
        refuse(refusalOf(err));
      }
    } finally {
      setBusy(undefined);
    }
  };

  if (!valid) return <Empty className="pd-empty" description={tx('processDesign.noModel')} />;
  if (loadError) return <Alert type="error" showIcon message={loadError} />;
  if (model === null) return <Empty className="pd-empty" description={tx('processDesign.notFound', { id })} />;

  return (
    <div className="pd-page" data-testid="process-design">
      <div className="pd-toolbar">
        <Space wrap>
          <Typography.Title level={4} className="pd-title">
            {model?.modelName ?? ''}
          </Typography.Title>
          {dirty && <Tag color="orange">{tx('processDesign.unsaved')}</Tag>}
        </Space>
        <Space wrap>
          <Button onClick={() => modeler?.get<Canvas>('canvas').zoom('fit-viewport')} disabled={!modeler}>
            {tx('processDesign.fit')}
          </Button>
          <Button onClick={() => void run('save')} loading={busy === 'save'} disabled={!modeler || !!busy}>
            {tx('processDesign.save')}
          </Button>
          <Button type="primary" onClick={() => void run('deploy')} loading={busy === 'deploy'} disabled={!modeler || !!busy}>
            {tx('processDesign.deploy')}
          </Button>
        </Space>
      </div>
      {refusal && (
        <Alert
          type="error"
          showIcon
          closable
          onClose={clearRefusal}
          message={tx('processDesign.refused')}
          description={refusal.message}
          data-testid="process-refusal"
          data-element={refusal.element}
          className="pd-refusal"
        />
      )}
      <div className="pd-body">
        <div className="pd-canvas" ref={container} data-testid="process-canvas">
          {!modeler && <Spin className="pd-spin" tip={tx('processDesign.loading')} />}
        </div>
        <aside className="pd-panel" aria-label={tx('processDesign.properties')}>
          <Typography.Title level={5}>{tx('processDesign.properties')}</Typography.Title>
          {selected && editor && <PropertiesPanel element={selected} editor={editor} choices={offered} tx={tx} />}
        </aside>
      </div>
    </div>
  );
}
