import type { AlertAttribute, BandKey } from '@evfleet/domain';

/** A range the plus button added and the user has not set yet, as `${band}:${index}`. */
export type FreshRanges = ReadonlySet<string>;

export const freshKey = (band: BandKey, index: number) => `${band}:${index}`;

/**
 * The attribute without its untouched new ranges: their overlap is not the user's mistake yet, so
 * the problems shown are those of the rest. A new range is always its band's last, so removing it
 * keeps the other indexes.
 */
export function withoutFresh(attribute: AlertAttribute, fresh: FreshRanges): AlertAttribute {
  if (fresh.size === 0) return attribute;
  const keep = (band: BandKey) => attribute[band].filter((_, index) => !fresh.has(freshKey(band, index)));
  return { ...attribute, normal: keep('normal'), warning: keep('warning'), sever: keep('sever') };
}
