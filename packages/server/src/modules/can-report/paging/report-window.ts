/**
 * Pages of a report sorted by a signal, without sorting the whole range (docs/decisions.md,
 * "Sorting and paging"). The order is by value, then by time, so a reading's place in it is the
 * pair (value, instant). A page is cut from a window: the readings between two such pairs, read
 * and ordered whole, with exact counts of the readings ordered before and after it and of those
 * without a value (always last). The bounds are readings of a sample taken at instants spread over
 * the range, placed around the page's share of the order with a margin of a few standard
 * deviations of the sample's error, so the window holds the page almost always; when it does not,
 * the side it missed is opened and the window read again. Bounding by the pair rather than by the
 * value alone keeps windows narrow for a signal of few values (a gear, a charge status), whose
 * equal values would otherwise all fall into one window.
 */

/** A reading of the sample: its value (null when empty) and instant (Unix milliseconds). */
export interface SampledReading {
  v: number | null;
  ts: number;
}

/** A place in a signal's order. */
export interface OrderPlace {
  v: number;
  ts: number;
}

/** Bounds in the report's order: `top` is where the window starts, `bottom` where it ends, both within it; an absent bound is open. */
export interface WindowBounds {
  top?: OrderPlace;
  bottom?: OrderPlace;
}

/** A window of a signal's order: the instants in it in the report's order, and the counts around it. */
export interface SignalWindow {
  /** Readings ordered before the window. */
  before: number;
  /** The window's instants (Unix milliseconds), in the report's order. */
  instants: Float64Array;
  /** Readings with a value ordered after the window. */
  after: number;
  /** Readings without a value: they follow every reading with one. */
  empty: number;
}

export const withValue = (w: SignalWindow) => w.before + w.instants.length + w.after;
export const totalOf = (w: SignalWindow) => withValue(w) + w.empty;

/** How many readings of a sample, empty values last, have a value. */
const valuedIn = (sample: readonly SampledReading[]) => {
  const firstEmpty = sample.findIndex((r) => r.v === null);
  return firstEmpty < 0 ? sample.length : firstEmpty;
};

/**
 * A sample taken in ascending order (empty values last) in the order of a sort either way: the
 * descending order of the readings with a value, (value desc, instant desc), is the ascending one
 * backwards, so one sample serves both directions.
 */
export function sampleInOrder(ascending: readonly SampledReading[], descending: boolean): readonly SampledReading[] {
  if (!descending) return ascending;
  const valued = valuedIn(ascending);
  return [...ascending.slice(0, valued).reverse(), ...ascending.slice(valued)];
}

/**
 * The bounds of a window likely to hold ranks [offset, offset + limit) of `total` readings, from
 * a sample in the report's order with its empty values last. A rank's share of the order is
 * estimated by the share of the sample before it, with a binomial error of sqrt(n q (1 - q))
 * samples; `spread` of those on each side, and one more.
 */
export function windowBounds(
  sample: readonly SampledReading[],
  total: number,
  offset: number,
  limit: number,
  spread: number,
): WindowBounds {
  const n = sample.length;
  const withValues = valuedIn(sample);
  if (withValues === 0 || total === 0) return {};
  const at = (rank: number, side: -1 | 1) => {
    const share = Math.min(1, rank / total);
    return share * n + side * (spread * Math.sqrt(n * share * (1 - share)) + 1);
  };
  const place = (i: number): OrderPlace => ({ v: sample[i].v as number, ts: sample[i].ts });
  const first = Math.floor(at(offset, -1));
  const last = Math.ceil(at(offset + limit, 1));
  return {
    top: first <= 0 ? undefined : place(Math.min(first, withValues - 1)),
    bottom: last >= withValues ? undefined : place(last),
  };
}

/** Whether a window answers ranks [offset, offset + limit): the part of them with a value lies in it (the rest are empty values). */
export function covers(w: SignalWindow, offset: number, limit: number) {
  const end = Math.min(offset + limit, withValue(w));
  return offset >= end || (w.before <= offset && end <= w.before + w.instants.length);
}

/** The bounds to read again when a window missed ranks [offset, offset + limit): the side it missed opened. */
export function widened(bounds: WindowBounds, w: SignalWindow, offset: number, limit: number): WindowBounds {
  return {
    top: w.before > offset ? undefined : bounds.top,
    bottom: Math.min(offset + limit, withValue(w)) > w.before + w.instants.length ? undefined : bounds.bottom,
  };
}
