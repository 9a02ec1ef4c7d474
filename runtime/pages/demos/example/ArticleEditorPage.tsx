/**
 * /example/create and /example/edit/:id: the article editor over the mock articles
 * (article/detail, article/create, article/update of the development mock API). The title is
 * required; "publish" saves the article as published, "save draft" as a draft; the content is
 * written in the console's rich-text editor.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { Alert, Button, Card, DatePicker, Form, Input, Radio, Select, Space, Spin } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { toastSuccess } from '../../../feedback/feedback.ts';
import { useDemoTranslation } from '../demoMessages.ts';
import { mockGet, mockPost } from '../mockClient.ts';

const TinymceEditor = lazy(() => import('../../../richtext/TinymceEditor.tsx'));

const ARTICLE_TYPES = ['CN', 'US', 'JP', 'EU'] as const;
const TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';

interface Article {
  id: number;
  title: string;
  author: string;
  importance: number;
  type: string;
  status: string;
  content_short: string;
  content: string;
  display_time: string;
}

interface EditorValues {
  title: string;
  author?: string;
  importance?: number;
  type?: string;
  content_short?: string;
  display_time?: Dayjs;
}

function RichText({ value, onChange, label }: { value?: string; onChange?: (v: string | undefined) => void; label: string }) {
  return (
    <Suspense fallback={<Spin />}>
      <TinymceEditor id="article-content" label={label} value={value} onChange={(v) => onChange?.(v)} height={320} />
    </Suspense>
  );
}

export default function ArticleEditorPage() {
  const { t } = useDemoTranslation();
  const navigate = useNavigate();
  const { id: idText } = useParams();
  const id = idText !== undefined && /^\d+$/.test(idText) ? Number(idText) : undefined;
  const editing = idText !== undefined;
  const [form] = Form.useForm<EditorValues & { content?: string }>();
  const [state, setState] = useState<'loading' | 'ready' | 'missing'>(editing ? 'loading' : 'ready');
  const [initial, setInitial] = useState<EditorValues & { content?: string }>({ importance: 1, type: 'CN', title: '' });
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!editing) return;
    if (id === undefined) return setState('missing');
    let live = true;
    mockGet<Article>('article/detail', { id }).then(
      (a) => {
        if (!live) return;
        setInitial({
          title: a.title,
          author: a.author,
          importance: a.importance,
          type: a.type,
          content_short: a.content_short,
          content: a.content,
          display_time: a.display_time ? dayjs(a.display_time, TIME_FORMAT) : undefined,
        });
        setState('ready');
      },
      () => live && setState('missing'),
    );
    return () => {
      live = false;
    };
  }, [editing, id]);

  const save = async (status: 'published' | 'draft') => {
    // an invalid form shows its messages and is not sent
    const values = await form.validateFields().catch(() => undefined);
    if (!values) return;
    setBusy(true);
    try {
      const article = {
        ...values,
        content: form.getFieldValue('content') as string | undefined,
        display_time: (values.display_time ?? dayjs()).format(TIME_FORMAT),
        status,
      };
      if (id !== undefined) await mockPost('article/update', { ...article, id });
      else await mockPost('article/create', article);
      toastSuccess(t(status === 'published' ? 'demo.article.published' : 'demo.article.drafted'));
      if (id === undefined) form.resetFields();
      void navigate('/example/list');
    } finally {
      setBusy(false);
    }
  };

  const title = editing ? t('demo.article.editTitle', { id: idText }) : t('demo.article.createTitle');
  return (
    <div className="page-container">
      <Card title={title}>
        {state === 'missing' && <Alert type="error" showIcon title={t('demo.article.missing', { id: idText })} />}
        {state === 'loading' && <Spin />}
        {state === 'ready' && (
          <Form
            form={form}
            name={editing ? `article-${idText ?? ''}` : 'article-new'}
            layout="vertical"
            initialValues={initial}
            className="demo-article-form"
          >
            <Form.Item
              name="title"
              label={t('demo.article.title')}
              rules={[{ required: true, whitespace: true, message: t('demo.article.titleRequired') }]}
            >
              <Input maxLength={100} showCount />
            </Form.Item>
            <Space wrap size="large">
              <Form.Item name="author" label={t('demo.article.author')}>
                <Input style={{ width: 200 }} />
              </Form.Item>
              <Form.Item name="display_time" label={t('demo.article.time')}>
                <DatePicker showTime format={TIME_FORMAT} />
              </Form.Item>
              <Form.Item name="importance" label={t('demo.article.importance')}>
                <Radio.Group optionType="button" options={[1, 2, 3].map((n) => ({ value: n, label: '★'.repeat(n) }))} />
              </Form.Item>
              <Form.Item name="type" label={t('demo.article.type')}>
                <Select style={{ width: 120 }} options={ARTICLE_TYPES.map((v) => ({ value: v, label: v }))} />
              </Form.Item>
            </Space>
            <Form.Item name="content_short" label={t('demo.article.summary')}>
              <Input.TextArea rows={2} maxLength={200} showCount />
            </Form.Item>
            <Form.Item name="content" label={t('demo.article.content')}>
              <RichText label={t('demo.article.content')} />
            </Form.Item>
            <Space>
              <Button type="primary" loading={busy} onClick={() => void save('published')}>
                {t('demo.article.publish')}
              </Button>
              <Button loading={busy} onClick={() => void save('draft')}>
                {t('demo.article.draft')}
              </Button>
            </Space>
          </Form>
        )}
      </Card>
    </div>
  );
}
