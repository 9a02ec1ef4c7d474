/**
 * Keeps a page that fails from taking the console down: an error thrown while the page draws or
 * in one of its effects shows an error result in that page's place (the menu, the header, the
 * tabs and the other pages stay usable), and is recorded to the error log (errorLog/). "Try
 * again" draws the page afresh.
 */
import { Component, type ReactNode } from 'react';
import { Button, Result, Typography } from 'antd';
import { useNavigate } from 'react-router-dom';
import { recordError } from '../../errorLog/installErrorCapture.ts';
import { useTranslation } from '../../i18n/translator.ts';
import { HOME_PATH } from '../../constants/spec.ts';

function PageFailed({ error, onRetry }: { error: Error; onRetry(): void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className="page-container page-failed" data-testid="page-failed">
      <Result
        status="error"
        title={t('errorPage.failedTitle')}
        subTitle={t('errorPage.failed')}
        extra={[
          <Button key="retry" type="primary" onClick={onRetry}>
            {t('errorPage.retry')}
          </Button>,
          <Button key="home" onClick={() => navigate(HOME_PATH)}>
            {t('errorPage.home')}
          </Button>,
        ]}
      >
        <Typography.Text type="secondary" className="page-failed-message">
          {error.message}
        </Typography.Text>
      </Result>
    </div>
  );
}

interface BoundaryState {
  error?: Error;
  /** Bumped by "Try again": the page is drawn as a new one. */
  attempt: number;
}

export default class PageErrorBoundary extends Component<{ children: ReactNode }, BoundaryState> {
  override state: BoundaryState = { attempt: 0 };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: unknown): void {
    recordError(error, 'page');
  }

  private readonly retry = () => this.setState((s) => ({ error: undefined, attempt: s.attempt + 1 }));

  override render(): ReactNode {
    if (this.state.error) return <PageFailed error={this.state.error} onRetry={this.retry} />;
    return <PageAttempt key={this.state.attempt}>{this.props.children}</PageAttempt>;
  }
}

/** The page of one attempt: a new key mounts it afresh. */
function PageAttempt({ children }: { children: ReactNode }) {
  return children;
}
