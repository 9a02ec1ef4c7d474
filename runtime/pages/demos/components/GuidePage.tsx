/**
 * /guide/index: a step-by-step tour of the layout (antd Tour): the menu, the hamburger, the
 * breadcrumb, the search, the language and size menus, the tabs, the settings. A step whose
 * element is not shown (a setting turned off, a small screen) is left out.
 */
import { useState } from 'react';
import { Button, Card, Tour, Typography, type TourStepProps } from 'antd';
import { useDemoTranslation } from '../demoMessages.ts';

/** The tour's steps: where each points (a selector of the layout) and its message key. */
const STEPS = [
  { key: 'sidebar', selector: '.sidebar-container' },
  { key: 'hamburger', selector: '[data-testid="hamburger"]' },
  { key: 'breadcrumb', selector: '.app-breadcrumb' },
  { key: 'search', selector: '[data-testid="header-search-toggle"]' },
  { key: 'language', selector: '[data-testid="language-select"]' },
  { key: 'size', selector: '[data-testid="size-select"]' },
  { key: 'tags', selector: '.tags-view-container' },
  { key: 'settings', selector: '[data-testid="settings-button"]' },
] as const;

function shown(selector: string): HTMLElement | undefined {
  const el = document.querySelector<HTMLElement>(selector);
  return el && el.getClientRects().length > 0 ? el : undefined;
}

export default function GuidePage() {
  const { t } = useDemoTranslation();
  const [steps, setSteps] = useState<TourStepProps[]>();
  const [current, setCurrent] = useState(0);
  const start = () => {
    setCurrent(0);
    setSteps(
      STEPS.filter((s) => shown(s.selector)).map((s) => ({
        title: t(`demo.guide.steps.${s.key}.title`),
        description: t(`demo.guide.steps.${s.key}.description`),
        target: () => shown(s.selector)!,
      })),
    );
  };
  return (
    <div className="page-container">
      <Card title={t('demo.guide.title')}>
        <Typography.Paragraph>{t('demo.guide.hint')}</Typography.Paragraph>
        <Button type="primary" onClick={start}>
          {t('demo.guide.start')}
        </Button>
        {steps && (
          <Tour
            open
            steps={steps}
            current={current}
            onChange={setCurrent}
            onClose={() => setSteps(undefined)}
            onFinish={() => setSteps(undefined)}
          />
        )}
      </Card>
    </div>
  );
}
