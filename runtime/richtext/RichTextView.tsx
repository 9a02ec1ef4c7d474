/**
 * Rich text shown as formatted HTML, sanitised first (sanitize.ts): what a `richText` field
 * holds in a record's detail, and any other screen that shows stored rich text.
 */
import { useMemo } from 'react';
import { sanitizeRichText } from './sanitize.ts';
import './richTextView.css';

export interface RichTextViewProps {
  /** The stored HTML (anything else shows nothing). */
  html: unknown;
  className?: string;
}

export function RichTextView({ html, className }: RichTextViewProps) {
  const clean = useMemo(() => (typeof html === 'string' && html ? sanitizeRichText(html) : ''), [html]);
  return (
    <div
      className={className ? `rich-text-view ${className}` : 'rich-text-view'}
      data-testid="rich-text-view"
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  );
}
