/**
 * The body of a row action that asks one question and then makes one call (force sign-out,
 * unlock sign-in, restore a tenant): the question, Cancel and the action's button, busy while
 * the call runs. A call that fails leaves the dialog open; the HTTP client shows why.
 */
import { useState } from 'react';
import { Button, Space, Typography } from 'antd';
import { useTranslation } from '../../i18n/translator.ts';
import type { ActionComponentProps } from '../extensions.ts';

interface ConfirmedCallProps extends Pick<ActionComponentProps, 'action' | 'onClose'> {
  question: string;
  /** Whether the row names what the call needs (a username, an id). */
  ready: boolean;
  danger?: boolean;
  /** Makes the call and tells the user what it did. */
  run: () => Promise<void>;
  /** The action shows the call's answer itself: the dialog stays open after the call. */
  keepOpen?: boolean;
}

export default function ConfirmedCall({ action, onClose, question, ready, danger, run, keepOpen }: ConfirmedCallProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    setBusy(true);
    try {
      await run();
      if (keepOpen) setBusy(false);
      else onClose(true);
    } catch {
      setBusy(false); // Shown by the HTTP client.
    }
  };

  return (
    <Space orientation="vertical" style={{ width: '100%' }} size="large">
      <Typography.Paragraph>{question}</Typography.Paragraph>
      <div style={{ textAlign: 'right' }}>
        <Space>
          <Button onClick={() => onClose(false)}>{t('common.cancel')}</Button>
          <Button type="primary" danger={danger} loading={busy} disabled={!ready} onClick={() => void confirm()}>
            {t(action.label ?? action.name)}
          </Button>
        </Space>
      </div>
    </Space>
  );
}
