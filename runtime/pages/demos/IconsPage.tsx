/** /icon/index: the console's icons, searchable by name; a click copies the JSX that shows the icon. */
import { useMemo, useState } from 'react';
import { Card, Empty, Input, Tabs } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useDemoTranslation } from './demoMessages.ts';
import { antdIconEntries, filterIcons, menuIconEntries, type IconEntry } from './iconCatalog.ts';
import { useCopy } from './useCopy.ts';

function IconGrid({ entries, copy, label }: { entries: IconEntry[]; copy: (text: string) => Promise<void>; label: string }) {
  const { t } = useDemoTranslation();
  if (!entries.length) return <Empty description={t('demo.icons.none')} />;
  return (
    <ul className="demo-icon-grid" aria-label={label}>
      {entries.map(({ name, Icon, usage }) => (
        <li key={name}>
          <button
            type="button"
            className="demo-icon-item"
            aria-label={t('demo.icons.copy', { name })}
            title={usage}
            onClick={() => void copy(usage)}
          >
            <span className="demo-icon-glyph" aria-hidden="true">
              <Icon />
            </span>
            <span className="demo-icon-name">{name}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}

export default function IconsPage() {
  const { t } = useDemoTranslation();
  const copy = useCopy();
  const [query, setQuery] = useState('');
  const menu = useMemo(() => filterIcons(menuIconEntries(), query), [query]);
  const antd = useMemo(() => filterIcons(antdIconEntries(), query), [query]);
  return (
    <div className="page-container">
      <Card title={t('demo.icons.title')}>
        <p>{t('demo.icons.hint')}</p>
        <Input
          type="search"
          prefix={<SearchOutlined aria-hidden="true" />}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          placeholder={t('demo.icons.search')}
          aria-label={t('demo.icons.search')}
          style={{ maxWidth: 360 }}
        />
        <Tabs
          items={[
            {
              key: 'menu',
              label: `${t('demo.icons.menuIcons')} (${menu.length})`,
              children: <IconGrid entries={menu} copy={copy} label={t('demo.icons.menuIcons')} />,
            },
            {
              key: 'antd',
              label: `${t('demo.icons.antdIcons')} (${antd.length})`,
              children: <IconGrid entries={antd} copy={copy} label={t('demo.icons.antdIcons')} />,
            },
          ]}
        />
      </Card>
    </div>
  );
}
