import { createServer, type Server, type Socket } from 'node:net';
import mqttPacket, { type Packet } from 'mqtt-packet';
import { afterEach, describe, expect, it } from 'vitest';
import { createAckQueue } from '../../src/lib/mqtt-client/ack-queue.js';
import { startMqttConsumer } from '../../src/lib/mqtt-client/consumer.js';

const tick = () => new Promise((r) => setTimeout(r, 20));
const until = async (check: () => boolean) => {
  for (let i = 0; i < 250 && !check(); i++) await tick();
  expect(check()).toBe(true);
};
const publish = (messageId: number, topic = 't/1') =>
  mqttPacket.generate({
    cmd: 'publish',
    topic,
    payload: `m${messageId}`,
    qos: 1,
    messageId,
    retain: false,
    dup: false,
  });

/** A broker of a few lines: accepts every CONNECT, records what the client sends, publishes on demand. */
async function fakeBroker() {
  const connections: { socket: Socket; packets: Packet[] }[] = [];
  const server: Server = createServer((socket) => {
    const conn = { socket, packets: [] as Packet[] };
    connections.push(conn);
    const parser = mqttPacket.parser({ protocolVersion: 4 });
    parser.on('packet', (p: Packet) => {
      conn.packets.push(p);
      if (p.cmd === 'connect')
        socket.write(mqttPacket.generate({ cmd: 'connack', returnCode: 0, sessionPresent: false }));
      if (p.cmd === 'subscribe')
        socket.write(mqttPacket.generate({ cmd: 'suback', messageId: p.messageId, granted: [1] }));
    });
    socket.on('data', (d) => parser.parse(d));
    socket.on('error', () => undefined);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as { port: number }).port;
  const last = () => connections[connections.length - 1];
  return {
    url: `mqtt://127.0.0.1:${port}`,
    connections,
    /** Waits for the client's subscription on its latest connection. */
    subscribed: () => until(() => !!last()?.packets.some((p) => p.cmd === 'subscribe')),
    send: (bytes: Buffer) => last().socket.write(bytes),
    pubacks: () => last().packets.flatMap((p) => (p.cmd === 'puback' ? [p.messageId] : [])),
    close: () => {
      for (const c of connections) c.socket.destroy();
      return new Promise((r) => server.close(r));
    },
  };
}

const log = { info: () => undefined, warn: () => undefined, error: () => undefined };
/** A message handler whose messages stay unhandled until `release` resolves (or rejects) them. */
function heldHandler() {
  const held = new Map<string, { resolve: () => void; reject: (e: Error) => void }>();
  return {
    held,
    handle: (_topic: string, payload: Buffer, settled: (err?: unknown) => void) =>
      void held.set(payload.toString(), { resolve: () => settled(), reject: (e) => settled(e) }),
    release: (...names: string[]) => names.forEach((n) => held.get(n)!.resolve()),
  };
}

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
});
async function setUp(maxUnacked?: number) {
  const broker = await fakeBroker();
  const handler = heldHandler();
  const consumer = startMqttConsumer({
    url: broker.url,
    clientId: 'c',
    topic: 't/+',
    handle: handler.handle,
    log,
    maxUnacked,
  });
  cleanups.push(() => consumer.close(), broker.close);
  await broker.subscribed();
  return { broker, handler, consumer };
}

