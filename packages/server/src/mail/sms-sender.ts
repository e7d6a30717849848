import type { FastifyBaseLogger } from 'fastify';

export interface SmsSender {
  readonly transport: 'webhook' | 'log';
  send(to: string, text: string): Promise<void>;
}

/**
 * SMS through a provider adapter: an HTTP webhook (POST {to, text} as JSON, any 2xx is success;
 * most SMS gateways or a small relay accept this) or, without one, the log.
 */
export function createSmsSender(opts: { webhookUrl?: string; log: FastifyBaseLogger }): SmsSender {
  const url = opts.webhookUrl;
  if (!url) {
    return {
      transport: 'log',
      send: async (to, text) => void opts.log.info({ sms: { to, text } }, `sms to ${to}: ${text}`),
    };
  }
  return {
    transport: 'webhook',
    async send(to, text) {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ to, text }),
        signal: AbortSignal.timeout(15_000),
      });
      if (!res.ok) throw new Error(`SMS webhook answered ${res.status}`);
    },
  };
}
