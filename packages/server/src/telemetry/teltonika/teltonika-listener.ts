import { createServer, type Server, type Socket } from 'node:net';
import { readFileSync } from 'node:fs';
import { createServer as createTlsServer } from 'node:tls';
import type { RejectionReason } from '@evfleet/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { RejectionCounter } from '../rejections.js';
import type { Tracker, TrackerRegistry } from '../trackers/tracker-registry.js';
import type { Parsed } from '../../readings/reading.js';
import { parsedRecord, type RecordLeftovers } from './avl-readings.js';
import { readFrame, readHandshake, type AvlRecord } from './codec.js';
import { encodeAck, encodeCommand } from './encode.js';

/** A connection silent this long is closed (the protocol document's devices send at least every few minutes). */
export const IDLE_MS = 10 * 60_000;
/**
 * A packet or handshake begun and not finished this long after its last byte is truncated: a device
 * writes a whole packet at once, so a connection that stops halfway is broken or hostile.
 */
export const STALL_MS = 5000;
/**
 * A connection looks its tracker up again this long after the last time, before its next packet: a
 * profile edited or a tracker removed reaches connections that stay open for days.
 */
const RECHECK_MS = 10_000;
/** The most a connection may have buffered: a whole packet is far smaller (MAX_FRAME_BYTES). */
const MAX_BUFFERED = 2 * 1024 * 1024;
const ACCEPTED = Buffer.from([1]);
const REFUSED = Buffer.from([0]);
const SOURCE = 'teltonika';

export interface TeltonikaDeps {
  trackers: Pick<TrackerRegistry, 'lookup'>;
  /** Stores a packet's checked readings; `settled` is told once they are committed (or the error that left them unstored). */
  store(tracker: Tracker, readings: Parsed[], settled: (err?: unknown) => void): void;
  rejections: RejectionCounter;
  /** A tracker's connection was accepted, from this address. */
  connected?(tracker: Tracker, address: string): void;
  /** An IO element the profile does not map, with its raw value (the profile page lists them). */
  unmapped?(vehicleId: number, io: number, value: number): void;
  /** A Codec 12 response (type 0x06) arrived on the vehicle's connection. */
  answered?(vehicleId: number, text: string): void;
  log: FastifyBaseLogger;
}

/**
 * Teltonika's TCP protocol (docs/devices.md): the IMEI handshake, then AVL packets (Codec 8 and 8
 * Extended), each acknowledged with its record count once its readings are committed, as MQTT
 * messages are; Codec 12 commands go out on the same connection. One packet is handled at a time
 * per connection (a device waits for each answer anyway), so a connection buffers at most one
 * packet and what follows it in the socket.
 */
