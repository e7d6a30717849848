import {
  alertTime,
  alertValue,
  ZONE_RULE_NAMES,
  zoneRuleBand,
  type ReadinessRow,
  type ZoneAlertEvent,
} from '@evfleet/domain';

/** Why a departure is low: below the depot's percentage, or short of the vehicle's usual day. */
export type DepartureShortfall = { kind: 'percent'; percent: number } | { kind: 'readiness'; readiness: ReadinessRow };

/** Each rule in words, naming the vehicle and the zone (docs/zones.md). */
export function zoneAlertText(
  e: ZoneAlertEvent,
  vehicle: { name: string; vin: string },
  shortfall: DepartureShortfall | null,
): string {
  const charge = e.value === null ? 'an unknown' : `${alertValue(e.value)}%`;
  const what = {
    zonePlugIn: () => `not plugged in at ${e.zone.name} by ${e.zone.eveningTime ?? 'its evening'}`,
    zoneNoGo: () => `entered no-go zone ${e.zone.name}`,
    zoneSpeeding: () =>
      `over ${alertValue(e.zone.speedLimitMph ?? 0)} mph speed limit in ${e.zone.name} (${alertValue(e.value ?? 0)} mph)`,
    zoneDeparture: () => {
      const below =
        shortfall?.kind === 'percent'
          ? `below the ${alertValue(shortfall.percent)}% set for it`
          : shortfall?.kind === 'readiness'
            ? `about ${alertValue(shortfall.readiness.estimatedRangeMiles ?? 0)} miles of range for a usual day of ${alertValue(shortfall.readiness.usualDailyMiles ?? 0)} miles`
            : '';
      return `left ${e.zone.name} with ${charge} charge${below ? `, ${below}` : ''}`;
    },
  }[e.rule]();
  return `${vehicle.name} (VIN ${vehicle.vin}): ${what} at ${alertTime(new Date(e.at))}.`;
}

export const zoneAlertSubject = (e: ZoneAlertEvent, vehicleName: string) =>
  `evfleet ${zoneRuleBand(e.rule)}: ${vehicleName} ${ZONE_RULE_NAMES[e.rule]}`;
