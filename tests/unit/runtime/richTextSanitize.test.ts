/**
 * The rich-text sanitiser (runtime/richtext/sanitize.ts) on a jsdom window: every stored
 * script payload of richTextPayloads.ts loses what could run or restyle the page and keeps its
 * safe formatting, the result is stable when sanitised again (no mutation on re-parsing), the
 * style filter keeps only listed properties with plain values, and the plain text of rich text
 * is its readable text. Also the image rules of the editor's upload (imageUpload.ts) and which
 * fields are rich text (richTextFields.ts). The same payloads run in Chromium in
 * tests/e2e/richText.e2e.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { JSDOM } from 'jsdom';
import { createRichText, filterStyle } from '../../../runtime/richtext/sanitize.ts';
import { formatBytes, imageDataUrl, imageRefusal, RICH_TEXT_IMAGE_MAX_BYTES } from '../../../runtime/richtext/imageUpload.ts';
import { isRichTextField } from '../../../runtime/richtext/richTextFields.ts';
import { resources } from '../../../runtime/generated/resources.ts';
import type { TFunction } from '../../../runtime/i18n/translator.ts';
import { missing, PAYLOADS, problems } from './richTextPayloads.ts';

const { window } = new JSDOM('<!doctype html><body></body>');
const richText = createRichText(window as unknown as Parameters<typeof createRichText>[0]);

describe('sanitize', () => {
  for (const payload of PAYLOADS) {
    it(`${payload.name}: nothing that runs, formatting kept`, () => {
      const out = richText.sanitize(payload.html);
      expect(problems(out), out).toEqual([]);
      expect(missing(payload, out), out).toEqual([]);
      expect(richText.sanitize(out), 'stable when sanitised again').toBe(out);
    });
  }

  it('removes the handler, not the image; the script, not the paragraphs around it', () => {
    expect(richText.sanitize('<img src=x onerror="alert(1)">')).toBe('<img src="x">');
    expect(richText.sanitize('<p>a</p><script>alert(1)</script><p>b</p>')).toBe('<p>a</p><p>b</p>');
    expect(richText.sanitize('<a href="javascript:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(richText.sanitize('<svg onload="alert(1)"><circle></circle></svg>')).toBe('');
  });

  it('keeps an image embedded as a data: URL of a raster image, not a link to a data: URL', () => {
    const png = 'data:image/png;base64,iVBORw0KGgo=';
    expect(richText.sanitize(`<img src="${png}">`)).toBe(`<img src="${png}">`);
    expect(richText.sanitize('<a href="data:text/html,x">x</a>')).toBe('<a>x</a>');
    expect(richText.sanitize('<img src="data:image/svg+xml,x">')).toBe('<img>');
  });

  it('opens links in a new tab without giving it the opener', () => {
    expect(richText.sanitize('<a href="https://example.com">x</a>')).toBe(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer">x</a>',
    );
    expect(richText.sanitize('<span target="_top" rel="opener">x</span>')).toBe('<span>x</span>');
  });

  it('keeps plain text as it is (escaped as HTML)', () => {
    expect(richText.sanitize('just text')).toBe('just text');
    expect(richText.sanitize('a < b & c')).toBe('a &lt; b &amp; c');
    expect(richText.sanitize('')).toBe('');
  });
});

describe('filterStyle', () => {
  it('keeps listed properties with plain values', () => {
    expect(filterStyle('text-align: center; color: rgb(255, 0, 0); font-family: "Segoe UI", sans-serif')).toBe(
      'text-align: center; color: rgb(255, 0, 0); font-family: "Segoe UI", sans-serif',
    );
    expect(filterStyle('width: 50%; border: 1px solid #ccc;')).toBe('width: 50%; border: 1px solid #ccc');
  });

  it('drops other properties and values with functions, escapes or comments', () => {
    expect(filterStyle('position: fixed; top: 0; z-index: 9999; color: red')).toBe('color: red');
    expect(filterStyle('background-color: url(https://evil.example/x.png)')).toBe('');
    expect(filterStyle('width: expression(alert(1))')).toBe('');
    expect(filterStyle('color: var(--x)')).toBe('');
    expect(filterStyle('color: \\72 ed')).toBe('');
    expect(filterStyle('color: red /* x */')).toBe('');
    expect(filterStyle('font-family: x; behavior: url(x.htc)')).toBe('font-family: x');
  });
});

describe('toText', () => {
  it('is the readable text: tags stripped, blocks apart, whitespace collapsed', () => {
    expect(richText.toText('<p>Hello <b>world</b></p><p>Second&nbsp;line</p>\n\n<ul><li>a</li><li>b</li></ul>')).toBe(
      'Hello world Second line a b',
    );
    expect(richText.toText('one<br>two<table><tr><td>x</td><td>y</td></tr></table>')).toBe('one two x y');
  });

  it('leaves out script, style and template content and shows entities as the characters they are', () => {
    expect(
      richText.toText(
        '<p>kept</p><script>alert(1)</script><div><style>p{}</style><template><p>t</p></template><noscript>n</noscript></div>',
      ),
    ).toBe('kept');
    expect(richText.toText('<img src=x onerror=alert(1)>')).toBe('');
    expect(richText.toText('a &lt;b&gt; &amp; c')).toBe('a <b> & c');
    expect(richText.toText('no markup at all')).toBe('no markup at all');
  });
});

describe('embedded images', () => {
  const t: TFunction = (key, options) => `${String(key)}${options ? ` ${JSON.stringify(options)}` : ''}`;

  it('formats sizes in binary units', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(2048)).toBe('2 KB');
    expect(formatBytes(1536 * 1024)).toBe('1.5 MB');
    expect(formatBytes(RICH_TEXT_IMAGE_MAX_BYTES)).toBe('256 KB');
  });

  it('refuses a file over the limit or not a raster image, with the message of the language', () => {
    expect(imageRefusal({ size: RICH_TEXT_IMAGE_MAX_BYTES, type: 'image/png' }, t)).toBeUndefined();
    expect(imageRefusal({ size: RICH_TEXT_IMAGE_MAX_BYTES + 1, type: 'image/png' }, t)).toBe(
      'richText.imageTooLarge {"size":"256 KB","limit":"256 KB"}',
    );
    expect(imageRefusal({ size: 300 * 1024, type: 'image/jpeg' }, t)).toBe('richText.imageTooLarge {"size":"300 KB","limit":"256 KB"}');
    expect(imageRefusal({ size: 10, type: 'image/svg+xml' }, t)).toBe('richText.notAnImage');
    expect(imageRefusal({ size: 10, type: 'text/html' }, t)).toBe('richText.notAnImage');
  });

  it('embeds as a data: URL the sanitiser keeps', () => {
    const url = imageDataUrl('IMAGE/PNG', 'iVBORw0KGgo=');
    expect(url).toBe('data:image/png;base64,iVBORw0KGgo=');
    expect(richText.sanitize(`<img src="${url}">`)).toBe(`<img src="${url}">`);
  });
});

describe('rich-text fields', () => {
  it('are the fields of the richText kind', () => {
    const base = resources.SysParam!;
    expect(isRichTextField(base, 'paramValue')).toBe(false);
    const rich = { ...base, fields: base.fields.map((f) => (f.name === 'paramValue' ? { ...f, kind: 'richText' as const } : f)) };
    expect(isRichTextField(rich, 'paramValue')).toBe(true);
    expect(isRichTextField(rich, 'paramName')).toBe(false);
  });
});
