import { once } from 'node:events';
import type { Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';

/** web-push-testing's parts this file uses (the package ships no types). */
interface PushApiModel {
  notifyUrl: string;
}
/** The few parts of an Express request and response a route added here uses. */
type Handler = (
  req: { params: Record<string, string> },
  res: { sendStatus(code: number): void },
  next: () => void,
) => void;
interface TestingServer {
  _app: { listen(port: number, host: string): Server; post(path: string, handler: Handler): void };
  setRequestHandlers(): void;
}
const require = createRequire(import.meta.url);
const { PushApiModel } = require('web-push-testing/src/PushApiModel.js') as { PushApiModel: new () => PushApiModel };
const WebPushTestingServer = require('web-push-testing/src/server.js') as new (
  model: PushApiModel,
  port: number,
) => TestingServer;

/** A browser's subscription as the push service made it: the PushSubscription JSON and its handle there. */
export interface TestSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  clientHash: string;
}

/**
 * A push service on a free loopback port (web-push-testing, another implementation than evfleet's):
 * it makes subscriptions with real keys for a VAPID key, checks each message's VAPID signature,
 * decrypts it (aes128gcm) and keeps it for `messages`; `expire` makes it answer 410 for a subscription,
 * `forget` 404 (what a push service answers for a subscription it has no record of).
 */
export async function startPushService() {
  const model = new PushApiModel();
  const service = new WebPushTestingServer(model, 0);
  // Started here rather than by startServer, which listens on every interface and exits the process on error.
  const server = service._app.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  model.notifyUrl = `${base}/notify/`;
  const forgotten = new Set<string>();
  // Ahead of web-push-testing's own handlers, which know no 404.
  service._app.post('/notify/:clientHash', (req, res, next) =>
    forgotten.has(req.params.clientHash) ? res.sendStatus(404) : next(),
  );
  service.setRequestHandlers();

  const call = async <T>(path: string, body: object = {}) => {
    const res = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return (res.headers.get('content-type')?.includes('json') ? await res.json() : null) as T;
  };

  return {
    /** Subscribes a new browser to the application server key (evfleet's VAPID public key). */
    subscribe: async (applicationServerKey: string) =>
      (await call<{ data: TestSubscription }>('/subscribe', { applicationServerKey, userVisibleOnly: 'true' })).data,
    /** The messages a subscription received, decrypted. */
    messages: async (s: TestSubscription) =>
      (await call<{ data: { messages: string[] } }>('/get-notifications', { clientHash: s.clientHash })).data.messages,
    /** The browser unsubscribed: the push service answers 410 from now on. */
    expire: (s: TestSubscription) => call(`/expire-subscription/${s.clientHash}`),
    /** The push service lost the subscription: it answers 404 from now on. */
    forget: (s: TestSubscription) => {
      forgotten.add(s.clientHash);
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
export type PushService = Awaited<ReturnType<typeof startPushService>>;
