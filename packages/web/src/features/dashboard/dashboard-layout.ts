import type { Layout, LayoutItem } from 'react-grid-layout';

/** Where each card starts before the user arranges them: counts on top, the computed cards below. */
export const DEFAULT_LAYOUT: Layout = [
  { i: 'totalVehicles', x: 0, y: 0, w: 3, h: 4 },
  { i: 'totalDealers', x: 3, y: 0, w: 3, h: 4 },
  { i: 'totalFleets', x: 6, y: 0, w: 3, h: 4 },
  { i: 'totalDrivers', x: 9, y: 0, w: 3, h: 4 },
  { i: 'totalVehiclesUnassigned', x: 0, y: 4, w: 3, h: 4 },
  { i: 'chargeConsumption', x: 3, y: 4, w: 3, h: 5 },
  { i: 'hoursCharging', x: 6, y: 4, w: 3, h: 5 },
  { i: 'serviceIncidents', x: 9, y: 4, w: 3, h: 5 },
  { i: 'dollarsSaved', x: 0, y: 9, w: 6, h: 7 },
  { i: 'emission', x: 6, y: 9, w: 6, h: 7 },
];

const MIN_SIZE = { minW: 2, minH: 3 } as const;

/** Only what places a card is kept: the grid's own flags are not the user's choice. */
const placement = ({ i, x, y, w, h }: LayoutItem): LayoutItem => ({ i, x, y, w, h, ...MIN_SIZE });

/**
 * The layout to show: the user's saved places for the cards that still exist, then any card the
 * saved layout does not know (one added since) in its default place.
 */
export function mergeLayout(saved: Layout | null | undefined): Layout {
  const known = new Set(DEFAULT_LAYOUT.map((item) => item.i));
  const kept = (saved ?? []).filter((item) => known.has(item.i));
  const placed = new Set(kept.map((item) => item.i));
  return [...kept, ...DEFAULT_LAYOUT.filter((item) => !placed.has(item.i))].map(placement);
}

/** The part of a layout that is stored for the user. */
export const storedLayout = (layout: Layout) => layout.map(({ i, x, y, w, h }) => ({ i, x, y, w, h }));
