/** The character captcha of the forgot-password page: random characters drawn on a canvas. */
import { CHAR_CAPTCHA_LENGTH } from '../../constants/spec.ts';

/** Letters and digits that cannot be mistaken for one another. */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZabcdefhjkmnprstuvwxyz23456789';

export function randomCaptcha(length = CHAR_CAPTCHA_LENGTH, random: () => number = Math.random): string {
  let out = '';
  for (let i = 0; i < length; i += 1) out += ALPHABET[Math.floor(random() * ALPHABET.length)];
  return out;
}

/** Case-insensitive comparison, as users type it. */
export function captchaMatches(expected: string, typed: string): boolean {
  return expected.toLowerCase() === typed.trim().toLowerCase();
}

export function drawCaptcha(canvas: HTMLCanvasElement, text: string): void {
  const ctx = canvas.getContext('2d');
  if (!ctx) return;
  const { width, height } = canvas;
  ctx.fillStyle = '#f4f6fa';
  ctx.fillRect(0, 0, width, height);
  for (let i = 0; i < 6; i += 1) {
    ctx.strokeStyle = `hsl(${Math.random() * 360}, 50%, 70%)`;
    ctx.beginPath();
    ctx.moveTo(Math.random() * width, Math.random() * height);
    ctx.lineTo(Math.random() * width, Math.random() * height);
    ctx.stroke();
  }
  const step = width / (text.length + 1);
  [...text].forEach((ch, i) => {
    ctx.save();
    ctx.font = `bold ${Math.round(height * 0.6)}px monospace`;
    ctx.fillStyle = `hsl(${Math.random() * 360}, 60%, 35%)`;
    ctx.translate(step * (i + 0.6), height * 0.7);
    ctx.rotate((Math.random() - 0.5) * 0.5);
    ctx.fillText(ch, 0, 0);
    ctx.restore();
  });
}
