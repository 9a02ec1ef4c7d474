/** The preview dialog: an image as it is, a PDF drawn by pdf.js (loaded with the first PDF), text in a pre. */
import { Suspense, lazy, useEffect, useState } from 'react';
import { Modal, Spin } from 'antd';
import { fetchFile, type FileItem } from './netdiscApi.ts';
import { useNetdiscTranslation } from './netdiscMessages.ts';

const PdfView = lazy(() => import('./PdfView.tsx'));

/** The spec's preview dialog width. */
const PREVIEW_WIDTH = 600;

type Shown = { kind: 'image'; url: string } | { kind: 'pdf'; data: ArrayBuffer } | { kind: 'text'; text: string } | { kind: 'none' };

export function kindOf(file: Pick<FileItem, 'contentType' | 'fileType'>): Shown['kind'] {
  if (file.contentType?.startsWith('image/')) return 'image';
  if (file.contentType === 'application/pdf') return 'pdf';
  if (file.fileType && ['txt', 'csv', 'md', 'json', 'log'].includes(file.fileType)) return 'text';
  return 'none';
}

export function FilePreview({ file, onClose }: { file: FileItem | undefined; onClose: () => void }) {
  const { t } = useNetdiscTranslation();
  const [shown, setShown] = useState<Shown>();

  useEffect(() => {
    setShown(undefined);
    if (!file) return;
    const kind = kindOf(file);
    if (kind === 'none') {
      setShown({ kind });
      return;
    }
    let live = true;
    let url: string | undefined;
    void fetchFile('preview', file.id).then(async ({ blob }) => {
      if (!live) return;
      if (kind === 'image') setShown({ kind, url: (url = URL.createObjectURL(blob)) });
      else if (kind === 'pdf') setShown({ kind, data: await blob.arrayBuffer() });
      else setShown({ kind, text: await blob.text() });
    }, onClose);
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [file, onClose]);

  return (
    <Modal open={!!file} title={file?.fileName} footer={null} width={PREVIEW_WIDTH} onCancel={onClose} destroyOnHidden>
      <div className="netdisc-preview" data-testid="netdisc-preview">
        {!shown && <Spin aria-label={t('netdisc.loading')} />}
        {shown?.kind === 'image' && <img src={shown.url} alt={file?.fileName} style={{ maxWidth: '100%' }} />}
        {shown?.kind === 'pdf' && (
          <Suspense fallback={<Spin aria-label={t('netdisc.loading')} />}>
            <PdfView data={shown.data} name={file?.fileName ?? ''} />
          </Suspense>
        )}
        {shown?.kind === 'text' && <pre style={{ maxHeight: 400, overflow: 'auto', whiteSpace: 'pre-wrap' }}>{shown.text}</pre>}
        {shown?.kind === 'none' && <p>{t('netdisc.noPreview')}</p>}
      </div>
    </Modal>
  );
}
