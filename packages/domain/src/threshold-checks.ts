import { z } from 'zod';
import { fillText } from './text-templates.js';
import {
  alertAttributeSchema,
  BAND_KEYS,
  BAND_LABELS,
  DEFAULT_THRESHOLDS,
  MAX_RANGES,
  METRICS,
  type AlertAttribute,
  type BandKey,
  type MetricName,
  type Range,
} from './thresholds.js';

/**
 * What a metric's bands may hold: the slider range of §5, widened where the default table of §5
 * itself goes beyond it (cell voltage's default Severe band starts at 0, below the slider's 1.5),
 * so the defaults always pass their own check.
 */
export const METRIC_BOUNDS: Record<MetricName, { min: number; max: number }> = Object.fromEntries(
  (Object.keys(METRICS) as MetricName[]).map((name) => {
    const ranges = DEFAULT_THRESHOLDS.filter((a) => a.name === name).flatMap((a) => [
      ...a.normal,
      ...a.warning,
      ...a.sever,
    ]);
    return [
      name,
      {
        min: Math.min(METRICS[name].min, ...ranges.map((r) => r.low)),
        max: Math.max(METRICS[name].max, ...ranges.map((r) => r.high)),
      },
    ];
  }),
) as Record<MetricName, { min: number; max: number }>;

/** One refusal: where in the attribute (band and range index, or a field) and the message. */
export interface ThresholdProblem {
  band?: BandKey;
  index?: number;
  field?: 'low' | 'high' | 'name';
  message: string;
}

/** The refusals' words; the spec's removed check said 'Cannot set this range for ...', and every refusal starts so. */
export const THRESHOLD_TEXTS = {
  cannot: 'Cannot set this range for {{metric}}: {{why}}',
  range: '{{band}} {{low}}-{{high}}',
  atMostOne: 'at most 1 {{band}} range.',
  atMost: 'at most {{count}} {{band}} ranges.',
  needsNumbers: '{{band}} needs two numbers.',
  lowAboveHigh: 'the lower bound of {{range}} is above its upper bound.',
  outside: '{{range}} is outside {{min}}-{{max}}.',
  overlaps: '{{range}} overlaps {{other}}.',
  listedTwice: '{{metric}} is listed twice.',
};

const cannot = (attr: Pick<AlertAttribute, 'name' | 'displayName'>, why: string) =>
  fillText(THRESHOLD_TEXTS.cannot, { metric: attr.displayName || METRICS[attr.name].displayName, why });
const text = (band: BandKey, r: Range) =>
  fillText(THRESHOLD_TEXTS.range, { band: BAND_LABELS[band], low: r.low, high: r.high });

/**
 * Every problem of one metric's bands: a lower bound above its upper, a bound outside the metric's
 * range, more ranges than a band allows, and two ranges (of any bands) that overlap. Ranges are
 * closed, so two ranges sharing an end overlap (the default table never shares one).
 */
export function thresholdProblems(
  attr: Pick<AlertAttribute, 'name' | 'displayName' | 'normal' | 'warning' | 'sever'>,
): ThresholdProblem[] {
  const problems: ThresholdProblem[] = [];
  const bounds = METRIC_BOUNDS[attr.name];
  const placed: { band: BandKey; index: number; range: Range }[] = [];
  for (const band of BAND_KEYS) {
    const ranges = attr[band];
    if (ranges.length > MAX_RANGES[band]) {
      problems.push({
        band,
        message: cannot(
          attr,
          fillText(MAX_RANGES[band] > 1 ? THRESHOLD_TEXTS.atMost : THRESHOLD_TEXTS.atMostOne, {
            count: MAX_RANGES[band],
            band: BAND_LABELS[band],
          }),
        ),
      });
    }
    ranges.forEach((range, index) => {
      if (!Number.isFinite(range.low) || !Number.isFinite(range.high)) {
        problems.push({
          band,
          index,
          field: 'low',
          message: cannot(attr, fillText(THRESHOLD_TEXTS.needsNumbers, { band: BAND_LABELS[band] })),
        });
        return;
      }
      if (range.low > range.high) {
        problems.push({
          band,
          index,
          field: 'low',
          message: cannot(attr, fillText(THRESHOLD_TEXTS.lowAboveHigh, { range: text(band, range) })),
        });
        return;
      }
      if (range.low < bounds.min || range.high > bounds.max) {
        const field = range.low < bounds.min ? 'low' : 'high';
        problems.push({
          band,
          index,
          field,
          message: cannot(attr, fillText(THRESHOLD_TEXTS.outside, { range: text(band, range), ...bounds })),
        });
        return;
      }
      const clash = placed.find((p) => range.low <= p.range.high && p.range.low <= range.high);
      if (clash)
        problems.push({
          band,
          index,
          field: 'low',
          message: cannot(
            attr,
            fillText(THRESHOLD_TEXTS.overlaps, { range: text(band, range), other: text(clash.band, clash.range) }),
          ),
        });
      else placed.push({ band, index, range });
    });
  }
  return problems;
}

const addProblems = (attr: AlertAttribute, ctx: z.RefinementCtx, prefix: (string | number)[]) => {
  for (const p of thresholdProblems(attr)) {
    const path =
      p.band === undefined
        ? [...prefix]
        : p.index === undefined
          ? [...prefix, p.band]
          : [...prefix, p.band, p.index, p.field ?? 'low'];
    ctx.addIssue({ code: 'custom', message: p.message, path });
  }
};

/** One metric's attribute, checked ('Update This Signal Only'). */
export const checkedAttributeSchema = alertAttributeSchema.superRefine((attr, ctx) => addProblems(attr, ctx, []));

/** A vehicle's or template's whole list: each metric at most once, every metric's bands checked. */
export const alertAttributesSchema = z
  .array(alertAttributeSchema)
  .max(Object.keys(METRICS).length, 'Max')
  .superRefine((list, ctx) => {
    const seen = new Set<string>();
    list.forEach((attr, i) => {
      if (seen.has(attr.name))
        ctx.addIssue({
          code: 'custom',
          message: fillText(THRESHOLD_TEXTS.listedTwice, { metric: METRICS[attr.name].displayName }),
          path: [i, 'name'],
        });
      seen.add(attr.name);
      addProblems(attr, ctx, [i]);
    });
  });

/** Replaces one metric's attribute in a list (added when missing), keeping the list's order. */
export function withAttribute(list: readonly AlertAttribute[], attr: AlertAttribute): AlertAttribute[] {
  const at = list.findIndex((a) => a.name === attr.name);
  return at === -1 ? [...list, attr] : list.map((a, i) => (i === at ? attr : a));
}
