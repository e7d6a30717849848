/** §2: 1 Drive, 2 Neutral, 3 Reverse, anything else Park (the name's key); null without data. */
export function gearName(gear: number | null) {
  if (gear === null) return null;
  return ({ 1: 'gear.drive', 2: 'gear.neutral', 3: 'gear.reverse' } as const)[gear] ?? 'gear.park';
}

/** Charge Status: 1 On (charging), 0 Off (the word's key). */
export const onOff = (v: number | null) => (v === null ? null : v ? 'on' : 'off');
