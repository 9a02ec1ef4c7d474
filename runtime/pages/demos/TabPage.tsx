/**
 * /tab/index: tabs over a table of articles per country. The active tab is the `tab` query
 * parameter (a link or a reload opens it); each tab, once opened, stays mounted, so its table's
 * page and sort and the note typed in it survive a switch.
 */
import { cloneElement, isValidElement, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Card, Input, Table, Tabs } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useDemoTranslation } from './demoMessages.ts';
import { COUNTRIES, demoArticles, tabFromQuery, type Country, type DemoArticle } from './tabData.ts';

function CountryTable({ country }: { country: Country }) {
  const { t } = useDemoTranslation();
  const [note, setNote] = useState('');
  const [created] = useState(() => new Date().toLocaleTimeString());
  const rows = useMemo(() => demoArticles(country), [country]);
  const countryName = t(`demo.tab.countries.${country}`);
  const columns: ColumnsType<DemoArticle> = [
    { title: t('demo.tab.id'), dataIndex: 'id', width: 70, sorter: (a, b) => a.id - b.id },
    { title: t('demo.tab.articleTitle'), key: 'title', render: (_, r) => t('demo.tab.articleName', { country: countryName, n: r.n }) },
    { title: t('demo.tab.author'), dataIndex: 'author' },
    {
      title: t('demo.tab.importance'),
      dataIndex: 'importance',
      sorter: (a, b) => a.importance - b.importance,
      render: (v: number) => (
        <span className="demo-stars" role="img" aria-label={t('demo.tab.importanceValue', { value: v })}>
          {'★'.repeat(v)}
          {'☆'.repeat(3 - v)}
        </span>
      ),
    },
    { title: t('demo.tab.pageviews'), dataIndex: 'pageviews', sorter: (a, b) => a.pageviews - b.pageviews },
    { title: t('demo.tab.date'), dataIndex: 'date' },
  ];
  return (
    <>
      <p>{t('demo.tab.created', { time: created })}</p>
      <Input
        aria-label={t('demo.tab.note', { country: countryName })}
        placeholder={t('demo.tab.note', { country: countryName })}
        value={note}
        onChange={(e) => setNote(e.target.value)}
        style={{ maxWidth: 360, marginBottom: 12 }}
      />
      <Table<DemoArticle>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={rows}
        pagination={{
          pageSize: 5,
          itemRender: (_, type, element) =>
            (type === 'prev' || type === 'next') && isValidElement<{ 'aria-label'?: string }>(element)
              ? cloneElement(element, { 'aria-label': t(type === 'prev' ? 'resource.prevPage' : 'resource.nextPage') })
              : element,
        }}
        aria-label={countryName}
      />
    </>
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
          items={COUNTRIES.map((c) => ({ key: c, label: t(`demo.tab.countries.${c}`), children: <CountryTable country={c} /> }))}
        />
      </Card>
    </div>
  );
}
