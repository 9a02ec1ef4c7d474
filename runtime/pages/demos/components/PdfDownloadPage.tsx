/**
 * /pdf/download: a printable article (the first mock article, then long text); once it is
 * shown the browser's print dialog opens, where "Save as PDF" writes the file. When printed,
 * only the article is on the page (demos.css: the layout is hidden in print).
 */
import { useEffect, useState } from 'react';
import { Alert, Spin, Typography } from 'antd';
import { RichTextView } from '../../../richtext/RichTextView.tsx';
import LongText from '../LongText.tsx';
import { useDemoTranslation } from '../demoMessages.ts';
import { mockGet } from '../mockClient.ts';

interface Article {
  title: string;
  author: string;
  display_time: string;
  content: string;
}

export default function PdfDownloadPage() {
  const { t } = useDemoTranslation();
  const [article, setArticle] = useState<Article>();
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    mockGet<Article>('article/detail', { id: 1 }).then(
      (a) => live && setArticle(a),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, []);
  useEffect(() => {
    if (!article) return undefined;
    // print once the article is laid out
    const timer = window.setTimeout(() => window.print(), 300);
    return () => window.clearTimeout(timer);
  }, [article]);

  if (failed) return <Alert type="warning" showIcon title={t('demo.mockOff')} />;
  if (!article) return <Spin />;
  return (
    <article className="page-container demo-printable" data-testid="printable-article">
      <Typography.Title level={1}>{article.title}</Typography.Title>
      <Typography.Paragraph type="secondary">
        {t('demo.pdf.byline', { author: article.author, time: article.display_time })}
      </Typography.Paragraph>
      <RichTextView html={article.content} />
      <LongText count={12} />
    </article>
  );
}
