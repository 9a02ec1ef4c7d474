/**
 * /components/tinymce: the console's rich-text editor (runtime/richtext, TinyMCE) with its image
 * rules (jpg, jpeg, gif, png, bmp and the other raster types the sanitiser keeps, several at
 * once, a message for anything else), and what it writes shown as sanitised HTML underneath.
 */
import { lazy, Suspense, useState } from 'react';
import { Card, Spin, Typography } from 'antd';
import { RichTextView } from '../../../richtext/RichTextView.tsx';
import { useDemoTranslation } from '../demoMessages.ts';

const TinymceEditor = lazy(() => import('../../../richtext/TinymceEditor.tsx'));

export default function TinymcePage() {
  const { t } = useDemoTranslation();
  const [html, setHtml] = useState<string | undefined>(t('demo.tinymce.initial'));
  return (
    <div className="page-container">
      <Card title={t('demo.tinymce.title')}>
        <Typography.Paragraph>{t('demo.tinymce.hint')}</Typography.Paragraph>
        <Suspense fallback={<Spin />}>
          <TinymceEditor id="demo-tinymce" label={t('demo.tinymce.label')} value={html} onChange={setHtml} height={400} />
        </Suspense>
        <h3 style={{ marginTop: 16 }}>{t('demo.tinymce.preview')}</h3>
        <RichTextView html={html} className="demo-tinymce-preview" />
      </Card>
    </div>
  );
}
