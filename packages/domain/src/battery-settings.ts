import { z } from 'zod';
import { ENERGY_RULES } from './energy.js';

/** The messages of the battery settings of the vehicle and template forms. */
export const BATTERY_MESSAGES = {
  ratedCapacity: `Rated capacity must be more than 0 and at most ${ENERGY_RULES.maxRatedCapacityKwh} kWh.`,
  cellSpreadWarn: `Cell spread warning must be more than 0 and at most ${ENERGY_RULES.maxCellSpreadWarnMv} mV.`,
} as const;

/**
 * A positive amount up to `max`, or null for "not set" (blank, null or absent). The form's text
 * '72.5' is 72.5; a JSON body carries a JSON number (docs/decisions.md, "Input rules").
 */
const optionalAmount = (max: number, message: string) =>
  z
    .preprocess(
      (v) => {
        if (v === null || (typeof v === 'string' && v.trim() === '')) return null;
        if (typeof v !== 'string') return v;
        const n = Number(v.trim());
        return Number.isFinite(n) ? n : v;
      },
      z.number({ error: message }).positive(message).max(max, message).nullable(),
    )
    .optional();

/** A pack's rated capacity (kWh); null: the template's (on a vehicle) or none (on a template). */
export const ratedCapacityKwhSchema = optionalAmount(ENERGY_RULES.maxRatedCapacityKwh, BATTERY_MESSAGES.ratedCapacity);
/** The cell spread at rest past which a steady weakest cell is logged (mV); null: the default. */
export const cellSpreadWarnMvSchema = optionalAmount(ENERGY_RULES.maxCellSpreadWarnMv, BATTERY_MESSAGES.cellSpreadWarn);
