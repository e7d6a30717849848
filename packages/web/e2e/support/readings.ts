import { baseUrl } from './fixtures';
import type { Api } from './people';

/** A reading of docs/telemetry-protocol.md: `ts` plus any signals. */
/** A device reading (docs/telemetry-protocol.md): ts as epoch ms or ISO text; a null value is "not reported". */
export type Reading = { ts: number | string } & Record<string, number | number[] | string | null>;

/** A vehicle's device credential, issued anew by the administrator (POST api/vehicles/{id}/device-token). */
export async function deviceCredential(admin: Api, vehicleId: number): Promise<{ vin: string; token: string }> {
  return admin.call('POST', `/api/vehicles/${vehicleId}/device-token`);
}

/** Sends readings as the device does over HTTP (Basic VIN:token); fails unless every one was accepted. */
export async function sendReadings(device: { vin: string; token: string }, readings: Reading[]): Promise<void> {
  const response = await fetch(`${baseUrl}/api/telemetry/readings`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${device.vin}:${device.token}`).toString('base64')}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify(readings),
  });
  const answer = (await response.json()) as { accepted: number; rejected: unknown[] };
  if (!response.ok || answer.accepted !== readings.length)
    throw new Error(`readings answered ${response.status}: ${JSON.stringify(answer)}`);
}

/** `count` readings one minute apart from `start`, each made by `at(i)`. */
export const everyMinute = (
  start: number,
  count: number,
  at: (i: number) => Record<string, number | number[]>,
): Reading[] => Array.from({ length: count }, (_, i) => ({ ts: start + i * 60_000, ...at(i) }));

/** Figures are built as readings are stored; a few seconds on the shared two cores. */
const FIGURES_WAIT_MS = 30_000;

/** Polls a GET call until `ready` says yes: what the readings make shows shortly after they are stored. */
export async function pollUntil<T>(api: Api, path: string, ready: (answer: T) => boolean): Promise<T> {
  const deadline = Date.now() + FIGURES_WAIT_MS;
  for (;;) {
    const answer = await api.call<T>('GET', path);
    if (ready(answer)) return answer;
    if (Date.now() > deadline)
      throw new Error(`${path} did not show the readings within ${FIGURES_WAIT_MS} ms: ${JSON.stringify(answer)}`);
    await new Promise((r) => setTimeout(r, 300));
  }
}
