import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** The status it was answered with. */
  status: number;
}

/**
 * How the receiver answers an attempt: a status, the delivery processed only when it is 200; or a
 * delivery processed (`stored`) and then answered with `status`, `afterMs` later: a receiver whose
 * acknowledgement fails or comes too late after it did the work.
 */
type Answer = number | { status: number; stored?: boolean; afterMs?: number };

/**
 * A receiver as a webhook's owner would write one, independent of evfleet's code: it checks the
 * evfleet-signature with the secret, processes a delivery id once (an attempt of a delivery it
 * processed already is skipped, however it is answered), and answers what `answer` decides.
 */
export async function startWebhookReceiver() {
  const received: Received[] = [];
  const processed: { id: string; event: string; body: string }[] = [];
  const seen = new Set<string>();
  let secret = '';
  let answer: (path: string, headers: IncomingHttpHeaders) => Promise<Answer> | Answer = () => 200;
  let redirectTo = '';

  const verified = (headers: IncomingHttpHeaders, body: string) => {
    const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(String(headers['evfleet-signature'] ?? ''));
    if (!match) return false;
    const expected = createHmac('sha256', secret).update(`${match[1]}.${body}`).digest();
    return timingSafeEqual(expected, Buffer.from(match[2], 'hex'));
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        const body = Buffer.concat(chunks).toString('utf8');
        const path = req.url ?? '/';
        const decided = path === '/redirect' ? 302 : await answer(path, req.headers);
        const {
          status: asked,
          stored = false,
          afterMs = 0,
        } = typeof decided === 'number' ? { status: decided } : decided;
        const genuine = verified(req.headers, body);
        const status = asked === 200 && !genuine ? 401 : asked;
        received.push({ path, headers: req.headers, body, status });
        const id = String(req.headers['evfleet-delivery']);
        if (genuine && (status === 200 || stored) && !seen.has(id)) {
          seen.add(id);
          processed.push({ id, event: String(req.headers['evfleet-event']), body });
        }
        if (afterMs > 0) await new Promise((resolve) => setTimeout(resolve, afterMs));
        if (status === 302) res.setHeader('location', redirectTo);
        res.writeHead(status).end();
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  redirectTo = `http://127.0.0.1:${port}/redirected`;

  return {
    port,
    url: (path = '/hook') => `http://127.0.0.1:${port}${path}`,
    received,
    processed,
    useSecret: (s: string) => {
      secret = s;
    },
    answerWith: (decide: typeof answer) => {
      answer = decide;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
