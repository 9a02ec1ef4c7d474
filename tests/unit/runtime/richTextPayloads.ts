/**
 * Stored cross-site scripting payloads for rich text, and the check of a sanitised output,
 * shared by the sanitiser's unit test (jsdom, richTextSanitize.test.ts) and its end-to-end
 * pass in Chromium (tests/e2e/richText.e2e.test.ts). Each payload names the safe formatting
 * that must survive (CSS selectors, text); `problems` lists what in an output could still run
 * script, load a frame or a plug-in, send a form or restyle the page.
 */
import { JSDOM } from 'jsdom';

export interface Payload {
  name: string;
  html: string;
  /** Selectors that must match in the output. */
  keeps?: string[];
  /** Text the output must still show. */
  text?: string;
}

const RUN = 'window.__xss=(window.__xss||0)+1';

/** A 1×1 PNG. */
export const PNG_DATA_URL =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

export const PAYLOADS: readonly Payload[] = [
  { name: 'img onerror', html: `<img src=x onerror="${RUN}">`, keeps: ['img[src="x"]'] },
  { name: 'script between paragraphs', html: `<p>before</p><script>${RUN}</script><p>after</p>`, keeps: ['p'], text: 'beforeafter' },
  { name: 'javascript: link', html: `<a href="javascript:${RUN}">click</a>`, text: 'click' },
  { name: 'javascript: link, mixed case and entity', html: `<a href="  JaVaScRiPt&#58;${RUN}">click</a>`, text: 'click' },
  { name: 'javascript: link with a tab inside', html: `<a href="java&#x09;script:${RUN}">click</a>`, text: 'click' },
  { name: 'svg onload', html: `<svg onload="${RUN}"><circle r="5"></circle></svg><p>after</p>`, text: 'after' },
  { name: 'svg script', html: `<svg><script>${RUN}</script></svg>` },
  { name: 'iframe srcdoc', html: `<iframe srcdoc="<script>parent.__xss=1</script>"></iframe><p>after</p>`, text: 'after' },
  { name: 'iframe javascript: src', html: `<iframe src="javascript:parent.__xss=1"></iframe>` },
  { name: 'style element', html: '<style>body{display:none}</style><p>shown</p>', text: 'shown' },
  {
    name: 'style attribute injection',
    html: '<p style="position:fixed;top:0;left:0;z-index:9999;background:url(https://evil.example/x.png);color:red;behavior:url(x.htc);width:expression(alert(1))">covered</p>',
    keeps: ['p[style="color: red"]'],
    text: 'covered',
  },
  {
    name: 'event handlers on formatting',
    html: `<div onclick="${RUN}" onmouseover="${RUN}"><b onpointerenter="${RUN}">bold</b></div>`,
    keeps: ['b'],
    text: 'bold',
  },
  { name: 'body onload', html: `<body onload="${RUN}"><p>x</p></body>`, text: 'x' },
  {
    name: 'object, embed and a form',
    html: `<object data="x.swf"></object><embed src="x.swf"><form action="https://evil.example"><input name="q"><button formaction="javascript:${RUN}">go</button></form>`,
  },
  {
    name: 'meta refresh, base and stylesheet link',
    html: '<meta http-equiv="refresh" content="0;url=javascript:alert(1)"><base href="https://evil.example/"><link rel="stylesheet" href="https://evil.example/x.css"><p>x</p>',
    text: 'x',
  },
  { name: 'mXSS: math, mtext, table, mglyph, style', html: `<math><mtext><table><mglyph><style><img src=x onerror="${RUN}">` },
  { name: 'mXSS: svg, p, style, a id', html: `<svg></p><style><a id="</style><img src=1 onerror=${RUN}>">` },
  { name: 'mXSS: noscript and a title', html: `<noscript><p title="</noscript><img src=x onerror=${RUN}>">` },
  { name: 'mXSS: nested forms in math', html: `<form><math><mtext></form><form><mglyph><style></math><img src onerror=${RUN}>` },
  { name: 'mXSS: template in a table', html: `<table><template><style><img src=x onerror=${RUN}></style></template></table>` },
  {
    name: 'data: URL in a link',
    html: '<a href="data:text/html;base64,PHNjcmlwdD5wYXJlbnQuX194c3M9MTwvc2NyaXB0Pg==">open</a>',
    text: 'open',
  },
  {
    name: 'data: URL of an image in an img',
    html: `<img src="${PNG_DATA_URL}" alt="dot">`,
    keeps: [`img[src="${PNG_DATA_URL}"]`, 'img[alt="dot"]'],
  },
  {
    name: 'data: URL of HTML in an img',
    html: '<img src="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==" alt="html">',
    keeps: ['img[alt="html"]'],
  },
  {
    name: 'data: URL of SVG in an img',
    html: '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+" alt="svg">',
    keeps: ['img[alt="svg"]'],
  },
  {
    name: 'DOM clobbering names and ids',
    html: '<img name="getElementById" src="a.png"><p id="cookie" class="ant-modal">x</p>',
    keeps: ['img[src="a.png"]'],
    text: 'x',
  },
  {
    name: 'safe formatting',
    html:
      '<h2>Heading</h2><p><b>bold</b> <strong>strong</strong> <i>italic</i> <em>em</em> <u>u</u> <s>s</s> <sub>2</sub><sup>3</sup></p>' +
      '<ul><li>one</li></ul><ol start="3"><li>two</li></ol><blockquote>quote</blockquote><pre><code>code</code></pre>' +
      '<table border="1"><thead><tr><th>head</th></tr></thead><tbody><tr><td colspan="2" style="text-align: center">cell</td></tr></tbody></table>' +
      '<p style="text-align: center; color: #ff0000">centred</p><a href="https://example.com/a">link</a><a href="mailto:a@example.com">mail</a>' +
      '<img src="https://example.com/a.png" alt="pic" width="20" height="10"><hr>',
    keeps: [
      'h2',
      'b',
      'strong',
      'i',
      'em',
      'u',
      's',
      'sub',
      'sup',
      'ul > li',
      'ol[start="3"] > li',
      'blockquote',
      'pre > code',
      'table thead th',
      'td[colspan="2"][style="text-align: center"]',
      'p[style="text-align: center; color: #ff0000"]',
      'a[href="https://example.com/a"][target="_blank"][rel="noopener noreferrer"]',
      'a[href="mailto:a@example.com"]',
      'img[src="https://example.com/a.png"][alt="pic"][width="20"][height="10"]',
      'hr',
    ],
    text: 'Heading',
  },
  {
    name: 'link target and rel replaced',
    html: '<a href="https://example.com" target="_top" rel="opener">x</a><a target="_self">no link</a>',
    keeps: ['a[href="https://example.com"][target="_blank"][rel="noopener noreferrer"]', 'a:not([href]):not([target])'],
  },
];

