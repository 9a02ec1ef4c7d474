/**
 * The export actions of the excel demo pages' article list (schemas/resources/
 * mock-article-sheet.json, registered by name in registerDemoPages.ts): each opens with the
 * export options (file name, cell widths, xlsx or csv) and saves the rows as a sheet.
 * - exportSheet: the rows the list shows;
 * - exportSelected: the checked rows (the list asks for at least one), then clears the check;
 * - exportMergedHeader: the rows the list shows under a two-row header whose cells are merged
 *   (xlsx only): "Id" and "Date" span both rows, "Main information" spans title, author and
 *   readings.
 */
import { useState } from 'react';
import type { ActionComponentProps, ResourceRecord } from '../../../resource/extensions.ts';
import type { TFunction } from '../../../i18n/translator.ts';
import { useDemoTranslation } from '../demoMessages.ts';
import { articleHeader, articleRow } from './articles.ts';
import { DEFAULT_OPTIONS, DownloadFooter, ExportOptionsBar, Hint, saveSheet } from './ExcelParts.tsx';
import type { BookType, SheetSpec } from './sheet.ts';

/** The merged ranges of the two header rows. */
const MERGES = ['A1:A2', 'B1:D1', 'E1:E2'];

function mergedHeader(t: TFunction): string[][] {
  const c = (key: string) => t(`demo.excel.columns.${key}`);
  return [
    [c('id'), t('demo.excel.merge.main'), '', '', c('display_time')],
    ['', c('title'), c('author'), c('pageviews'), ''],
  ];
}

interface ExportProps {
  rows: ResourceRecord[];
  /** What the dialog says it saves. */
  summary: string;
  sheet(rows: ResourceRecord[]): SheetSpec;
  bookTypes?: readonly BookType[];
  /** Whether closing after the save reloads the list (which clears its checked rows). */
  reload?: boolean;
  onClose(changed: boolean): void;
}

function ExportDialog({ rows, summary, sheet, bookTypes, reload = false, onClose }: ExportProps) {
  const { t } = useDemoTranslation();
  const [options, setOptions] = useState(DEFAULT_OPTIONS);
  const [busy, setBusy] = useState(false);
  const save = async () => {
    setBusy(true);
    try {
      await saveSheet(sheet(rows), options, t('demo.excel.defaultName'));
      onClose(reload);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Hint>{summary}</Hint>
      <ExportOptionsBar value={options} onChange={setOptions} bookTypes={bookTypes} />
      <DownloadFooter
        label={t('demo.excel.export.button')}
        busy={busy}
        disabled={rows.length === 0}
        onCancel={() => onClose(false)}
        onSave={() => void save()}
      />
    </>
  );
}

export function ExportSheet({ listed = [], onClose }: ActionComponentProps) {
  const { t } = useDemoTranslation();
  return (
    <ExportDialog
      rows={listed}
      summary={t('demo.excel.export.summary', { count: listed.length })}
      sheet={(rows) => ({ header: [articleHeader(t)], rows: rows.map(articleRow) })}
      onClose={onClose}
    />
  );
}

export function ExportSelected({ records, onClose }: ActionComponentProps) {
  const { t } = useDemoTranslation();
  return (
    <ExportDialog
      rows={records}
      summary={t('demo.excel.selected.summary', { count: records.length })}
      sheet={(rows) => ({ header: [articleHeader(t)], rows: rows.map(articleRow) })}
      reload
      onClose={onClose}
    />
  );
}

export function ExportMergedHeader({ listed = [], onClose }: ActionComponentProps) {
  const { t } = useDemoTranslation();
  return (
    <ExportDialog
      rows={listed}
      summary={t('demo.excel.export.summary', { count: listed.length })}
      sheet={(rows) => ({ header: mergedHeader(t), merges: MERGES, rows: rows.map(articleRow) })}
      bookTypes={['xlsx']}
      onClose={onClose}
    />
  );
}
