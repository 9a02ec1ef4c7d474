/**
 * The rich-text editor: TinyMCE (tinymceBundle.ts) with the menu bar (file, edit, insert,
 * view, format, table), a toolbar, full-screen mode and the image dialog, whose upload tab
 * embeds the picked image as a data: URL (imageUpload.ts). The value goes in and out as an
 * HTML string; an empty editor is no value. The editor's language follows the console's: a
 * change of language starts the editor again in the new language, keeping the text.
 *
 * The editor starts once per language and is never restarted by a render: the value, the
 * handlers and the disabled and read-only states reach the running editor through refs and
 * effects. This module is heavy; it is loaded lazily (React.lazy) by the widgets that show it.
 */
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Alert, Spin } from 'antd';
import type { Editor } from 'tinymce';
import { translator, useTranslation } from '../i18n/translator.ts';
import { imageDataUrl, imageRefusal, RICH_TEXT_IMAGE_EXTENSIONS } from './imageUpload.ts';
import { loadEditorLanguage, tinymce, TINYMCE_PLUGINS } from './tinymceBundle.ts';
import './richTextEditor.css';

export interface RichTextEditorProps {
  /** The id of the editor and of its source textarea (a label's `for`). */
  id: string;
  /** The HTML; undefined or empty: no content. */
  value: string | undefined;
  /** Called with the new HTML on every change (undefined when the editor is emptied). */
  onChange(value: string | undefined): void;
  onFocus?(): void;
  onBlur?(): void;
  /** The accessible name of the editing area (the field's label). */
  label: string;
  placeholder?: string;
  disabled?: boolean;
  readonly?: boolean;
  /** The field has an error: the editor is outlined in the error colour. */
  invalid?: boolean;
  /** The editor's height in pixels, menu bar and toolbar included. */
  height?: number;
}

const MENU_BAR = 'file edit insert view format table';
const TOOLBAR =
  'undo redo | blocks | bold italic underline strikethrough | forecolor backcolor | alignleft aligncenter alignright alignjustify | bullist numlist outdent indent | link image table | removeformat code fullscreen';
const DEFAULT_HEIGHT = 360;

