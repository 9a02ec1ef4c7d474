/**
 * Colour contrast (WCAG 2.1, 1.4.3): the console's theme colour is shown as white text on it
 * (primary buttons, the active tab and menu entry) and as text on white (links), so it is
 * darkened just enough for both to reach the AA ratio of 4.5:1. A preset already dark enough
 * (#304156, #212121) is used as it is. Pure arithmetic: it is part of the sign-in page's bundle.
 */

/**
 * The AA ratio for normal text, on white and on the light grey of a hovered table row and the
 * table header (#fafafa: 4.5:1 there is 4.7:1 against white), with a margin for rounding.
 */
export const AA_RATIO = 4.8;
/**
 * The ratio against white that keeps 4.5:1 on the light tints antd lays under status texts
 * (a tag's #e6f7ff, #f6ffed, #fff1f0: luminance 0.92 and more).
 */
export const ON_TINT_RATIO = 5.2;

function channels(hex: string): [number, number, number] | undefined {
  const m = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  if (!m) return undefined;
  const h = m[1]!.length === 3 ? [...m[1]!].map((c) => c + c).join('') : m[1]!;
  return [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16)) as [number, number, number];
}

function luminance([r, g, b]: [number, number, number]): number {
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/** The contrast ratio of a colour against white (1 to 21); NaN for a colour that is not #rgb or #rrggbb. */
export function contrastWithWhite(hex: string): number {
  const c = channels(hex);
  return c ? 1.05 / (luminance(c) + 0.05) : NaN;
}

/**
 * The colour, darkened (mixed with black) in the fewest steps to reach `ratio` against white
 * (white text on it, or it as text on white); unchanged when it already does or is not a hex colour.
 */
export function readableOnWhite(hex: string, ratio = AA_RATIO): string {
  const c = channels(hex);
  if (!c) return hex;
  for (let keep = 1; keep > 0; keep -= 0.02) {
    const mixed = c.map((v) => Math.round(v * keep)) as [number, number, number];
    if (1.05 / (luminance(mixed) + 0.05) >= ratio) return `#${mixed.map((v) => v.toString(16).padStart(2, '0')).join('')}`;
  }
  return '#000000';
}
