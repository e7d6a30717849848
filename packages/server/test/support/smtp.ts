import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';

export interface ReceivedMail {
  to: string[];
  raw: string;
}

/** A real SMTP listener on a free loopback port that keeps what it receives. */
export async function startSmtp() {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  // A client killed mid-mail (the scale test kills an instance) resets its connection, and
  // smtp-server passes that on as the server's 'error': without a listener, an uncaught exception.
  server.on('error', () => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** Waits until a mail for this address has arrived. */
    async waitFor(address: string, timeoutMs = 10_000): Promise<ReceivedMail> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const mail = received.find((m) => m.to.includes(address));
        if (mail) return mail;
        if (Date.now() > deadline) throw new Error(`no mail for ${address} within ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The first link to the portal in a mail body (quoted-printable soft breaks undone). */
export const linkIn = (raw: string, path: string) => {
  const text = raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const match = text.match(new RegExp(`https?://[^\\s]*${path.replace(/\//g, '\\/')}\\?key=[A-Za-z0-9_-]+`));
  if (!match) throw new Error(`no ${path} link in mail`);
  return match[0];
};
