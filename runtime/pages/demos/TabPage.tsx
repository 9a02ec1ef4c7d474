/**
 * /tab/index: tabs over the mock articles per country, each the generic list of MockArticle
 * (schemas/resources/mock-article.json) fixed on its country (the `type` field). The active tab
 * is the `tab` query parameter (a link or a reload opens it); each tab, once opened, stays
 * mounted, so its list's page and sort and the note typed in it survive a switch.
 */
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Card, Input, Tabs } from 'antd';
import { useDemoTranslation } from './demoMessages.ts';
import DemoResourceList from './DemoResourceList.tsx';
import { COUNTRIES, tabFromQuery, type Country } from './tabData.ts';

function CountryList({ country }: { country: Country }) {
  const { t } = useDemoTranslation();
  const [note, setNote] = useState('');
  const [created] = useState(() => new Date().toLocaleTimeString());
  const fixed = useMemo(() => ({ type: country }), [country]);
  const countryName = t(`demo.tab.countries.${country}`);
  return (
    <div data-country={country}>
      <p>{t('demo.tab.created', { time: created })}</p>
      <Input
        aria-label={t('demo.tab.note', { country: countryName })}
        placeholder={t('demo.tab.note', { country: countryName })}
        value={note}
        onChange={(e) => setNote(e.target.value)}
        style={{ maxWidth: 360, marginBottom: 12 }}
      />
      <DemoResourceList resource="MockArticle" fixed={fixed} />
    </div>
  );
}

export default function TabPage() {
  const { t } = useDemoTranslation();
  const [params, setParams] = useSearchParams();
  const active = tabFromQuery(params.get('tab'));
  return (
    <div className="page-container">
      <Card title={t('demo.tab.title')}>
        <p>{t('demo.tab.hint')}</p>
        <Tabs
          activeKey={active}
          onChange={(key) =>
            setParams(
              (p) => {
                const next = new URLSearchParams(p);
                next.set('tab', key);
                return next;
              },
              { replace: true },
            )
          }
          items={COUNTRIES.map((c) => ({ key: c, label: t(`demo.tab.countries.${c}`), children: <CountryList country={c} /> }))}
        />
      </Card>
    </div>
  );
}
