/**
 * The character captcha of the forgot-password page. No state is kept for a captcha that is
 * being answered: its key carries the expiry and a nonce, signed (HMAC-SHA256, with a key
 * derived from the token secret) together with the expected answer, so any process of a
 * deployment can check it. The answer itself is not in the key. A key is spent (single use)
 * by a wrong answer or by the call it protects; spent nonces are kept until they expire
 * (captchaUses.ts). The image is an SVG whose characters are drawn as strokes (no text
 * elements, so the answer cannot be read from the markup), drawn afresh and distorted each
 * time and mixed with decoy strokes (captchaSvg), with noise lines and dots.
 */
import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { Services } from '../calls/context.ts';
import { loadTokenSecret } from './tokens.ts';

const CHAR_CAPTCHA_LENGTH = 4;
export const CHAR_CAPTCHA_TTL_MS = 5 * 60_000;
const CAPTCHA_WIDTH = 120;
const CAPTCHA_HEIGHT = 40;

type Point = readonly [number, number];
type Glyph = readonly (readonly Point[])[];

/** Strokes on a 4 x 6 grid; characters that look alike (0/O, 1/I, 2/Z, 5/S, 8/B, 6/G) are left out. */
const GLYPHS: Record<string, Glyph> = {
  '3': [
    [
      [0, 0.5],
      [1, 0],
      [3, 0],
      [4, 1],
      [4, 2],
      [3, 3],
      [1.5, 3],
    ],
    [
      [3, 3],
      [4, 4],
      [4, 5],
      [3, 6],
      [1, 6],
      [0, 5.5],
    ],
  ],
  '4': [
    [
      [3, 6],
      [3, 0],
      [0, 4],
      [4, 4],
    ],
  ],
  '7': [
    [
      [0, 0],
      [4, 0],
      [1.5, 6],
    ],
  ],
  '9': [
    [
      [4, 3],
      [1, 3],
      [0, 2],
      [0, 1],
      [1, 0],
      [3, 0],
      [4, 1],
      [4, 5],
      [3, 6],
      [0.5, 6],
    ],
  ],
  A: [
    [
      [0, 6],
      [2, 0],
      [4, 6],
    ],
    [
      [0.8, 3.8],
      [3.2, 3.8],
    ],
  ],
  C: [
    [
      [4, 1],
      [3, 0],
      [1, 0],
      [0, 1],
      [0, 5],
      [1, 6],
      [3, 6],
      [4, 5],
    ],
  ],
  E: [
    [
      [4, 0],
      [0, 0],
      [0, 6],
      [4, 6],
    ],
    [
      [0, 3],
      [3, 3],
    ],
  ],
  F: [
    [
      [4, 0],
      [0, 0],
      [0, 6],
    ],
    [
      [0, 3],
      [3, 3],
    ],
  ],
  H: [
    [
      [0, 0],
      [0, 6],
    ],
    [
      [4, 0],
      [4, 6],
    ],
    [
      [0, 3],
      [4, 3],
    ],
  ],
  K: [
    [
      [0, 0],
      [0, 6],
    ],
    [
      [4, 0],
      [0, 3.5],
    ],
    [
      [1.3, 2.7],
      [4, 6],
    ],
  ],
  L: [
    [
      [0, 0],
      [0, 6],
      [4, 6],
    ],
  ],
  M: [
    [
      [0, 6],
      [0, 0],
      [2, 3.5],
      [4, 0],
      [4, 6],
    ],
  ],
  N: [
    [
      [0, 6],
      [0, 0],
      [4, 6],
      [4, 0],
    ],
  ],
  P: [
    [
      [0, 6],
      [0, 0],
      [3, 0],
      [4, 1],
      [4, 2],
      [3, 3],
      [0, 3],
    ],
  ],
  R: [
    [
      [0, 6],
      [0, 0],
      [3, 0],
      [4, 1],
      [4, 2],
      [3, 3],
      [0, 3],
    ],
    [
      [2, 3],
      [4, 6],
    ],
  ],
  T: [
    [
      [0, 0],
      [4, 0],
    ],
    [
      [2, 0],
      [2, 6],
    ],
  ],
  U: [
    [
      [0, 0],
      [0, 5],
      [1, 6],
      [3, 6],
      [4, 5],
      [4, 0],
    ],
  ],
  V: [
    [
      [0, 0],
      [2, 6],
      [4, 0],
    ],
  ],
  W: [
    [
      [0, 0],
      [1, 6],
      [2, 2.5],
      [3, 6],
      [4, 0],
    ],
  ],
  X: [
    [
      [0, 0],
      [4, 6],
    ],
    [
      [4, 0],
      [0, 6],
    ],
  ],
  Y: [
    [
      [0, 0],
      [2, 3],
      [4, 0],
    ],
    [
      [2, 3],
      [2, 6],
    ],
  ],
};
const CAPTCHA_ALPHABET = Object.keys(GLYPHS).join('');

