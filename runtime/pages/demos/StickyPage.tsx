/** /components/sticky: a bar that sticks to the top of the page area (under the header when it is fixed) while the page scrolls. */
import { useRef, useState } from 'react';
import { Button, Card, Select } from 'antd';
import { useSnapshot } from 'valtio';
import { settingsState } from '../../layout/settings/settingsState.ts';
import { toastSuccess } from '../../feedback/feedback.ts';
import { useDemoTranslation } from './demoMessages.ts';
import { useScrolledPast, useStickyTop } from './pageScroller.ts';
import LongText from './LongText.tsx';

const PLATFORMS = ['a-platform', 'b-platform', 'c-platform'] as const;

export default function StickyPage() {
  const { t } = useDemoTranslation();
  const settings = useSnapshot(settingsState);
  const anchor = useRef<HTMLDivElement>(null);
  const top = useStickyTop(anchor, settings.fixedHeader);
  const stuck = useScrolledPast(anchor, 0);
  const [platforms, setPlatforms] = useState<string[]>(['a-platform']);
  return (
    <div ref={anchor}>
      <div className="demo-sticky-bar" style={{ top }} data-testid="sticky-bar" data-stuck={stuck}>
        <strong>{t('demo.sticky.bar')}</strong>
        <Select
          mode="multiple"
          aria-label={t('demo.sticky.platforms')}
          placeholder={t('demo.sticky.platforms')}
          value={platforms}
          onChange={setPlatforms}
          options={PLATFORMS.map((p) => ({ value: p, label: t(`demo.sticky.platform.${p}`) }))}
          style={{ minWidth: 240 }}
        />
        <Button type="primary" onClick={() => toastSuccess(t('demo.sticky.published', { count: platforms.length }))}>
          {t('demo.sticky.publish')}
        </Button>
      </div>
      <div className="page-container">
        <Card title={t('demo.sticky.title')}>
          <p>{t('demo.sticky.hint')}</p>
          <LongText count={80} />
        </Card>
      </div>
    </div>
  );
}
