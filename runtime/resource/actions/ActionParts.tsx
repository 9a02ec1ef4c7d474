/**
 * Pieces every permission screen shares: the footer (info left, Cancel and OK right), the
 * loading and failure states of the data it needs, the warning when no record was checked,
 * a required choice with its message, and a hook that loads that data once per input.
 */
import { useEffect, useState, type DependencyList, type ReactNode } from 'react';
import { Alert, Button, Form, Spin } from 'antd';
import { useTranslation } from '../../i18n/translator.ts';
import './actions.css';

/** One required choice (a select or tree) in a vertical form, with its message while `missing`. */
export function RequiredChoice({
  label,
  htmlFor,
  missing,
  message,
  children,
}: {
  label: string;
  htmlFor: string;
  missing: boolean;
  message: string;
  children: ReactNode;
}) {
  return (
    <Form layout="vertical" component="div">
      <Form.Item
        label={label}
        htmlFor={htmlFor}
        required
        validateStatus={missing ? 'error' : undefined}
        help={missing ? message : undefined}
        style={{ marginBottom: 0 }}
      >
        {children}
      </Form.Item>
    </Form>
  );
}

export interface ActionFooterProps {
  onCancel(): void;
  onOk?: () => void;
  okText?: string;
  busy?: boolean;
  okDisabled?: boolean;
  danger?: boolean;
  /** Shown on the left (a count, a hint). */
  info?: ReactNode;
}

export function ActionFooter({ onCancel, onOk, okText, busy, okDisabled, danger, info }: ActionFooterProps) {
  const { t } = useTranslation();
  return (
    <div className="resource-action-footer">
      {info !== undefined && <span className="resource-action-footer-info">{info}</span>}
      <Button onClick={onCancel} disabled={busy}>
        {onOk ? t('common.cancel') : t('common.close')}
      </Button>
      {onOk && (
        <Button type="primary" danger={danger} loading={busy} disabled={okDisabled} onClick={onOk}>
          {okText ?? t('common.confirm')}
        </Button>
      )}
    </div>
  );
}

export interface Loaded<T> {
  data: T | undefined;
  error: string | undefined;
  loading: boolean;
  reload(): void;
}

/**
 * Runs `load` when `deps` change (and on reload); a late answer of an older run is dropped,
 * and until the answer for the current `deps` arrives the result is loading (never the data
 * of other `deps`).
 */
export function useLoad<T>(load: () => Promise<T>, deps: DependencyList): Loaded<T> {
  const key = deps.map((d) => (typeof d === 'object' && d !== null ? JSON.stringify(d) : String(d))).join('\u0000');
  const [state, setState] = useState<{ key?: string; data?: T; error?: string }>({});
  const [round, setRound] = useState(0);
  const current = `${key}\u0000${round}`;
  useEffect(() => {
    let live = true;
    load().then(
      (data) => live && setState({ key: current, data }),
      (err: unknown) => live && setState({ key: current, error: err instanceof Error ? err.message : String(err) }),
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `current` names everything `load` depends on
  }, [current]);
  const settled = state.key === current;
  return {
    data: settled ? state.data : undefined,
    error: settled ? state.error : undefined,
    loading: !settled,
    reload: () => setRound((r) => r + 1),
  };
}

/** The spinner while loading, the failure with a retry, else the content. */
export function LoadState<T>({ loaded, children }: { loaded: Loaded<T>; children: (data: T) => ReactNode }) {
  const { t } = useTranslation();
  if (loaded.error !== undefined) {
    return (
      <Alert
        type="error"
        showIcon
        title={t('resourceActions.common.loadFailed')}
        description={loaded.error}
        action={
          <Button size="small" onClick={loaded.reload}>
            {t('resourceActions.common.retry')}
          </Button>
        }
      />
    );
  }
  if (loaded.loading || loaded.data === undefined) {
    return (
      <div className="resource-action-loading" role="status" aria-busy="true" aria-label={t('resourceActions.common.loading')}>
        <Spin />
      </div>
    );
  }
  return <>{children(loaded.data)}</>;
}

/** An action that needs a checked record was opened without one (spec 5). */
export function NoRecord({ onClose }: { onClose(): void }) {
  const { t } = useTranslation();
  return (
    <div className="resource-action">
      <Alert type="warning" showIcon title={t('resourceActions.common.checkRecord')} />
      <ActionFooter onCancel={onClose} />
    </div>
  );
}

/** A record's numeric id, or undefined. */
export function idOf(record: Record<string, unknown> | undefined): number | undefined {
  const id = record?.id;
  const n = typeof id === 'number' ? id : typeof id === 'string' && /^\d+$/.test(id) ? Number(id) : NaN;
  return Number.isInteger(n) && n > 0 ? n : undefined;
}
