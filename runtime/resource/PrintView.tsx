/**
 * Printing the current table: a print-only copy of the visible columns and the loaded rows
 * (the tree flattened, indented; rich text as its plain text) is put on the page, the print
 * stylesheet hides everything else, and the browser's print dialog opens.
 */
import { useEffect } from 'react';
import { createPortal } from 'react-dom';
import type { ResourceMeta } from '../generated/resources.ts';
import { useTranslation } from '../i18n/translator.ts';
import type { ColumnSpec } from './columns.ts';
import { plainCellText } from './cells.tsx';
import type { ResourceRecord } from './extensions.ts';
import { rowIdOf } from './meta.ts';

export interface PrintViewProps {
  resource: ResourceMeta;
  columns: readonly ColumnSpec[];
  records: readonly ResourceRecord[];
  onDone(): void;
}

function flatten(records: readonly ResourceRecord[], depth = 0, out: { record: ResourceRecord; depth: number }[] = []) {
  for (const record of records) {
    out.push({ record, depth });
    const children = record.children;
    if (Array.isArray(children)) flatten(children as ResourceRecord[], depth + 1, out);
  }
  return out;
}

export default function PrintView({ resource, columns, records, onDone }: PrintViewProps) {
  const { t } = useTranslation();
  useEffect(() => {
    document.body.classList.add('resource-printing');
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      document.body.classList.remove('resource-printing');
      window.removeEventListener('afterprint', finish);
      onDone();
    };
    window.addEventListener('afterprint', finish);
    const timer = window.setTimeout(() => {
      window.print();
      finish();
    }, 0);
    return () => {
      window.clearTimeout(timer);
      window.removeEventListener('afterprint', finish);
      document.body.classList.remove('resource-printing');
    };
  }, [onDone]);

  const title = t(resource.labels.title);
  return createPortal(
    <div className="resource-print" data-testid="resource-print">
      <h1>{title}</h1>
      <table>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.field}>{t(c.label)}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {flatten(records).map(({ record, depth }) => (
            <tr key={rowIdOf(resource, record)}>
              {columns.map((c, i) => (
                <td key={c.field} style={i === 0 && depth ? { paddingLeft: 6 + depth * 16 } : undefined}>
                  {plainCellText(resource, c, record)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>,
    document.body,
  );
}