describe('MQTT client (lib/mqtt-client)', () => {
  it('sends PUBACKs in arrival order, each once the messages before it are handled too', async () => {
    const written: number[][] = [];
    const queue = createAckQueue(
      (b) => written.push(Array.from({ length: b.length / 4 }, (_, i) => b.readUInt16BE(i * 4 + 2))),
      () => undefined,
    );
    const [a, b, c] = [1, 2, 3].map((id) => queue.add(id));
    expect(queue.unacked()).toBe(3);
    queue.done(c);
    queue.done(b);
    await new Promise((r) => process.nextTick(r));
    expect(written).toEqual([]);
    queue.done(a);
    await new Promise((r) => process.nextTick(r));
    expect(written).toEqual([[1, 2, 3]]); // one write for all three
  });

  it('connects with a persistent session and subscribes at QoS 1', async () => {
    const { broker, consumer } = await setUp();
    const [connect, subscribe] = broker.connections[0].packets;
    expect(connect).toMatchObject({ cmd: 'connect', clean: false, clientId: 'c', protocolVersion: 4 });
    expect(subscribe).toMatchObject({ cmd: 'subscribe', subscriptions: [{ topic: 't/+', qos: 1 }] });
    expect(consumer.connected).toBe(true);
  });

  it('reads a packet split across TCP chunks and several packets in one chunk', async () => {
    const { broker, handler } = await setUp();
    const one = publish(1);
    broker.send(one.subarray(0, 3));
    await tick();
    broker.send(one.subarray(3));
    broker.send(Buffer.concat([publish(2), publish(3), publish(4).subarray(0, 5)]));
    await tick();
    broker.send(publish(4).subarray(5));
    await until(() => handler.held.size === 4);
    expect([...handler.held.keys()]).toEqual(['m1', 'm2', 'm3', 'm4']);
  });

  it('acknowledges in arrival order when messages are handled out of order', async () => {
    const { broker, handler } = await setUp();
    broker.send(Buffer.concat([1, 2, 3, 4].map((id) => publish(id))));
    await until(() => handler.held.size === 4);
    handler.release('m3', 'm2');
    await tick();
    expect(broker.pubacks()).toEqual([]);
    handler.release('m1');
    await until(() => broker.pubacks().length === 3);
    handler.release('m4');
    await until(() => broker.pubacks().length === 4);
    expect(broker.pubacks()).toEqual([1, 2, 3, 4]);
  });

  it('reconnects without acknowledging when handling a message fails, so the broker delivers it again', async () => {
    const { broker, handler } = await setUp();
    broker.send(publish(7));
    await until(() => handler.held.size === 1);
    handler.held.get('m7')!.reject(new Error('commit failed'));
    await until(() => broker.connections.length === 2);
    expect(broker.connections[0].packets.some((p) => p.cmd === 'puback')).toBe(false);
    await broker.subscribed();
    expect(broker.connections[1].packets[0]).toMatchObject({ cmd: 'connect', clean: false });
  });

  it('stops reading at its window of unacknowledged messages and reads on as they are acknowledged', async () => {
    const { broker, handler } = await setUp(4);
    for (let id = 1; id <= 10; id++) {
      broker.send(publish(id));
      await tick();
    }
    expect(handler.held.size).toBe(4);
    handler.release('m1', 'm2', 'm3', 'm4');
    await until(() => handler.held.size === 8);
    handler.release('m5', 'm6', 'm7', 'm8');
    await until(() => handler.held.size === 10);
  });

  it('holds its window even when one read brings more messages than it has room for', async () => {
    const { broker, handler } = await setUp(4);
    broker.send(Buffer.concat(Array.from({ length: 10 }, (_, i) => publish(i + 1))));
    await until(() => handler.held.size === 4);
    await tick();
    expect(handler.held.size).toBe(4);
    handler.release('m1', 'm2', 'm3', 'm4');
    await until(() => handler.held.size === 8);
    await tick();
    expect(handler.held.size).toBe(8);
    handler.release('m5', 'm6', 'm7', 'm8');
    await until(() => handler.held.size === 10);
    handler.release('m9', 'm10');
    await until(() => broker.pubacks().length === 10);
    expect(broker.pubacks()).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('reads on after resting: messages that come a few at a time are all handled and acknowledged', async () => {
    const { broker, handler } = await setUp();
    for (let id = 1; id <= 30; id++) {
      broker.send(publish(id));
      if (id % 3 === 0) await new Promise((r) => setTimeout(r, 1)); // within a rest, and across several
    }
    await until(() => handler.held.size === 30);
    handler.release(...Array.from({ length: 30 }, (_, i) => `m${i + 1}`));
    await until(() => broker.pubacks().length === 30);
    expect(broker.pubacks()).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
  });
});
