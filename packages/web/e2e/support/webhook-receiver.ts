import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request a webhook receiver got: its headers and its body as text. */
export interface ReceivedHook {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A webhook receiver on loopback that keeps what it got: it answers 200, or 500 on the path /refuse. */
export async function startWebhookReceiver() {
  const received: ReceivedHook[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      const refuse = req.url?.startsWith('/refuse') ?? false;
      res.writeHead(refuse ? 500 : 200, { 'content-type': 'text/plain' }).end(refuse ? 'no' : 'ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    refusingUrl: `http://127.0.0.1:${port}/refuse`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
