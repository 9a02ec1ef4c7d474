/** /components/back-to-top: a long page; past a set distance a button brings the page area back to its top. */
import { useRef } from 'react';
import { Button, Card } from 'antd';
import { VerticalAlignTopOutlined } from '@ant-design/icons';
import { useDemoTranslation } from './demoMessages.ts';
import { scrollPageToTop, useScrolledPast } from './pageScroller.ts';
import LongText from './LongText.tsx';

/** How far down (px) the page area must be scrolled before the button shows. */
export const BACK_TO_TOP_DISTANCE = 400;

export default function BackToTopPage() {
  const { t } = useDemoTranslation();
  const anchor = useRef<HTMLDivElement>(null);
  const visible = useScrolledPast(anchor, BACK_TO_TOP_DISTANCE);
  return (
    <div className="page-container" ref={anchor}>
      <Card title={t('demo.backToTop.title')}>
        <p>{t('demo.backToTop.hint', { distance: BACK_TO_TOP_DISTANCE })}</p>
        <LongText count={80} />
      </Card>
      {visible && (
        <Button
          className="demo-back-to-top"
          type="primary"
          shape="circle"
          size="large"
          icon={<VerticalAlignTopOutlined />}
          aria-label={t('demo.backToTop.button')}
          title={t('demo.backToTop.button')}
          onClick={() => scrollPageToTop(anchor.current)}
        />
      )}
    </div>
  );
}
