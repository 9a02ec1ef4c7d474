/** /clipboard/index: copies a text field's content, with a button beside it or the field's own copy button. */
import { useId, useState } from 'react';
import { Button, Card, Input, Space, Tabs, Tooltip } from 'antd';
import { CopyOutlined } from '@ant-design/icons';
import { useDemoTranslation } from './demoMessages.ts';
import { useCopy } from './useCopy.ts';

const SAMPLE = 'https://github.com/ant-design/ant-design';

function ButtonCopy({ copy }: { copy: (text: string) => Promise<void> }) {
  const { t } = useDemoTranslation();
  const [text, setText] = useState(SAMPLE);
  const id = useId();
  return (
    <Space orientation="vertical" style={{ width: '100%', maxWidth: 520 }}>
      <label htmlFor={id}>{t('demo.clipboard.text')}</label>
      <Input id={id} value={text} onChange={(e) => setText(e.target.value)} />
      <Button type="primary" icon={<CopyOutlined />} onClick={() => void copy(text)}>
        {t('demo.clipboard.copy')}
      </Button>
    </Space>
  );
}

function FieldCopy({ copy }: { copy: (text: string) => Promise<void> }) {
  const { t } = useDemoTranslation();
  const [text, setText] = useState(SAMPLE);
  const id = useId();
  return (
    <Space orientation="vertical" style={{ width: '100%', maxWidth: 520 }}>
      <label htmlFor={id}>{t('demo.clipboard.text')}</label>
      <Space.Compact style={{ width: '100%' }}>
        <Input id={id} value={text} onChange={(e) => setText(e.target.value)} onKeyDown={(e) => e.key === 'Enter' && void copy(text)} />
        <Tooltip title={t('demo.clipboard.copyField')}>
          <Button aria-label={t('demo.clipboard.copyField')} icon={<CopyOutlined />} onClick={() => void copy(text)} />
        </Tooltip>
      </Space.Compact>
      <span>{t('demo.clipboard.enterHint')}</span>
    </Space>
  );
}

export default function ClipboardPage() {
  const { t } = useDemoTranslation();
  const copy = useCopy();
  return (
    <div className="page-container">
      <Card title={t('demo.clipboard.title')}>
        <Tabs
          items={[
            { key: 'button', label: t('demo.clipboard.withButton'), children: <ButtonCopy copy={copy} /> },
            { key: 'field', label: t('demo.clipboard.withField'), children: <FieldCopy copy={copy} /> },
          ]}
        />
      </Card>
    </div>
  );
}
