/**
 * The plain text of a notification's rich-text content (HTML), for the bell's one-line
 * description: scripts, styles and tags removed, character references decoded, white space
 * collapsed, cut to a length.
 */

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

function decode(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, ref: string) => {
    if (ref[0] === '#') {
      const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      return Number.isInteger(code) && code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff) ? String.fromCodePoint(code) : ' ';
    }
    return NAMED[ref.toLowerCase()] ?? whole;
  });
}

/** The text a reader sees of `html`, on one line. */
function htmlToText(html: string): string {
  const withoutCode = html.replace(/<(script|style|template)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, ' ').replace(/<!--[\s\S]*?-->/g, ' ');
  // Block ends and line breaks separate words; other tags just go.
  const text = withoutCode
    .replace(/<\/?(p|div|br|li|tr|h[1-6]|blockquote|pre|table|ul|ol)\b[^>]*>/gi, ' ')
    .replace(/<\/?[a-z!?][^>]*>/gi, '');
  return decode(text).replace(/\s+/g, ' ').trim();
}

/** At most `max` characters (code points) of the text of `html`, an ellipsis ending a cut one. */
export function excerpt(html: string, max: number): string {
  const chars = [...htmlToText(html)];
  if (chars.length <= max) return chars.join('');
  return `${chars
    .slice(0, max - 1)
    .join('')
    .trimEnd()}…`;
}
