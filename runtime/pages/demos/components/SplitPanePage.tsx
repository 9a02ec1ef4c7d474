/** /components/split-pane: panes side by side and one above the other, resized by dragging the bars between them. */
import { useState } from 'react';
import { Card, Splitter, Typography } from 'antd';
import { useDemoTranslation } from '../demoMessages.ts';

export default function SplitPanePage() {
  const { t } = useDemoTranslation();
  const [sizes, setSizes] = useState<number[]>([]);
  const percent = (i: number) => (sizes.length ? Math.round((sizes[i]! / (sizes[0]! + sizes[1]!)) * 100) : i === 0 ? 30 : 70);
  return (
    <div className="page-container">
      <Card title={t('demo.splitPane.title')}>
        <Typography.Paragraph>{t('demo.splitPane.hint')}</Typography.Paragraph>
        <Splitter className="demo-split" style={{ height: 420 }} onResizeEnd={setSizes}>
          <Splitter.Panel defaultSize="30%">
            <div className="demo-split-pane demo-split-left" data-testid="split-left">
              {t('demo.splitPane.left', { percent: percent(0) })}
            </div>
          </Splitter.Panel>
          <Splitter.Panel>
            <Splitter orientation="vertical">
              <Splitter.Panel>
                <div className="demo-split-pane demo-split-top">{t('demo.splitPane.top')}</div>
              </Splitter.Panel>
              <Splitter.Panel>
                <div className="demo-split-pane demo-split-bottom">{t('demo.splitPane.bottom')}</div>
              </Splitter.Panel>
            </Splitter>
          </Splitter.Panel>
        </Splitter>
      </Card>
    </div>
  );
}
