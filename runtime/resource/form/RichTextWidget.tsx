/**
 * The `richText` widget of the record form: the rich-text editor (runtime/richtext), loaded
 * when a form first shows a rich-text field. The value is the field's HTML string, so the
 * field's schema (required, maxLength) validates the HTML as the server does; the editor is
 * outlined in the error colour while the field shows an error. The field's label names the
 * editing area, and a click on the label focuses it.
 */
import { Component, lazy, Suspense, type ReactNode } from 'react';
import { Alert, Spin } from 'antd';
import type { WidgetProps } from '@rjsf/utils';
import { formContextOf, plannedFieldOf } from './formContext.ts';

const TinymceEditor = lazy(() => import('../../richtext/TinymceEditor.tsx'));

/** Height of the editor per text row of the field's `ui.rows` (menu bar and toolbar come on top). */
const ROW_HEIGHT = 24;
const CHROME_HEIGHT = 160;
const MIN_HEIGHT = 280;
/** The line shown while the editor's code loads (its own stylesheet comes with it). */
const LOADING_STYLE = { display: 'flex', alignItems: 'center', gap: 8, minHeight: 32 } as const;

/** Shows `failed` instead of the editor when its code could not be loaded (a lazy import that failed throws). */
class EditorLoadBoundary extends Component<{ failed: ReactNode; children: ReactNode }, { error: boolean }> {
  override state = { error: false };

  static getDerivedStateFromError(): { error: boolean } {
    return { error: true };
  }

  override render() {
    return this.state.error ? this.props.failed : this.props.children;
  }
}

export function RichTextWidget(props: WidgetProps) {
  const field = plannedFieldOf(props);
  const ctx = formContextOf(props);
  const { id, value, onChange, onBlur, onFocus } = props;
  const rows = field?.ui.rows;
  const placeholderKey = field?.ui.placeholder;
  const loading = (
    <div className="rich-text-editor-spin" role="status" style={LOADING_STYLE}>
      <Spin size="small" /> <span>{ctx.t('richText.loading')}</span>
    </div>
  );
  return (
    <EditorLoadBoundary failed={<Alert type="error" showIcon title={ctx.t('richText.loadFailed')} />}>
      <Suspense fallback={loading}>
        <TinymceEditor
          id={id}
          value={typeof value === 'string' && value !== '' ? value : undefined}
          onChange={(html) => onChange(html)}
          onBlur={() => onBlur(id, value)}
          onFocus={() => onFocus(id, value)}
          label={props.label || (field ? ctx.t(field.label) : id)}
          placeholder={props.readonly || props.disabled || !placeholderKey ? undefined : ctx.t(placeholderKey)}
          disabled={props.disabled}
          readonly={props.readonly}
          invalid={!!props.rawErrors?.length}
          height={rows ? Math.max(MIN_HEIGHT, CHROME_HEIGHT + rows * ROW_HEIGHT) : undefined}
        />
      </Suspense>
    </EditorLoadBoundary>
  );
}
