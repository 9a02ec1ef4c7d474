import { describe, expect, it } from 'vitest';
import { AA_RATIO, ON_TINT_RATIO, contrastWithWhite, readableOnWhite } from '../../../runtime/theme/contrast.ts';
import { THEME_PRESET_COLORS } from '../../../runtime/constants/spec.ts';

describe('theme colour contrast', () => {
  it('darkens every preset just enough for white text on it (and it on white) at AA', () => {
    for (const color of [...THEME_PRESET_COLORS, '#1890ff']) {
      const shown = readableOnWhite(color);
      expect(contrastWithWhite(shown), color).toBeGreaterThanOrEqual(4.5);
      // and as a link on a hovered table row's grey
      expect(contrastWithWhite(shown) / contrastWithWhite('#fafafa'), `${color} on #fafafa`).toBeGreaterThanOrEqual(4.5);
      // no darker than needed: one step lighter would not do, unless it was dark enough already
      if (shown !== color.toLowerCase()) expect(contrastWithWhite(color)).toBeLessThan(AA_RATIO);
    }
  });

  it('keeps a colour already dark enough, and one that is not a hex colour', () => {
    expect(readableOnWhite('#304156')).toBe('#304156');
    expect(readableOnWhite('#212121')).toBe('#212121');
    expect(readableOnWhite('rebeccapurple')).toBe('rebeccapurple');
    expect(contrastWithWhite('nope')).toBeNaN();
  });

  it('goes darker still for texts on a light tint', () => {
    const onTint = readableOnWhite('#52c41a', ON_TINT_RATIO);
    expect(contrastWithWhite(onTint)).toBeGreaterThanOrEqual(ON_TINT_RATIO);
    expect(contrastWithWhite('#fff')).toBe(1);
  });
});
