/**
 * The search input of a search field by a linked value (list.search with `link`): a select of
 * the linked resource's records (the link's valueField, labelled by its labelField), loaded
 * when the select first opens, as a relation's options are (form/relationOptions.ts).
 */
import { useCallback, useState } from 'react';
import { Select } from 'antd';
import type { LinkMeta } from '../generated/resources.ts';
import { useTranslation } from '../i18n/translator.ts';
import { optionsNotFound } from './form/builtinWidgets.tsx';
import { flattenOptions, loadRelationOptions, type OptionsLoadState } from './form/relationOptions.ts';
import { useRegistry } from './registryContext.tsx';

interface LinkSearchInputProps {
  id?: string;
  value?: unknown;
  onChange?: (value: unknown) => void;
  link: LinkMeta;
}

export default function LinkSearchInput({ id, value, onChange, link }: LinkSearchInputProps) {
  const { t } = useTranslation();
  const registry = useRegistry();
  const [state, setState] = useState<OptionsLoadState>({ status: 'idle', options: [] });
  const load = useCallback(() => {
    const target = registry[link.resource];
    if (!target) {
      setState({ status: 'failed', options: [] });
      return;
    }
    setState((s) => ({ status: 'loading', options: s.options }));
    loadRelationOptions(link, target, false).then(
      (options) => setState({ status: 'ready', options: flattenOptions(options) }),
      () => setState({ status: 'failed', options: [] }),
    );
  }, [registry, link]);
  return (
    <Select<string | number>
      id={id}
      value={(value as string | number | undefined) ?? undefined}
      onChange={(v) => onChange?.(v ?? undefined)}
      onOpenChange={(open) => {
        if (open && (state.status === 'idle' || state.status === 'failed')) load();
      }}
      options={state.options.map((o) => ({ value: o.value, label: o.label }))}
      loading={state.status === 'loading'}
      notFoundContent={optionsNotFound(state.status, load, t)}
      showSearch={{ optionFilterProp: 'label' }}
      allowClear
      placeholder={t('resource.choose')}
    />
  );
}