export function randomCaptchaText(length = CHAR_CAPTCHA_LENGTH): string {
  let out = '';
  for (let i = 0; i < length; i += 1) out += CAPTCHA_ALPHABET[randomInt(CAPTCHA_ALPHABET.length)];
  return out;
}

const rnd = (min: number, max: number) => min + (randomInt(0, 1_000_000) / 1_000_000) * (max - min);
const f = (n: number) => n.toFixed(1);
const colour = (lightness: number) => `hsl(${randomInt(360)},${randomInt(40, 70)}%,${lightness}%)`;

function shuffle<T>(items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i -= 1) {
    const j = randomInt(i + 1);
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}

/**
 * A glyph's strokes drawn afresh: every segment cut into 1 to 3 pieces with the inner points
 * moved, every point moved a little, strokes lifted at random points and drawn in either
 * direction. So neither the number of points nor their order says which character it is.
 */
function roughStrokes(glyph: Glyph): Point[][] {
  const wobble = (): number => rnd(-0.18, 0.18);
  const out: Point[][] = [];
  for (const stroke of glyph) {
    const points: Point[] = [[stroke[0]![0] + wobble(), stroke[0]![1] + wobble()]];
    for (let i = 1; i < stroke.length; i += 1) {
      const [ax, ay] = stroke[i - 1]!;
      const [bx, by] = stroke[i]!;
      const pieces = randomInt(1, 4);
      for (let k = 1; k <= pieces; k += 1) {
        const t = k / pieces + (k < pieces ? rnd(-0.08, 0.08) : 0);
        points.push([ax + (bx - ax) * t + wobble(), ay + (by - ay) * t + wobble()]);
      }
    }
    // pen lifts: the stroke continues from the point where it was lifted
    let piece: Point[] = [points[0]!];
    for (let i = 1; i < points.length; i += 1) {
      piece.push(points[i]!);
      if (i < points.length - 1 && randomInt(4) === 0) {
        out.push(piece);
        piece = [points[i]!];
      }
    }
    out.push(piece);
  }
  return out.map((p) => (randomInt(2) ? p.reverse() : p));
}

/**
 * The SVG image of a text made of GLYPHS characters. Decision (docs/security.md, "Password
 * reset"): the strokes of every character are drawn afresh each time (roughStrokes), distorted
 * (scale, shear and rotation per character, applied to the coordinates), mixed with short
 * decoy strokes, shuffled and spread over a few paths of random colours, so that no path, path
 * order or point count belongs to one character: matching paths against known glyphs fails.
 * Noise curves and dots are drawn over them.
 */
