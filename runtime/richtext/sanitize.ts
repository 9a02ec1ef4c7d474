/**
 * Rich text (the HTML a `richText` field holds) made safe to show, and its plain text.
 *
 * `sanitize` keeps formatting (paragraphs, headings, bold, italic, lists, links, images,
 * tables, a short list of inline styles) and drops everything that can run script, load a
 * frame or a plug-in, submit a form or restyle the page: script, style, iframe, object,
 * embed, form controls, SVG and MathML, event handler attributes, `javascript:` and other
 * unknown URL schemes, `data:` URLs outside images, classes and ids. Links open in a new tab
 * with `rel="noopener noreferrer"`. Built on DOMPurify, whose parser is the browser's own.
 *
 * `toText` is the text a list cell or a printed table shows: the content of the parsed
 * document (DOMParser: inert, nothing loads or runs), tags stripped, block boundaries as
 * spaces, whitespace collapsed; the content of script, style and template elements left out.
 *
 * `createRichText(window)` builds both for a window (tests pass a jsdom window);
 * `sanitizeRichText` and `richTextToText` use the page's window.
 */
import createDOMPurify, { type Config, type WindowLike } from 'dompurify';

export interface RichText {
  /** The HTML with only safe formatting left. */
  sanitize(html: string): string;
  /** The text of the HTML: tags stripped, whitespace collapsed. */
  toText(html: string): string;
}

/** Elements the sanitised HTML may keep. */
const ALLOWED_TAGS = [
  '#text',
  'p',
  'br',
  'hr',
  'div',
  'span',
  'pre',
  'blockquote',
  'address',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'b',
  'strong',
  'i',
  'em',
  'u',
  's',
  'strike',
  'del',
  'ins',
  'sub',
  'sup',
  'small',
  'mark',
  'code',
  'q',
  'cite',
  'abbr',
  'time',
  'ul',
  'ol',
  'li',
  'dl',
  'dt',
  'dd',
  'a',
  'img',
  'figure',
  'figcaption',
  'table',
  'caption',
  'colgroup',
  'col',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'th',
  'td',
];

/** Attributes the sanitised HTML may keep (URLs checked by DOMPurify, `style` filtered below). */
const ALLOWED_ATTR = [
  'href',
  'target',
  'rel',
  'title',
  'src',
  'alt',
  'width',
  'height',
  'colspan',
  'rowspan',
  'scope',
  'headers',
  'span',
  'border',
  'cellpadding',
  'cellspacing',
  'dir',
  'lang',
  'start',
  'reversed',
  'type',
  'datetime',
  'cite',
  'style',
];

/** Inline style properties kept (alignment, colours, fonts, sizes, borders, indentation). */
const STYLE_PROPERTIES = new Set([
  'color',
  'background-color',
  'text-align',
  'text-decoration',
  'text-decoration-line',
  'font-weight',
  'font-style',
  'font-size',
  'font-family',
  'line-height',
  'vertical-align',
  'padding-left',
  'margin-left',
  'margin-right',
  'width',
  'height',
  'max-width',
  'border',
  'border-width',
  'border-style',
  'border-color',
  'border-collapse',
  'border-spacing',
  'list-style-type',
  'float',
]);

/**
 * A style value made of words, numbers, units, colours, quoted font names and the colour
 * functions: no url(), expression(), var(), escapes or comments.
 */
