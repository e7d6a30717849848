import { describe, expect, it } from 'vitest';
import { passwordScore, strengthBars } from '../src/password-strength.js';

describe('password strength (part 1 §5)', () => {
  it.each([
    ['', 0, 0],
    ['abc', 10, 1], // 6 + 10, capped at 10 for length <= 6
    ['aB1!xy', 10, 1], // four classes but only six characters
    ['abcdefgh', 10, 1], // one class caps at 10
    ['abcdefgH', 20, 2], // 16 + 20, two classes cap at 20
    ['abcdefG1', 40, 4], // 16 + 30 = 46, three classes cap at 40
    ['abcdefG1!', 58, 5], // 18 + 40
    ['abcdefG1!x', 61, 5], // 20 + 1 (length >= 10) + 40
  ])('%s scores %i and lights %i bars', (password, score, bars) => {
    if (password) expect(passwordScore(password)).toBe(score);
    expect(strengthBars(password)).toBe(bars);
  });

  it('maps the thresholds 10, 20, 30, 40 to bars', () => {
    // Three classes at 7 characters: 14 + 30 = 44, capped to 40 -> exactly the fourth threshold.
    expect(strengthBars('abcdeF1')).toBe(4);
    expect(passwordScore('abcdeF1')).toBe(40);
  });
});
