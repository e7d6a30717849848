import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decimalDouble, EXACT_DIGITS } from '../../src/lib/decimal-double.js';

/** A decimal's significant digits and scale, as a parser hands them over, and its text. */
const decimal = (digits: string, scale: number) => ({
  head: Number(digits.slice(0, EXACT_DIGITS)),
  tail: Number(digits.slice(EXACT_DIGITS) || '0'),
  tailDigits: Math.max(digits.length - EXACT_DIGITS, 0),
  text: `${digits}e${scale}`,
});

describe('the double nearest a decimal, made from its digits', () => {
  it('is what Number reads from the text, to the last bit, or NaN when it is left to the text', () => {
    let made = 0;
    fc.assert(
      fc.property(fc.stringMatching(/^[1-9][0-9]{0,18}$/), fc.integer({ min: -30, max: 30 }), (digits, scale) => {
        const { head, tail, tailDigits, text } = decimal(digits, scale);
        const value = decimalDouble(head, tail, tailDigits, scale);
        if (Number.isNaN(value)) return;
        made++;
        expect(Object.is(value, Number(text)), `${text}: ${value} against ${Number(text)}`).toBe(true);
      }),
      { numRuns: 50_000 },
    );
    expect(made).toBeGreaterThan(25_000);
  });

  it('makes the numbers JavaScript writes (17 digits) nearly always', () => {
    let made = 0;
    fc.assert(
      fc.property(fc.double({ min: 1e-6, max: 1e6, noNaN: true }), (n) => {
        const [mantissa, exponent = '0'] = n.toExponential().split('e');
        const digits = mantissa.replace('.', '');
        const scale = Number(exponent) - (digits.length - 1);
        const { head, tail, tailDigits } = decimal(digits, scale);
        const value = decimalDouble(head, tail, tailDigits, scale);
        if (Number.isNaN(value)) return;
        made++;
        expect(Object.is(value, n)).toBe(true);
      }),
      { numRuns: 20_000 },
    );
    expect(made).toBeGreaterThan(19_900);
  });

  it('leaves ties and powers of two to the text', () => {
    // 2^-1 written with 17 digits after it: a power of two, whose neighbours are uneven.
    expect(decimalDouble(500000000000000, 0, 2, -17)).toBeNaN();
    // 90071992547409930e-1 = 2^53 + 1, exactly halfway between two doubles.
    expect(decimalDouble(900719925474099, 30, 2, -1)).toBeNaN();
    expect(Number('90071992547409930e-1')).toBe(2 ** 53); // the text's reading: ties to even
  });
});