/** Text put into the iframe's markup by TinyMCE (its aria-label): without characters that markup would read. */
function plainLabel(label: string): string {
  return label.replace(/["<>&]/g, ' ').trim();
}

export default function TinymceEditor(props: RichTextEditorProps) {
  const { id } = props;
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const host = useRef<HTMLDivElement>(null);
  const editorRef = useRef<Editor | undefined>(undefined);
  /** The latest props, for the editor's event handlers. */
  const latest = useRef(props);
  /** The value the editor holds, as the form knows it (what was last sent or received). */
  const valueRef = useRef(props.value);
  /** The editor's serialised content when the value was last sent or received. */
  const htmlRef = useRef<string | undefined>(undefined);
  /** True while the editor takes a value from the form (its change events are not sent back). */
  const receivingRef = useRef(false);
  /** The language the running editor was started in; undefined while it starts. */
  const [readyIn, setReadyIn] = useState<string | undefined>(undefined);
  const [failedIn, setFailedIn] = useState<string | undefined>(undefined);
  const ready = readyIn === language;

  useLayoutEffect(() => {
    latest.current = props;
  });

  useEffect(() => {
    const container = host.current;
    if (!container) return;
    let cancelled = false;
    let editor: Editor | undefined;
    let label: HTMLLabelElement | null = null;
    const focusEditor = () => editor?.focus();
    const source = document.createElement('textarea');
    source.id = id;
    source.value = valueRef.current ?? '';
    source.hidden = true;
    container.appendChild(source);

    /** Sends the editor's content as the value when it changed. */
    const emit = () => {
      if (!editor?.initialized || receivingRef.current) return;
      const html = editor.getContent();
      if (html === htmlRef.current) return;
      htmlRef.current = html;
      const value = html === '' ? undefined : html;
      valueRef.current = value;
      latest.current.onChange(value);
    };

    const start = async () => {
      const code = await loadEditorLanguage(language);
      if (cancelled) return;
      const initial = latest.current;
      const created = await tinymce.init({
        target: source,
        license_key: 'gpl',
        language: code,
        height: initial.height ?? DEFAULT_HEIGHT,
        menubar: MENU_BAR,
        toolbar: TOOLBAR,
        toolbar_mode: 'wrap',
        plugins: TINYMCE_PLUGINS,
        promotion: false,
        branding: false,
        // Content CSS and skin come from the bundle (tinymceBundle.ts).
        skin: 'oxide',
        content_css: 'default',
        // The editing area runs no script, whatever the content holds.
        content_security_policy: "script-src 'none'; object-src 'none'; base-uri 'none'",
        // The editing area's accessible name: the iframe's title and its body's label.
        iframe_aria_text: plainLabel(initial.label),
        iframe_attrs: { title: plainLabel(initial.label) },
        placeholder: initial.placeholder,
        readonly: !!initial.readonly,
        disabled: !!initial.disabled,
        convert_urls: false,
        link_default_target: '_blank',
        image_uploadtab: true,
        image_advtab: false,
        automatic_uploads: true,
        paste_data_images: true,
        images_file_types: RICH_TEXT_IMAGE_EXTENSIONS,
        images_upload_handler: (blobInfo) => {
          const blob = blobInfo.blob();
          const refusal = imageRefusal(blob, translator.t);
          // TinyMCE shows the message and, for a pasted image, removes it (remove: true).
          if (refusal) return Promise.reject({ message: refusal, remove: true });
          return Promise.resolve(imageDataUrl(blob.type, blobInfo.base64()));
        },
        setup: (ed) => {
          editor = ed;
          ed.on('PreInit', () => {
            // Images already embedded as data: URLs stay as they are (no upload of the stored content).
            ed.editorUpload.addFilter((img) => !img.src.startsWith('data:'));
          });
          ed.on('init', () => {
            // Started after the component let go of it (unmounted, or a new language): not kept.
            if (cancelled) {
              ed.remove();
              return;
            }
            htmlRef.current = ed.getContent();
            editorRef.current = ed;
            label = document.querySelector(`label[for="${CSS.escape(id)}"]`);
            label?.addEventListener('click', focusEditor);
            setReadyIn(language);
          });
          ed.on('input change undo redo ExecCommand SetContent ObjectResized', emit);
          ed.on('focus', () => latest.current.onFocus?.());
          ed.on('blur', () => latest.current.onBlur?.());
        },
      });
      if (!cancelled && created.length === 0) throw new Error(`The rich-text editor ${id} did not start`);
    };
    start().catch(() => {
      if (!cancelled) setFailedIn(language);
    });

    return () => {
      cancelled = true;
      label?.removeEventListener('click', focusEditor);
      editorRef.current = undefined;
      editor?.remove();
      source.remove();
    };
  }, [id, language]);

  // A value from the form (a reset) that differs from what the editor last sent replaces its content.
  useEffect(() => {
    const editor = editorRef.current;
    if (!ready || !editor || props.value === valueRef.current) return;
    valueRef.current = props.value;
    receivingRef.current = true;
    try {
      editor.setContent(props.value ?? '');
      htmlRef.current = editor.getContent();
    } finally {
      receivingRef.current = false;
    }
  }, [props.value, ready]);

  useEffect(() => {
    const editor = editorRef.current;
    if (!ready || !editor) return;
    editor.options.set('disabled', !!props.disabled);
    editor.mode.set(props.readonly ? 'readonly' : 'design');
  }, [props.disabled, props.readonly, ready]);

  const failed = failedIn === language;
  const className = ['rich-text-editor', props.invalid ? 'rich-text-editor-error' : '', ready ? '' : 'rich-text-editor-loading']
    .filter(Boolean)
    .join(' ');
  return (
    <div className={className} data-testid="rich-text-editor" data-ready={ready ? 'true' : undefined}>
      {failed ? (
        <Alert type="error" showIcon title={t('richText.loadFailed')} />
      ) : (
        !ready && (
          <div className="rich-text-editor-spin" role="status">
            <Spin size="small" /> <span>{t('richText.loading')}</span>
          </div>
        )
      )}
      <div ref={host} />
    </div>
  );
}
