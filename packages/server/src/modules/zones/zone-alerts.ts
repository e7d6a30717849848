import { ZONE_RULE_NAMES, zoneRuleBand, type ZoneAlertEvent } from '@evfleet/domain';
import type { FastifyBaseLogger } from 'fastify';
import { ownRecipients, withinHourlyLimit } from '../../alerts/alert-messages.js';
import { listRecipients, recipientKey } from '../../alerts/alert-recipients.js';
import { messagesInLastHour, queueMessages, type Tx } from '../../alerts/alert-store.js';
import { createAlertSettings, type VehicleAlertSettings } from '../../alerts/thresholds.js';
import type { Db } from '../../db/client.js';
import type { FleetEvents } from '../../events/fleet-events.js';
import { warningLog } from '../../db/telemetry-schema.js';
import { vehicleReadiness } from '../analytics/index.js';
import { zoneAlertSubject, zoneAlertText, type DepartureShortfall } from './zone-alert-texts.js';

/**
 * Records what the zone rules found at ingest (docs/zones.md): a warning-log entry per vehicle,
 * zone, rule and occasion, and a message to each of the vehicle's alert recipients (its own address
 * and number, its notification lists) through the outbox, within the vehicle's hourly allowance.
 * The log's unique key makes each exactly-once, whichever instance or restart finds it again.
 */
export function createZoneAlerts(deps: {
  db: Db;
  log: FastifyBaseLogger;
  messagesPerHour: number;
  messagesQueued: () => void;
  /** Where raised alerts go out (the webhooks' outbox). */
  events?: FleetEvents;
}) {
  const settings = createAlertSettings(deps.db);

  /** A departure counts when below the depot's percentage, or, without one, short of a usual day. */
  const shortfallOf = async (e: ZoneAlertEvent): Promise<DepartureShortfall | null> => {
    const percent = e.zone.departureChargePercent;
    if (percent !== null) return e.value !== null && e.value < percent ? { kind: 'percent', percent } : null;
    const readiness = await vehicleReadiness(deps.db, e.vehicleId);
    return readiness?.ready === false ? { kind: 'readiness', readiness } : null;
  };

  const record = async (tx: Tx, e: ZoneAlertEvent, vehicle: VehicleAlertSettings, text: string) => {
    const band = zoneRuleBand(e.rule);
    const logged = await tx
      .insert(warningLog)
      .values({
        vehicleId: e.vehicleId,
        type: band,
        attributeName: e.rule,
        name: ZONE_RULE_NAMES[e.rule],
        value: e.value,
        date: new Date(e.at),
        episodeSince: new Date(e.since),
        notificationContent: text,
        zoneId: e.zone.id,
      })
      .onConflictDoNothing()
      .returning({ id: warningLog.id });
    if (!logged.length) return false;
    await deps.events?.record(tx, [
      {
        type: 'alert.raised',
        vehicleId: e.vehicleId,
        at: e.at,
        key: `${e.vehicleId}:${e.zone.id}:${e.rule}:${e.since}`,
        data: {
          metric: e.rule,
          name: ZONE_RULE_NAMES[e.rule],
          severity: band,
          value: e.value,
          since: new Date(e.since).toISOString(),
          zoneId: e.zone.id,
          zoneName: e.zone.name,
          text,
        },
      },
    ]);
    const recipients = [...ownRecipients(vehicle), ...(await listRecipients(tx, e.vehicleId))].filter(
      (r): r is { channel: 'email' | 'sms'; to: string } => !!r.to,
    );
    if (!recipients.length) return false;
    if (!withinHourlyLimit(await messagesInLastHour(tx, e.vehicleId), deps.messagesPerHour)) {
      deps.log.warn({ vehicleId: e.vehicleId }, `zone alert messages for vehicle ${e.vehicleId} capped`);
      return false;
    }
    await queueMessages(
      tx,
      recipients.map((r) => ({
        recipient: r.to,
        channel: r.channel,
        kind: 'alert',
        vehicleId: e.vehicleId,
        subject: zoneAlertSubject(e, vehicle.name),
        body: text,
        dedupeKey: `zone:${e.vehicleId}:${e.zone.id}:${e.rule}:${e.since}:${r.channel}:${recipientKey(r.to)}`,
      })),
    );
    return true;
  };

  return {
    /** Records each finding; a failure is logged and does not stop the others. */
    async found(events: ZoneAlertEvent[]) {
      let queued = false;
      for (const e of events) {
        try {
          const vehicle = await settings.get(e.vehicleId);
          if (!vehicle) continue;
          const shortfall = e.rule === 'zoneDeparture' ? await shortfallOf(e) : null;
          if (e.rule === 'zoneDeparture' && !shortfall) continue;
          const text = zoneAlertText(e, vehicle, shortfall);
          queued = (await deps.db.transaction((tx) => record(tx, e, vehicle, text))) || queued;
        } catch (err) {
          deps.log.error({ err, vehicleId: e.vehicleId, rule: e.rule }, 'zone alert not recorded');
        }
      }
      if (queued) deps.messagesQueued();
    },
  };
}
