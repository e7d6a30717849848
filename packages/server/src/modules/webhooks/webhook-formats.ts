import type { WebhookFormat, WebhookPayload } from '@evfleet/domain';

const TITLES: Record<WebhookPayload['type'], string> = {
  'alert.raised': 'Alert raised',
  'alert.cleared': 'Alert cleared',
  'trip.ended': 'Trip ended',
  'charging.ended': 'Charging ended',
  'zone.entered': 'Zone entered',
  'zone.left': 'Zone left',
  'vehicle.offline': 'Vehicle offline',
  'vehicle.online': 'Vehicle online',
  'command.answered': 'Command answered',
  'webhook.test': 'Test delivery',
};

/** What a chat message shows of an event: a title, the alert's own text when it has one, and the facts. */
function describe(payload: WebhookPayload) {
  const { text, ...facts } = payload.data;
  const vehicle = payload.vehicle ? `: ${payload.vehicle.name} (${payload.vehicle.vin})` : '';
  return {
    title: `${TITLES[payload.type]}${vehicle}`,
    text: typeof text === 'string' ? text : null,
    facts: [
      { title: 'At', value: payload.occurredAt },
      ...Object.entries(facts)
        .filter(([, value]) => value !== null && value !== undefined)
        .map(([title, value]) => ({ title, value: String(value) })),
    ],
  };
}

/** A Slack incoming webhook's message (mrkdwn text). */
function slackMessage(payload: WebhookPayload) {
  const { title, text, facts } = describe(payload);
  const lines = [`*${title}*`, ...(text ? [text] : []), ...facts.map((f) => `${f.title}: ${f.value}`)];
  return { text: lines.join('\n') };
}

/** A Microsoft Teams incoming webhook's (Workflows) message: one Adaptive Card. */
function teamsMessage(payload: WebhookPayload) {
  const { title, text, facts } = describe(payload);
  return {
    type: 'message',
    attachments: [
      {
        contentType: 'application/vnd.microsoft.card.adaptive',
        content: {
          $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
          type: 'AdaptiveCard',
          version: '1.4',
          body: [
            { type: 'TextBlock', text: title, weight: 'Bolder', size: 'Medium', wrap: true },
            ...(text ? [{ type: 'TextBlock', text, wrap: true }] : []),
            { type: 'FactSet', facts },
          ],
        },
      },
    ],
  };
}

/** The body a hook of this format is sent: evfleet's JSON as stored, or a chat message made of it. */
export function formatBody(format: WebhookFormat, json: string): string {
  if (format === 'json') return json;
  const payload = JSON.parse(json) as WebhookPayload;
  return JSON.stringify(format === 'slack' ? slackMessage(payload) : teamsMessage(payload));
}
