/**
 * The zip demo page's export (schemas/resources/mock-article-zip.json, registered by name in
 * registerDemoPages.ts): asks the file name and saves `<name>.zip` holding `<name>.txt`, the
 * header and the rows the list shows, tab-separated; an empty name takes the default.
 */
import { useId, useState } from 'react';
import { Input, Space } from 'antd';
import { saveBlob } from '../../../resource/download.ts';
import type { ActionComponentProps } from '../../../resource/extensions.ts';
import { useDemoTranslation } from '../demoMessages.ts';
import { articleHeader, articleRow } from '../excel/articles.ts';
import { DownloadFooter, Hint } from '../excel/ExcelParts.tsx';

export function ExportZip({ listed = [], onClose }: ActionComponentProps) {
  const { t } = useDemoTranslation();
  const nameId = useId();
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const save = async () => {
    setBusy(true);
    try {
      const { default: JSZip } = await import('jszip');
      const base = name.trim() || t('demo.zip.defaultName');
      const lines = [articleHeader(t), ...listed.map(articleRow)].map((row) => row.map((c) => String(c)).join('\t'));
      const zip = new JSZip();
      zip.file(`${base}.txt`, `${lines.join('\n')}\n`);
      saveBlob(await zip.generateAsync({ type: 'blob', compression: 'DEFLATE' }), `${base}.zip`);
      onClose(false);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Hint>{t('demo.zip.summary', { count: listed.length })}</Hint>
      <Space wrap align="center" style={{ marginBottom: 16 }}>
        <label htmlFor={nameId}>{t('demo.zip.filename')}</label>
        <Input
          id={nameId}
          style={{ width: 260 }}
          placeholder={t('demo.zip.defaultName')}
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
      </Space>
      <DownloadFooter
        label={t('demo.zip.button')}
        busy={busy}
        disabled={listed.length === 0}
        onCancel={() => onClose(false)}
        onSave={() => void save()}
      />
    </>
  );
}
