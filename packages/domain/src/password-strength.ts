/** The five-bar meter of part 1 §5. Returns how many bars are lit (0 for an empty password). */
export function passwordScore(password: string): number {
  const classes = [/[a-z]/, /[A-Z]/, /[0-9]/, /[^a-zA-Z0-9]/].filter((re) => re.test(password)).length;
  let score = 2 * password.length + (password.length >= 10 ? 1 : 0) + 10 * classes;
  if (password.length <= 6) score = Math.min(score, 10);
  if (classes === 1) score = Math.min(score, 10);
  else if (classes === 2) score = Math.min(score, 20);
  else if (classes === 3) score = Math.min(score, 40);
  return score;
}

export const STRENGTH_THRESHOLDS = [10, 20, 30, 40] as const;

export function strengthBars(password: string): number {
  if (!password) return 0;
  const score = passwordScore(password);
  const below = STRENGTH_THRESHOLDS.findIndex((t) => score <= t);
  return below === -1 ? 5 : below + 1;
}