export function createTeltonikaListener(deps: TeltonikaDeps) {
  const servers: Server[] = [];
  /** The open connection of each vehicle's tracker: commands are sent on it. */
  const open = new Map<number, { socket: Socket; reread(): void }>();
  /** Every connection, handshaken or not: a stop ends them all. */
  const sockets = new Set<Socket>();

  const serve = (socket: Socket) => {
    let buffer: Buffer = Buffer.alloc(0);
    let tracker: Tracker | null = null;
    let imei = '';
    let checkedAt = 0;
    /** A handshake or packet is being handled: the next waits for it. */
    let busy = false;
    let ended = false;
    const address = socket.remoteAddress ?? '';

    const refuse = (reason: RejectionReason, detail: string) => {
      deps.rejections.count(reason, SOURCE, `${tracker ? `vehicle ${tracker.vehicleId}` : address}: ${detail}`);
      end();
    };
    const end = (last?: Buffer) => {
      if (ended) return;
      ended = true;
      buffer = Buffer.alloc(0);
      if (last) socket.end(last);
      else socket.destroy();
    };

    const handshake = () => {
      const hs = readHandshake(buffer, 0);
      if (hs.kind === 'incomplete') return;
      if (hs.kind === 'refused') return refuse('bad_packet', `handshake ${hs.detail}`);
      buffer = buffer.subarray(hs.bytes);
      busy = true;
      deps.trackers.lookup('teltonika', hs.imei).then(
        (found) => {
          if (ended) return;
          if (!found) {
            deps.rejections.count('unknown_device', SOURCE, `IMEI ${hs.imei}`);
            return end(REFUSED);
          }
          tracker = found;
          imei = hs.imei;
          checkedAt = Date.now();
          open.get(found.vehicleId)?.socket.destroy(); // a device reconnecting leaves its old connection behind
          open.set(found.vehicleId, { socket, reread });
          socket.write(ACCEPTED);
          deps.connected?.(found, address);
          busy = false;
          pump();
        },
        (err: unknown) => {
          deps.log.error({ err }, 'looking a tracker up failed');
          end();
        },
      );
    };

    /** The tracker read again (cached by the registry): its profile as it is now, or the end if it is gone. */
    const recheck = (current: Tracker) => {
      busy = true;
      deps.trackers.lookup('teltonika', imei).then(
        (found) => {
          if (ended) return;
          if (found?.vehicleId !== current.vehicleId) {
            deps.rejections.count('unknown_device', SOURCE, `IMEI ${imei} is no longer this vehicle's`);
            return end();
          }
          tracker = found;
          checkedAt = Date.now();
          busy = false;
          pump();
        },
        (err: unknown) => {
          deps.log.error({ err }, 'looking a tracker up failed');
          end();
        },
      );
    };

    /** The tracker changed: read it again now, or before the next packet when one is under way. */
    const reread = () => {
      if (ended || !tracker) return;
      if (busy) checkedAt = 0;
      else recheck(tracker);
    };

    const records = (t: Tracker, avl: AvlRecord[]) => {
      const leftovers: RecordLeftovers = { tooLong: 0, overLimit: 0 };
      const unmapped = deps.unmapped && ((io: number, value: number) => deps.unmapped!(t.vehicleId, io, value));
      const now = Date.now();
      const readings = avl.map((r) => parsedRecord(r, t.profile, now, leftovers, unmapped));
      if (leftovers.tooLong) deps.rejections.count('io_too_long', SOURCE, `vehicle ${t.vehicleId}`, leftovers.tooLong);
      if (leftovers.overLimit)
        deps.rejections.count(
          'bad_value',
          SOURCE,
          `vehicle ${t.vehicleId}: too many unknown signals`,
          leftovers.overLimit,
        );
      return readings;
    };

    let stall: NodeJS.Timeout | null = null;
    /** Watches a packet begun and not finished while nothing else is under way. */
    const watchStall = () => {
      if (stall) clearTimeout(stall);
      stall = null;
      if (ended || busy || buffer.length === 0) return;
      stall = setTimeout(() => refuse('truncated', `a packet stopped after ${buffer.length} bytes`), STALL_MS);
    };
    const pump = () => {
      handleBuffered();
      watchStall();
    };

    /** Handles what the buffer holds, a packet at a time. */
    const handleBuffered = () => {
      while (!busy && !ended) {
        if (tracker === null) return handshake();
        const frame = readFrame(buffer, 0);
        switch (frame.kind) {
          case 'incomplete':
            return;
          case 'refused':
            return refuse(frame.reason, frame.detail);
          case 'bad':
            // Nothing of it is stored; a count of 0 makes the device send it again.
            deps.rejections.count(frame.reason, SOURCE, `vehicle ${tracker.vehicleId}: ${frame.detail}`);
            buffer = buffer.subarray(frame.bytes);
            socket.write(encodeAck(0));
            continue;
          case 'command':
            buffer = buffer.subarray(frame.bytes);
            if (frame.type === 0x06) deps.answered?.(tracker.vehicleId, frame.text.toString('utf8'));
            continue;
          case 'avl': {
            // Read again before it is stored: the packet waits in the buffer meanwhile.
            if (Date.now() - checkedAt > RECHECK_MS) return recheck(tracker);
            buffer = buffer.subarray(frame.bytes);
            busy = true;
            socket.pause();
            const count = frame.records.length;
            let readings: Parsed[];
            try {
              readings = records(tracker, frame.records);
            } catch (err) {
              deps.log.error({ err }, 'reading a Teltonika packet failed');
              return end();
            }
            deps.store(tracker, readings, (err) => {
              if (ended) return;
              // Unstored: no answer, and the device sends the packet again on its next connection.
              if (err !== undefined) {
                deps.log.error({ err }, 'storing a Teltonika packet failed; closing so the device sends it again');
                return end();
              }
              // Refused records are in the count too: sending them again would be refused again.
              socket.write(encodeAck(count));
              busy = false;
              socket.resume();
              pump();
            });
            return;
          }
        }
      }
    };

    sockets.add(socket);
    socket.setNoDelay(true);
    socket.setTimeout(IDLE_MS, () => refuse('idle', `silent for ${IDLE_MS / 60_000} minutes`));
    socket.on('data', (chunk: Buffer) => {
      if (ended) return;
      buffer = buffer.length === 0 ? chunk : Buffer.concat([buffer, chunk]);
      if (buffer.length > MAX_BUFFERED) return refuse('too_large', `${buffer.length} bytes buffered`);
      pump();
    });
    socket.on('error', () => undefined); // a reset connection ends in 'close'
    socket.on('close', () => {
      if (stall) clearTimeout(stall);
      if (!ended && buffer.length > 0) deps.rejections.count('truncated', SOURCE, `${buffer.length} bytes left unread`);
      ended = true;
      sockets.delete(socket);
      if (tracker && open.get(tracker.vehicleId)?.socket === socket) open.delete(tracker.vehicleId);
    });
  };

  const listen = (server: Server, port: number, host: string) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => {
        server.off('error', reject);
        servers.push(server);
        const where = server.address();
        resolve(typeof where === 'object' && where ? where.port : port);
      });
    });

  return {
    /** Listens for trackers over TCP; answers the port (0 picks one). */
    listen: (port: number, host: string) => listen(createServer(serve), port, host),
    /** The same over TLS, with the operator's certificate and key files. */
    listenTls: (port: number, host: string, files: { cert: string; key: string }) =>
      listen(createTlsServer({ cert: readFileSync(files.cert), key: readFileSync(files.key) }, serve), port, host),
    /** Sends a Codec 12 command on the vehicle's open connection: false when it has none here. */
    send(vehicleId: number, text: string): boolean {
      const socket = open.get(vehicleId)?.socket;
      if (!socket || socket.destroyed) return false;
      socket.write(encodeCommand(0x05, text));
      return true;
    },
    /** Whether the vehicle's tracker is connected to this instance. */
    isConnected: (vehicleId: number) => open.has(vehicleId),
    /** The vehicles whose trackers are connected to this instance. */
    connectedVehicles: () => [...open.keys()],
    /**
     * A vehicle's tracker changed (every vehicle's, for a profile): its connection reads it again at
     * once, taking an edited profile, and ends when its IMEI no longer names that vehicle.
     */
    reread(vehicleId: number | null) {
      if (vehicleId === null) for (const connection of open.values()) connection.reread();
      else open.get(vehicleId)?.reread();
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
    },
  };
}
