/**
 * A resource's generic list (resource/ResourceList.tsx) inside a demo page: the resource by
 * name from the registry, the user's data permissions applied, the page's fixed filters (not
 * searched, always sent) and the custom actions the page offers. Its page, sort, search and
 * checked rows are its own state, kept while the page (or the tab holding it) stays mounted.
 */
import { use, useMemo } from 'react';
import { Result } from 'antd';
import { useSnapshot } from 'valtio';
import { userState } from '../../auth/userState.ts';
import { useTranslation } from '../../i18n/translator.ts';
import { loadExtensionModules } from '../../resource/extensions.ts';
import { hiddenFieldsFor } from '../../resource/meta.ts';
import ResourceList from '../../resource/ResourceList.tsx';
import { useRegistry } from '../../resource/registryContext.tsx';
import '../../resource/resource.css';

export interface DemoResourceListProps {
  /** The resource's name (schemas/resources/*.json). */
  resource: string;
  fixed?: Readonly<Record<string, string | number>>;
  /** The custom actions offered, by name; default every one. */
  customActions?: readonly string[];
}

export default function DemoResourceList({ resource: name, fixed, customActions }: DemoResourceListProps) {
  use(loadExtensionModules());
  const { t } = useTranslation();
  const resource = useRegistry()[name];
  const { dataFields } = useSnapshot(userState);
  const hidden = useMemo(() => (resource ? hiddenFieldsFor(resource, dataFields) : new Set<string>()), [resource, dataFields]);
  if (!resource) return <Result status="404" title={t('resource.notFound')} />;
  return <ResourceList resource={resource} hidden={hidden} fixed={fixed} presets={fixed} customActions={customActions} />;
}
