import { notifiesAt, type AlertAttribute, type MetricName, type NotifyBand, type Severity } from '@evfleet/domain';
import type { mailOutbox } from '../db/schema.js';
import type { FleetEvent } from '../events/fleet-events.js';
import { recipientKey } from './alert-recipients.js';
import { alertSubject, type AlertContext } from './alert-texts.js';
import type { AlertEvent } from './episode.js';
import type { VehicleAlertSettings } from './thresholds.js';
import type { Transition } from './vehicle-episodes.js';

/**
 * What a transition writes (docs/alerts.md): its log entry's type, who is told by which channel,
 * whether the vehicle's hourly allowance lets it, and the keys that make each message exactly-once.
 * No storage here: the alert engine reads and writes what these decide.
 */

export interface Recipient {
  channel: 'email' | 'sms';
  to: string;
}

/** The band a transition is logged and told as: a recovery is NORMAL. */
export const loggedBand = (event: AlertEvent): Severity => (event.kind === 'recovered' ? 'NORMAL' : event.band);

/** Entering a band and recovering are logged; a reminder only notifies. */
export const writesLogEntry = (event: AlertEvent) => event.kind !== 'reminder';

/** The band whose channels a message goes by: a recovery goes where its episode went. */
export const channelBand = (event: AlertEvent): NotifyBand => (event.kind === 'recovered' ? event.from : event.band);

/** The facts the transition's text is filled with. */
export const alertContextOf = ({ settings, attribute, event }: Transition): AlertContext => ({
  vehicleName: settings.name,
  vin: settings.vin,
  metric: attribute.name as MetricName,
  displayName: attribute.displayName,
  band: loggedBand(event),
  value: event.value,
  at: new Date(event.at),
});

/** The vehicle's own address and number, each when its notification is switched on. */
export const ownRecipients = (settings: VehicleAlertSettings) => [
  { channel: 'email' as const, to: settings.email },
  { channel: 'sms' as const, to: settings.sms },
];

/**
 * Who is told of a transition, of the candidates (the vehicle's own address and number, then
 * those of its notification lists): the metric's E-Mail/SMS choices (threshold editor) pick the
 * channels.
 */
export const recipientsOf = (
  attribute: AlertAttribute,
  event: AlertEvent,
  candidates: readonly { channel: 'email' | 'sms'; to: string | null }[],
): Recipient[] =>
  candidates.filter((r): r is Recipient => !!r.to && notifiesAt(attribute, r.channel, channelBand(event)));

/** Whether a vehicle that caused `recent` messages in the last hour may cause more. */
export const withinHourlyLimit = (recent: number, messagesPerHour: number) => recent < messagesPerHour;

/**
 * Which notification of its episode a message is: entered, recovered, or the n-th reminder (by
 * notification frequency since the episode began), so the same reminder seen twice has one key.
 */
export const occurrenceOf = (event: AlertEvent, frequencyMinutes: number): string =>
  event.kind === 'reminder'
    ? `r${Math.floor((event.at - event.since) / Math.max(1, frequencyMinutes * 60_000))}`
    : event.kind;

/** A logged transition as the webhooks tell it: an episode entered is raised, a recovery cleared. */
export const alertEvent = (
  { vehicleId, attribute, event }: Transition,
  context: AlertContext,
  text: string,
): FleetEvent => ({
  type: context.band === 'NORMAL' ? 'alert.cleared' : 'alert.raised',
  vehicleId,
  at: event.at,
  key: `${vehicleId}:${attribute.name}:${context.band}:${event.since}:${event.kind}`,
  data: {
    metric: attribute.name,
    name: attribute.displayName,
    severity: context.band,
    value: event.value,
    since: new Date(event.since).toISOString(),
    text,
  },
});

/** The outbox rows of a transition: one a recipient, each with its dedupe key. */
export function alertMessages(
  { vehicleId, attribute, event }: Transition,
  context: AlertContext,
  text: string,
  recipients: readonly Recipient[],
): (typeof mailOutbox.$inferInsert)[] {
  const occurrence = occurrenceOf(event, attribute.notificationFrequencyHour);
  return recipients.map((r) => ({
    recipient: r.to,
    channel: r.channel,
    kind: 'alert',
    vehicleId,
    subject: alertSubject(context),
    body: text,
    dedupeKey: `alert:${vehicleId}:${attribute.name}:${context.band}:${event.since}:${occurrence}:${r.channel}:${recipientKey(r.to)}`,
  }));
}
