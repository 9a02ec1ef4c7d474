/**
 * Shows the component registered for a custom action (registerActionComponent) in a modal,
 * with the records it acts on. The component closes it with onClose(changed). An action with
 * an `open` section (and no component) opens its route, with no modal.
 */
import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { Modal, Spin } from 'antd';
import type { ActionMeta, ResourceMeta } from '../generated/resources.ts';
import { useTranslation } from '../i18n/translator.ts';
import OpenAction from './actions/OpenAction.tsx';
import { getActionComponentLoader, type ActionComponentProps, type ResourceRecord } from './extensions.ts';

const components = new Map<string, LazyExoticComponent<ComponentType<ActionComponentProps>>>();

/** The generic call action of a `run` section, loaded when first opened. */
const callAction = () => import('./actions/CallAction.tsx');
/** The generic assign action of an `assign` section (the links of a record), loaded when first opened. */
const assignAction = () => import('./actions/AssignLinks.tsx');

/** A registered component, else the generic action that the action's section names. */
function loaderFor(resource: string, action: ActionMeta) {
  const registered = getActionComponentLoader(resource, action.name);
  if (registered) return registered;
  if (action.run) return callAction;
  if (action.assign) return assignAction;
  return undefined;
}

function componentFor(resource: string, action: ActionMeta): LazyExoticComponent<ComponentType<ActionComponentProps>> | undefined {
  const key = `${resource}.${action.name}`;
  let component = components.get(key);
  if (!component) {
    const loader = loaderFor(resource, action);
    if (!loader) return undefined;
    component = lazy(loader);
    components.set(key, component);
  }
  return component;
}

export interface ActionHostProps {
  resource: ResourceMeta;
  action: ActionMeta;
  records: ResourceRecord[];
  /** The rows the list shows (its current page, as searched and sorted). */
  listed?: ResourceRecord[];
  /** The page's fixed filters (filter tree node, master record). */
  fixed?: Readonly<Record<string, string | number>>;
  onClose(changed: boolean): void;
}

export default function ActionHost(props: ActionHostProps) {
  const { resource, action, records, onClose } = props;
  if (action.open && !getActionComponentLoader(resource.name, action.name))
    return <OpenAction action={action} records={records} onClose={onClose} />;
  return <ActionModal {...props} />;
}

function ActionModal({ resource, action, records, listed, fixed, onClose }: ActionHostProps) {
  const { t } = useTranslation();
  const Component = componentFor(resource.name, action);
  if (!Component) return null;
  return (
    <Modal open title={t(action.label ?? action.name)} footer={null} width={760} onCancel={() => onClose(false)} destroyOnHidden>
      <Suspense fallback={<Spin />}>
        <Component resource={resource} action={action} records={records} listed={listed} fixed={fixed} onClose={onClose} />
      </Suspense>
    </Modal>
  );
}
