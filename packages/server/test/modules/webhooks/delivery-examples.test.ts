import { DEFAULT_THRESHOLDS, METRICS, type WebhookPayload } from '@evfleet/domain';
import { describe, expect, it } from 'vitest';
import { alertContextOf, alertEvent } from '../../../src/alerts/alert-messages.js';
import { defaultAlertText } from '../../../src/alerts/alert-texts.js';
import type { Transition } from '../../../src/alerts/vehicle-episodes.js';
import type { FleetEvent } from '../../../src/events/fleet-events.js';
import { formatBody } from '../../../src/modules/webhooks/webhook-formats.js';
import { tripEnded } from '../../../src/telemetry/episode-events.js';
import { integrationsBlocks } from './integrations-doc.js';

// The delivery bodies docs/integrations.md shows are what the code makes of its sample events.
const VEHICLE = { id: 42, vin: '5YJ3E1EA7KF000316', name: 'Van 12' };
const at = (iso: string) => Date.parse(iso);

/** The body a `json` hook is sent for an event, as events/fleet-events.ts builds it. */
const bodyOf = (id: string, e: FleetEvent): WebhookPayload => ({
  id,
  type: e.type,
  occurredAt: new Date(e.at).toISOString(),
  vehicle: VEHICLE,
  data: e.data,
});

const shown = integrationsBlocks('json').map((block) => JSON.parse(block) as Record<string, unknown>);
const shownWith = (type: string) => shown.find((b) => b.type === type) as unknown as WebhookPayload;
/** Equal, and with the keys in the same order at every level, as the body is written. */
const expectSameJson = (actual: unknown, expected: unknown) =>
  expect(JSON.stringify(actual)).toBe(JSON.stringify(expected));

describe('the delivery examples of docs/integrations.md', () => {
  it('shows a trip.ended body as the code makes it', () => {
    const trip = tripEnded(VEHICLE.id, {
      start: at('2026-11-30T13:20:00.000Z'),
      end: at('2026-11-30T14:05:00.000Z'),
      energyKwh: 9.375,
      peakPowerKw: 60,
      startCharge: 81,
      endCharge: 64,
      startOdometer: 10_000,
      endOdometer: 10_027.4,
      gpsMiles: 27.1,
      gpsLat: 41.85,
      gpsLong: -87.65,
    });
    const doc = shownWith('trip.ended');
    expectSameJson(doc, bodyOf(doc.id, trip));
  });

  it('shows an alert.raised body, and its Slack and Teams messages, as the code makes them', () => {
    const attribute = {
      ...DEFAULT_THRESHOLDS.find((a) => a.name === 'cellPackTemp')!,
      displayName: METRICS.cellPackTemp.displayName,
    };
    const transition: Transition = {
      vehicleId: VEHICLE.id,
      settings: { name: VEHICLE.name, vin: VEHICLE.vin, attributes: [attribute], email: null, sms: null },
      attribute,
      event: {
        kind: 'entered',
        band: 'SEVERE',
        since: at('2026-11-30T13:55:00.000Z'),
        at: at('2026-11-30T14:05:00.000Z'),
        value: 142.5,
      },
    };
    const context = alertContextOf(transition);
    const doc = shownWith('alert.raised');
    const body = bodyOf(doc.id, alertEvent(transition, context, defaultAlertText(context)));
    expectSameJson(doc, body);

    const json = JSON.stringify(body);
    expectSameJson(
      shown.find((b) => Object.keys(b).join() === 'text'),
      JSON.parse(formatBody('slack', json)),
    );
    expectSameJson(shownWith('message'), JSON.parse(formatBody('teams', json)));
  });
});
