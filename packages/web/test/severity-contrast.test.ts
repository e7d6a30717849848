import { DEFAULT_THEME } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { BAND_BADGES } from '../src/features/records/RecordValue';
import { ROW_COLORS } from '../src/features/vehicles/detail/warning-log/warningLogColumns';

/** WCAG 2 relative luminance of '#rrggbb'. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
};
/** 'orange.9' or 'var(--mantine-color-orange-9)' as the default theme's hex. */
function token(value: string): string {
  if (value === 'white') return '#ffffff';
  const [, hue, shade] = /(?:--mantine-color-)?([a-z]+)[.-](\d)/.exec(value) ?? [];
  return DEFAULT_THEME.colors[hue][Number(shade)];
}

describe('severity colours', () => {
  it('give the WARNING, SEVERE and GOOD badges text at 4.5:1 or more', () => {
    for (const [band, { color, text }] of Object.entries(BAND_BADGES)) {
      expect({ band, readable: contrast(token(color), token(text)) >= 4.5 }).toEqual({ band, readable: true });
    }
  });

  it('keep the warning log rows of types shown (SEVERE, WARNING) at 4.5:1 or more', () => {
    for (const type of ['SEVERE', 'WARNING'] as const) {
      const { color, backgroundColor } = ROW_COLORS[type] as { color: string; backgroundColor: string };
      expect(contrast(token(color), token(backgroundColor))).toBeGreaterThanOrEqual(4.5);
    }
  });
});
