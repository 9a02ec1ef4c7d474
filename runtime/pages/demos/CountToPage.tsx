/** /components/count-to: an animated number counter with its options and start, pause/resume and reset. */
import { useState } from 'react';
import { Button, Card, Form, Input, InputNumber, Space } from 'antd';
import { useDemoTranslation } from './demoMessages.ts';
import { formatCount, useCountTo } from './countTo.ts';

export default function CountToPage() {
  const { t } = useDemoTranslation();
  const [start, setStart] = useState(0);
  const [end, setEnd] = useState(2017);
  const [duration, setDuration] = useState(4000);
  const [decimals, setDecimals] = useState(0);
  const [separator, setSeparator] = useState(',');
  const [prefix, setPrefix] = useState('¥ ');
  const [suffix, setSuffix] = useState(' rmb');
  const counter = useCountTo({ start, end, duration, decimals });
  const text = formatCount(counter.value, { decimals, separator, prefix, suffix });
  const number = (label: string, value: number, set: (v: number) => void, min?: number) => (
    <Form.Item label={label}>
      <InputNumber aria-label={label} value={value} min={min} onChange={(v) => set(typeof v === 'number' ? v : 0)} />
    </Form.Item>
  );
  const textField = (label: string, value: string, set: (v: string) => void) => (
    <Form.Item label={label}>
      <Input aria-label={label} value={value} onChange={(e) => set(e.target.value)} style={{ width: 120 }} />
    </Form.Item>
  );
  return (
    <div className="page-container">
      <Card title={t('demo.countTo.title')}>
        <div className="demo-count-to" aria-live="off" data-testid="count-to-value" data-state={counter.state}>
          {text}
        </div>
        <Form layout="inline">
          {number(t('demo.countTo.start'), start, setStart)}
          {number(t('demo.countTo.end'), end, setEnd)}
          {number(t('demo.countTo.duration'), duration, setDuration, 0)}
          {number(t('demo.countTo.decimals'), decimals, setDecimals, 0)}
          {textField(t('demo.countTo.separator'), separator, setSeparator)}
          {textField(t('demo.countTo.prefix'), prefix, setPrefix)}
          {textField(t('demo.countTo.suffix'), suffix, setSuffix)}
        </Form>
        <Space style={{ marginTop: 16 }}>
          <Button type="primary" onClick={counter.start}>
            {t('demo.countTo.startButton')}
          </Button>
          <Button onClick={counter.pause} disabled={counter.state === 'idle' || counter.state === 'done'}>
            {counter.state === 'paused' ? t('demo.countTo.resume') : t('demo.countTo.pause')}
          </Button>
          <Button onClick={counter.reset}>{t('demo.countTo.reset')}</Button>
        </Space>
      </Card>
    </div>
  );
}