export function captchaSvg(text: string): string {
  const w = CAPTCHA_WIDTH;
  const h = CAPTCHA_HEIGHT;
  const parts: string[] = [`<rect width="${w}" height="${h}" fill="#f4f6fa"/>`];
  for (let i = 0; i < 5; i += 1) {
    parts.push(
      `<path d="M${f(rnd(0, w))} ${f(rnd(0, h))}Q${f(rnd(0, w))} ${f(rnd(0, h))} ${f(rnd(0, w))} ${f(rnd(0, h))}" stroke="${colour(70)}" stroke-width="${f(rnd(1, 2))}" fill="none"/>`,
    );
  }
  const slot = w / (text.length + 0.5);
  const strokes: Point[][] = [];
  [...text].forEach((ch, i) => {
    const glyph = GLYPHS[ch];
    if (!glyph) throw new Error(`No captcha glyph for "${ch}"`);
    const scale = rnd(3.5, 4.4);
    const sx = scale * rnd(0.85, 1.15);
    const sy = scale * rnd(0.9, 1.1);
    const shear = rnd(-0.3, 0.3);
    const angle = (rnd(-22, 22) * Math.PI) / 180;
    const cx = slot * (i + 0.75) + rnd(-3, 3);
    const cy = h / 2 + rnd(-3, 3);
    const place = ([x, y]: Point): Point => {
      const px = (x - 2) * sx + (y - 3) * sy * shear;
      const py = (y - 3) * sy;
      return [cx + px * Math.cos(angle) - py * Math.sin(angle), cy + px * Math.sin(angle) + py * Math.cos(angle)];
    };
    for (const stroke of roughStrokes(glyph)) strokes.push(stroke.map(place));
  });
  // decoys: short strokes like pieces of a character
  for (let i = randomInt(3, 7); i > 0; i -= 1) {
    const x = rnd(6, w - 6);
    const y = rnd(8, h - 8);
    const points: Point[] = [[x, y]];
    for (let k = randomInt(1, 3); k > 0; k -= 1)
      points.push([points[points.length - 1]![0] + rnd(-5, 5), points[points.length - 1]![1] + rnd(-5, 5)]);
    strokes.push(points);
  }
  shuffle(strokes);
  const groups = randomInt(2, 5);
  for (let g = 0; g < groups; g += 1) {
    const mine = strokes.filter((_, i) => i % groups === g);
    if (!mine.length) continue;
    const d = mine.map((stroke) => stroke.map(([x, y], j) => `${j ? 'L' : 'M'}${f(x)} ${f(y)}`).join('')).join('');
    parts.push(
      `<path d="${d}" stroke="${colour(32)}" stroke-width="${f(rnd(2.2, 2.8))}" stroke-linecap="round" stroke-linejoin="round" fill="none"/>`,
    );
  }
  for (let i = 0; i < 30; i += 1)
    parts.push(`<circle cx="${f(rnd(0, w))}" cy="${f(rnd(0, h))}" r="${f(rnd(0.5, 1.3))}" fill="${colour(55)}"/>`);
  for (let i = 0; i < 2; i += 1) {
    parts.push(
      `<path d="M0 ${f(rnd(8, h - 8))}C${f(w / 3)} ${f(rnd(0, h))} ${f((2 * w) / 3)} ${f(rnd(0, h))} ${w} ${f(rnd(8, h - 8))}" stroke="${colour(40)}" stroke-width="1.2" fill="none"/>`,
    );
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">${parts.join('')}</svg>`;
}

const keys = new WeakMap<Services, Promise<Buffer>>();

/** The captcha signing key: derived from the token secret, so every process of a deployment shares it. */
function signingKey(services: Services): Promise<Buffer> {
  let key = keys.get(services);
  if (!key) {
    key = loadTokenSecret(services.system, services.config.dataDir, services.config.tokenSecret).then((secret) =>
      createHmac('sha256', secret).update('char-captcha/v1').digest(),
    );
    keys.set(services, key);
  }
  return key;
}

function mac(key: Buffer, expires: string, nonce: string, answer: string): Buffer {
  return createHmac('sha256', key).update(`${expires}.${nonce}.${answer.toUpperCase()}`).digest().subarray(0, 16);
}

export interface IssuedCaptcha {
  /** `<expiry ms, base 36>.<nonce>.<signature>` */
  key: string;
  /** The image as an SVG data URL, for an <img src>. */
  image: string;
  expiresAt: string;
}

export async function issueCaptcha(services: Services, text = randomCaptchaText()): Promise<IssuedCaptcha> {
  const expiresMs = services.now().getTime() + CHAR_CAPTCHA_TTL_MS;
  const expires = expiresMs.toString(36);
  const nonce = randomBytes(12).toString('base64url');
  const signature = mac(await signingKey(services), expires, nonce, text).toString('base64url');
  return {
    key: `${expires}.${nonce}.${signature}`,
    image: `data:image/svg+xml;base64,${Buffer.from(captchaSvg(text)).toString('base64')}`,
    expiresAt: new Date(expiresMs).toISOString(),
  };
}

export type CaptchaCheck =
  { ok: true; nonce: string; expiresAt: Date } | { ok: false; reason: 'malformed' | 'expired' | 'wrong'; nonce?: string; expiresAt?: Date };

/** Checks an answer against a key (case-insensitive, surrounding spaces ignored); does not spend it. */
export async function checkCaptcha(services: Services, key: string, answer: string): Promise<CaptchaCheck> {
  const m = /^([0-9a-z]{1,12})\.([A-Za-z0-9_-]{16})\.([A-Za-z0-9_-]{22})$/.exec(key);
  if (!m) return { ok: false, reason: 'malformed' };
  const [, expires, nonce, signature] = m as unknown as [string, string, string, string];
  const expiresAt = new Date(parseInt(expires, 36));
  if (!(expiresAt.getTime() > services.now().getTime())) return { ok: false, reason: 'expired', nonce, expiresAt };
  const expected = mac(await signingKey(services), expires, nonce, answer.trim());
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'wrong', nonce, expiresAt };
  return { ok: true, nonce, expiresAt };
}
