import { connect, type Socket } from 'node:net';

/**
 * A Teltonika tracker as the protocol document describes one, written from that document and not
 * from evfleet's listener: it sends bytes and reads the server's answers (the handshake's one byte,
 * each packet's four-byte count, Codec 12 commands) exactly as they arrive.
 */
export class TeltonikaDevice {
  private received = Buffer.alloc(0);
  private waiters: (() => void)[] = [];
  closed = false;

  private constructor(readonly socket: Socket) {
    socket.on('data', (chunk: Buffer) => {
      this.received = Buffer.concat([this.received, chunk]);
      for (const w of this.waiters.splice(0)) w();
    });
    socket.on('close', () => {
      this.closed = true;
      for (const w of this.waiters.splice(0)) w();
    });
    socket.on('error', () => undefined);
  }

  static connect(port: number): Promise<TeltonikaDevice> {
    return new Promise((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => resolve(new TeltonikaDevice(socket)));
      socket.once('error', reject);
    });
  }

  send(bytes: Buffer | string) {
    this.socket.write(typeof bytes === 'string' ? Buffer.from(bytes, 'hex') : bytes);
  }

  /** The next `n` bytes the server sends, or null when it closes first or `ms` pass. */
  async read(n: number, ms = 5000): Promise<Buffer | null> {
    const deadline = Date.now() + ms;
    while (this.received.length < n) {
      if (this.closed || Date.now() > deadline) return null;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.max(1, deadline - Date.now()));
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    const out = this.received.subarray(0, n);
    this.received = this.received.subarray(n);
    return out;
  }

  /** Sends the handshake (two bytes of length, the IMEI in ASCII) and returns the server's answer byte. */
  async handshake(imei: string): Promise<number | null> {
    const frame = Buffer.alloc(2 + imei.length);
    frame.writeUInt16BE(imei.length, 0);
    frame.write(imei, 2, 'ascii');
    this.send(frame);
    return (await this.read(1))?.[0] ?? null;
  }

  /** Sends an AVL packet and returns the count the server acknowledges (null: closed or silent). */
  async packet(bytes: Buffer | string, ms?: number): Promise<number | null> {
    this.send(bytes);
    return (await this.read(4, ms))?.readUInt32BE(0) ?? null;
  }

  /** Resolves once the server has closed the connection (false if it is still open after `ms`). */
  async closedWithin(ms: number): Promise<boolean> {
    const deadline = Date.now() + ms;
    while (!this.closed && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    return this.closed;
  }

  end() {
    this.socket.destroy();
  }
}
