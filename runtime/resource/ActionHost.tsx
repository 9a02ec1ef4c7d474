/**
 * Shows the component registered for a custom action (registerActionComponent) in a modal,
 * with the records it acts on. The component closes it with onClose(changed).
 */
import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { Modal, Spin } from 'antd';
import type { ActionMeta, ResourceMeta } from '../generated/resources.ts';
import { useTranslation } from '../i18n/translator.ts';
import { getActionComponentLoader, type ActionComponentProps, type ResourceRecord } from './extensions.ts';

const components = new Map<string, LazyExoticComponent<ComponentType<ActionComponentProps>>>();

function componentFor(resource: string, action: string): LazyExoticComponent<ComponentType<ActionComponentProps>> | undefined {
  const key = `${resource}.${action}`;
  let component = components.get(key);
  if (!component) {
    const loader = getActionComponentLoader(resource, action);
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
  /** The page's fixed filters (filter tree node, master record). */
  fixed?: Readonly<Record<string, string | number>>;
  onClose(changed: boolean): void;
}

export default function ActionHost({ resource, action, records, fixed, onClose }: ActionHostProps) {
  const { t } = useTranslation();
  const Component = componentFor(resource.name, action.name);
  if (!Component) return null;
  return (
    <Modal open title={t(action.label ?? action.name)} footer={null} width={760} onCancel={() => onClose(false)} destroyOnHidden>
      <Suspense fallback={<Spin />}>
        <Component resource={resource} action={action} records={records} fixed={fixed} onClose={onClose} />
      </Suspense>
    </Modal>
  );
}
