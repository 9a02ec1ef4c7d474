/**
 * A PDF drawn page by page with pdf.js (pdfjs-dist), loaded with the first PDF preview. The
 * document is parsed from the bytes the preview call answered; no script of the PDF runs
 * (pdf.js runs none, and eval is off).
 */
import { useEffect, useRef, useState } from 'react';
import { Button, Space } from 'antd';
import { GlobalWorkerOptions, getDocument, type PDFDocumentProxy } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { useNetdiscTranslation } from './netdiscMessages.ts';

GlobalWorkerOptions.workerSrc = workerUrl;

/** Width the page is drawn at (the preview dialog is 600px wide). */
const PAGE_WIDTH = 540;

export default function PdfView({ data, name }: { data: ArrayBuffer; name: string }) {
  const { t } = useNetdiscTranslation();
  const canvas = useRef<HTMLCanvasElement>(null);
  const [doc, setDoc] = useState<PDFDocumentProxy>();
  const [page, setPage] = useState(1);

  useEffect(() => {
    const task = getDocument({ data: new Uint8Array(data.slice(0)), isEvalSupported: false });
    let live = true;
    void task.promise.then((d) => {
      if (live) setDoc(d);
    });
    return () => {
      live = false;
      void task.destroy();
    };
  }, [data]);

  useEffect(() => {
    if (!doc || !canvas.current) return;
    let cancelled = false;
    const target = canvas.current;
    let render: { cancel(): void } | undefined;
    void doc.getPage(page).then((p) => {
      if (cancelled) return;
      const base = p.getViewport({ scale: 1 });
      const viewport = p.getViewport({ scale: PAGE_WIDTH / base.width });
      target.width = Math.floor(viewport.width);
      target.height = Math.floor(viewport.height);
      const context = target.getContext('2d');
      if (!context) return;
      const task = p.render({ canvasContext: context, viewport });
      render = task;
      task.promise.catch(() => undefined);
    });
    return () => {
      cancelled = true;
      render?.cancel();
    };
  }, [doc, page]);

  const pages = doc?.numPages ?? 0;
  return (
    <div className="netdisc-pdf">
      <canvas ref={canvas} role="img" aria-label={name} data-pages={pages} />
      {pages > 1 && (
        <Space>
          <Button size="small" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {t('netdisc.previous')}
          </Button>
          <span>{t('netdisc.page', { page, pages })}</span>
          <Button size="small" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            {t('netdisc.next')}
          </Button>
        </Space>
      )}
    </div>
  );
}