const SAFE_STYLE_VALUE = /^(?:[\w\s#.,%'"+-]|(?:rgba?|hsla?)\([\d\s.,%/]*\))*$/i;

/** Image data the sanitised HTML may embed (raster images only). */
const IMAGE_DATA_URL = /^data:image\/(?:png|jpe?g|gif|webp|bmp|avif)[;,]/i;

const CONFIG: Config = {
  ALLOWED_TAGS,
  ALLOWED_ATTR,
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  ALLOW_UNKNOWN_PROTOCOLS: false,
  KEEP_CONTENT: true,
};

/** The declarations of a style attribute that are on the list, with safe values. */
export function filterStyle(style: string): string {
  const kept: string[] = [];
  for (const declaration of style.split(';')) {
    const colon = declaration.indexOf(':');
    if (colon < 0) continue;
    const property = declaration.slice(0, colon).trim().toLowerCase();
    const value = declaration.slice(colon + 1).trim();
    if (!STYLE_PROPERTIES.has(property) || !value || !SAFE_STYLE_VALUE.test(value)) continue;
    kept.push(`${property}: ${value}`);
  }
  return kept.join('; ');
}

/** Elements whose content is not text a reader sees. */
const NO_TEXT = new Set(['SCRIPT', 'STYLE', 'TEMPLATE', 'NOSCRIPT', 'IFRAME', 'OBJECT', 'EMBED', 'HEAD', 'TITLE', 'SVG', 'MATH']);
/** Elements that end a line: their text is apart from the text around them. */
const BLOCKS = new Set([
  'P',
  'DIV',
  'BR',
  'HR',
  'LI',
  'UL',
  'OL',
  'DL',
  'DT',
  'DD',
  'TR',
  'TD',
  'TH',
  'TABLE',
  'CAPTION',
  'THEAD',
  'TBODY',
  'TFOOT',
  'H1',
  'H2',
  'H3',
  'H4',
  'H5',
  'H6',
  'BLOCKQUOTE',
  'PRE',
  'ADDRESS',
  'FIGURE',
  'FIGCAPTION',
  'SECTION',
  'ARTICLE',
  'HEADER',
  'FOOTER',
]);

/** At most this many answers are remembered per function (a table re-renders the same cells). */
const CACHE_SIZE = 500;

function cached(fn: (html: string) => string): (html: string) => string {
  const cache = new Map<string, string>();
  return (html) => {
    const hit = cache.get(html);
    if (hit !== undefined) return hit;
    const out = fn(html);
    if (cache.size >= CACHE_SIZE) cache.clear();
    cache.set(html, out);
    return out;
  };
}

export function createRichText(win: WindowLike & { DOMParser: typeof DOMParser }): RichText {
  const purify = createDOMPurify(win);
  purify.addHook('uponSanitizeAttribute', (_node, data) => {
    if (data.attrName !== 'style') return;
    const style = filterStyle(data.attrValue);
    if (style) data.attrValue = style;
    else data.keepAttr = false;
  });
  purify.addHook('afterSanitizeAttributes', (node) => {
    const tag = node.nodeName;
    if (tag === 'A') {
      if (node.hasAttribute('href')) {
        node.setAttribute('target', '_blank');
        node.setAttribute('rel', 'noopener noreferrer');
      } else {
        node.removeAttribute('target');
        node.removeAttribute('rel');
      }
    } else {
      node.removeAttribute('target');
      node.removeAttribute('rel');
    }
    if (tag === 'IMG') {
      const src = (node.getAttribute('src') ?? '').trim();
      if (/^data:/i.test(src) && !IMAGE_DATA_URL.test(src)) node.removeAttribute('src');
    }
  });

  const sanitize = (html: string): string => purify.sanitize(html, CONFIG);

  const toText = (html: string): string => {
    const doc = new win.DOMParser().parseFromString(html, 'text/html');
    const parts: string[] = [];
    const walk = (node: Node): void => {
      for (let child = node.firstChild; child; child = child.nextSibling) {
        if (child.nodeType === 3) {
          parts.push(child.nodeValue ?? '');
        } else if (child.nodeType === 1) {
          const name = child.nodeName.toUpperCase();
          if (NO_TEXT.has(name)) continue;
          const block = BLOCKS.has(name);
          if (block) parts.push(' ');
          walk(child);
          if (block) parts.push(' ');
        }
      }
    };
    walk(doc.body);
    return parts.join('').replace(/\s+/g, ' ').trim();
  };

  return { sanitize: cached(sanitize), toText: cached(toText) };
}

let shared: RichText | undefined;

function pageRichText(): RichText {
  return (shared ??= createRichText(window));
}

/** The HTML with only safe formatting left (in the page's window). */
export function sanitizeRichText(html: string): string {
  return pageRichText().sanitize(html);
}

/** The plain text of rich text (in the page's window). */
export function richTextToText(html: string): string {
  return pageRichText().toText(html);
}