const FORBIDDEN_ELEMENTS =
  'script, style, iframe, frame, object, embed, form, input, button, textarea, select, svg, math, link, meta, base, template, noscript';
const URL_ATTRIBUTES = ['href', 'src', 'action', 'formaction', 'xlink:href', 'background', 'srcdoc', 'data'];
const SAFE_IMAGE_DATA = /^data:image\/(?:png|jpe?g|gif|webp|bmp|avif)[;,]/i;
const STYLE_OK = /^(?:[a-z-]+: [^;:()]*(?:\([\d\s.,%/]*\)[^;:()]*)*)(?:; [a-z-]+: [^;:()]*(?:\([\d\s.,%/]*\)[^;:()]*)*)*$/;

/** What in a sanitised output could still run script or reach outside its box (empty when safe). */
export function problems(output: string): string[] {
  const doc = new JSDOM(`<!doctype html><body>${output}`).window.document;
  const out: string[] = [];
  for (const el of Array.from(doc.body.querySelectorAll(FORBIDDEN_ELEMENTS))) out.push(`element <${el.nodeName.toLowerCase()}>`);
  for (const el of Array.from(doc.body.querySelectorAll('*'))) {
    for (const attr of Array.from(el.attributes)) {
      const name = attr.name.toLowerCase();
      if (name.startsWith('on')) out.push(`handler ${name} on <${el.nodeName.toLowerCase()}>`);
      if (name === 'id' || name === 'name' || name === 'class') out.push(`${name} on <${el.nodeName.toLowerCase()}>`);
      if (URL_ATTRIBUTES.includes(name)) {
        // eslint-disable-next-line no-control-regex -- browsers ignore control characters and spaces in a URL's scheme
        const url = attr.value.replace(/[\u0000-\u0020]/g, '').toLowerCase();
        if (/^(?:javascript|vbscript):/.test(url)) out.push(`${name}="${attr.value}"`);
        if (url.startsWith('data:') && !(name === 'src' && el.nodeName === 'IMG' && SAFE_IMAGE_DATA.test(url)))
          out.push(`${name}="${attr.value.slice(0, 40)}"`);
      }
      if (name === 'style' && (!STYLE_OK.test(attr.value) || /url|expression|position|behavior|z-index|@import|\\/i.test(attr.value)))
        out.push(`style="${attr.value}"`);
    }
    if (
      el.nodeName === 'A' &&
      el.hasAttribute('href') &&
      (el.getAttribute('target') !== '_blank' || el.getAttribute('rel') !== 'noopener noreferrer')
    ) {
      out.push(`link without target/rel: ${el.outerHTML}`);
    }
  }
  return out;
}

/** Selectors of the payload that match nothing in the output, and its text when the output lost it. */
export function missing(payload: Payload, output: string): string[] {
  const doc = new JSDOM(`<!doctype html><body>${output}`).window.document;
  const out = (payload.keeps ?? []).filter((selector) => !doc.body.querySelector(selector));
  if (payload.text && !(doc.body.textContent ?? '').includes(payload.text)) out.push(`text "${payload.text}"`);
  return out;
}
