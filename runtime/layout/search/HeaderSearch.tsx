/**
 * Menu search (spec 2, 9): an expanding search box over the menu titles and paths; pinyin
 * too when the language is Chinese and the setting is on (pinyin-pro loads only then).
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { Button, Select, type RefSelectProps } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from '../../i18n/translator.ts';
import { useSnapshot } from 'valtio';
import { permissionState } from '../../permission/permissionState.ts';
import { settingsState } from '../settings/settingsState.ts';
import { appState } from '../appState.ts';
import { translateTitle } from '../../i18n/translateTitle.ts';
import type { AppRoute } from '../../permission/routeTypes.ts';
import { buildSearchEntries, createMenuSearch, searchMenu, type ToPinyin } from '../../search/menuSearchIndex.ts';

/** Pinyin applies in the Chinese locales only. */
export function pinyinApplies(language: string, setting: boolean): boolean {
  return setting && (language === 'zh' || language === 'tw');
}

export default function HeaderSearch() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const permission = useSnapshot(permissionState);
  const settings = useSnapshot(settingsState);
  const app = useSnapshot(appState);
  const [show, setShow] = useState(false);
  const [query, setQuery] = useState('');
  const [pinyin, setPinyin] = useState<ToPinyin>();
  const select = useRef<RefSelectProps>(null);
  const usePinyin = pinyinApplies(app.language, settings.supportPinyinSearch);

  useEffect(() => {
    if (!usePinyin || pinyin) return;
    let live = true;
    void import('../../search/toPinyin.ts').then((m) => live && setPinyin(() => m.toPinyin));
    return () => {
      live = false;
    };
  }, [usePinyin, pinyin]);

  const routes = permission.routes as readonly AppRoute[];
  const index = useMemo(
    () => createMenuSearch(buildSearchEntries(routes, translateTitle), usePinyin ? pinyin : undefined),
    // The titles depend on the language.
    [routes, usePinyin, pinyin, app.language], // eslint-disable-line react-hooks/exhaustive-deps
  );
  const results = useMemo(() => searchMenu(index, query), [index, query]);

  useEffect(() => {
    if (show) select.current?.focus();
  }, [show]);

  return (
    <div className={`header-search${show ? ' show' : ''}`}>
      <Button
        type="text"
        className="navbar-icon"
        icon={<SearchOutlined />}
        aria-label={t('navbar.search')}
        title={t('navbar.search')}
        aria-expanded={show}
        onClick={() => setShow((s) => !s)}
        data-testid="header-search-toggle"
      />
      {show && (
        <Select
          ref={select}
          className="header-search-select"
          showSearch={{ filterOption: false, onSearch: setQuery, searchValue: query }}
          value={null}
          placeholder={t('navbar.searchPlaceholder')}
          aria-label={t('navbar.searchPlaceholder')}
          suffixIcon={null}
          defaultOpen
          notFoundContent={query ? t('navbar.searchEmpty') : null}
          options={results.map((r) => ({ value: r.path, label: r.title.join(' > ') }))}
          onChange={(path: string) => {
            navigate(path);
            setQuery('');
            setShow(false);
          }}
          onBlur={() => {
            setQuery('');
            setShow(false);
          }}
          data-testid="header-search-select"
        />
      )}
    </div>
  );
}
