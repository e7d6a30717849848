import type { Socket } from 'node:net';
import type { RejectionReason } from '@evfleet/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { RejectionCounter } from '../rejections.js';
import type { Tracker, TrackerRegistry } from '../trackers/tracker-registry.js';
import type { Parsed } from '../../readings/reading.js';
import { parsedRecord, type RecordLeftovers } from './avl-readings.js';
import { FrameScratch, readFrame, readHandshake, type AvlRecord } from './codec.js';
import { encodeAck } from './encode.js';

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
/**
 * Every connection reads its frames' IO elements into this one scratch: a packet's records become
 * readings before its data handler returns (store() turns them synchronously), so no two frames'
 * records are ever alive together.
 */
const scratch = new FrameScratch();

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

/** What a connection tells the listener that keeps the open connection of each vehicle. */
export interface OpenConnections {
  /** The handshake named the vehicle: this is now its tracker's connection. */
  accepted(vehicleId: number, connection: TeltonikaConnection): void;
  /** The connection closed; `vehicleId` is its vehicle's when the handshake named one. */
  closed(connection: TeltonikaConnection, vehicleId: number | null): void;
}

/**
 * One tracker's connection: the IMEI handshake, then a packet at a time, each stored and
 * acknowledged before the next is handled, so it buffers one packet and what a tracker sends
 * before its answer (at most MAX_BUFFERED). Its tracker is read again before a packet when the last reading is old (RECHECK_MS) or
 * when told (`reread`); a packet refused, stalled or left unstored ends it.
 */
export class TeltonikaConnection {
  private buffer: Buffer = Buffer.alloc(0);
  private tracker: Tracker | null = null;
  private imei = '';
  private checkedAt = 0;
  /** A handshake or packet is being handled: the next waits for it. */
  private busy = false;
  private ended = false;
  private stall: NodeJS.Timeout | null = null;
  private readonly address: string;

  constructor(
    readonly socket: Socket,
    private readonly deps: TeltonikaDeps,
    private readonly open: OpenConnections,
  ) {
    this.address = socket.remoteAddress ?? '';
    socket.setNoDelay(true);
    socket.setTimeout(IDLE_MS, () => this.refuse('idle', `silent for ${IDLE_MS / 60_000} minutes`));
    socket.on('data', (chunk: Buffer) => this.received(chunk));
    socket.on('error', () => undefined); // a reset connection ends in 'close'
    socket.on('close', () => this.closed());
  }

  /** The tracker changed: read it again now, or before the next packet when one is under way. */
  reread() {
    if (this.ended || !this.tracker) return;
    if (this.busy) this.checkedAt = 0;
    else this.recheck(this.tracker);
  }

  private received(chunk: Buffer) {
    if (this.ended) return;
    this.buffer = this.buffer.length === 0 ? chunk : Buffer.concat([this.buffer, chunk]);
    if (this.buffer.length > MAX_BUFFERED) return this.refuse('too_large', `${this.buffer.length} bytes buffered`);
    this.pump();
  }

  private closed() {
    if (this.stall) clearTimeout(this.stall);
    if (!this.ended && this.buffer.length > 0)
      this.deps.rejections.count('truncated', SOURCE, `${this.buffer.length} bytes left unread`);
    this.ended = true;
    this.open.closed(this, this.tracker?.vehicleId ?? null);
  }

  private refuse(reason: RejectionReason, detail: string) {
    const who = this.tracker ? `vehicle ${this.tracker.vehicleId}` : this.address;
    this.deps.rejections.count(reason, SOURCE, `${who}: ${detail}`);
    this.end();
  }

  private end(last?: Buffer) {
    if (this.ended) return;
    this.ended = true;
    this.buffer = Buffer.alloc(0);
    if (last) this.socket.end(last);
    else this.socket.destroy();
  }

  private pump() {
    this.handleBuffered();
    this.watchStall();
  }

  /** Watches a packet begun and not finished while nothing else is under way. */
  private watchStall() {
    if (this.stall) clearTimeout(this.stall);
    this.stall = null;
    if (this.ended || this.busy || this.buffer.length === 0) return;
    this.stall = setTimeout(
      () => this.refuse('truncated', `a packet stopped after ${this.buffer.length} bytes`),
      STALL_MS,
    );
  }

  /** Looks the IMEI's tracker up, the connection waiting meanwhile; a failed lookup ends it. */
  private lookUp(imei: string, then: (found: Tracker | null) => void) {
    this.busy = true;
    this.deps.trackers.lookup('teltonika', imei).then(
      (found) => {
        if (!this.ended) then(found);
      },
      (err: unknown) => {
        this.deps.log.error({ err }, 'looking a tracker up failed');
        this.end();
      },
    );
  }

  private handshake() {
    const hs = readHandshake(this.buffer, 0);
    if (hs.kind === 'incomplete') return;
    if (hs.kind === 'refused') return this.refuse('bad_packet', `handshake ${hs.detail}`);
    this.buffer = this.buffer.subarray(hs.bytes);
    this.lookUp(hs.imei, (found) => {
      if (!found) {
        this.deps.rejections.count('unknown_device', SOURCE, `IMEI ${hs.imei}`);
        return this.end(REFUSED);
      }
      this.tracker = found;
      this.imei = hs.imei;
      this.checkedAt = Date.now();
      this.open.accepted(found.vehicleId, this);
      this.socket.write(ACCEPTED);
      this.deps.connected?.(found, this.address);
      this.busy = false;
      this.pump();
    });
  }

  /** The tracker read again (cached by the registry): its profile as it is now, or the end if it is gone. */
  private recheck(current: Tracker) {
    this.lookUp(this.imei, (found) => {
      if (found?.vehicleId !== current.vehicleId) {
        this.deps.rejections.count('unknown_device', SOURCE, `IMEI ${this.imei} is no longer this vehicle's`);
        return this.end();
      }
      this.tracker = found;
      this.checkedAt = Date.now();
      this.busy = false;
      this.pump();
    });
  }

  /** Handles what the buffer holds, a packet at a time. */
  private handleBuffered() {
    while (!this.busy && !this.ended) {
      const tracker = this.tracker;
      if (tracker === null) return this.handshake();
      const frame = readFrame(this.buffer, 0, scratch);
      switch (frame.kind) {
        case 'incomplete':
          return;
        case 'refused':
          return this.refuse(frame.reason, frame.detail);
        case 'bad':
          // Nothing of it is stored; a count of 0 makes the device send it again.
          this.deps.rejections.count(frame.reason, SOURCE, `vehicle ${tracker.vehicleId}: ${frame.detail}`);
          this.buffer = this.buffer.subarray(frame.bytes);
          this.socket.write(encodeAck(0));
          continue;
        case 'command':
          this.buffer = this.buffer.subarray(frame.bytes);
          if (frame.type === 0x06) this.deps.answered?.(tracker.vehicleId, frame.text.toString('utf8'));
          continue;
        case 'avl':
          // Read again before it is stored: the packet waits in the buffer meanwhile.
          if (Date.now() - this.checkedAt > RECHECK_MS) return this.recheck(tracker);
          this.buffer = this.buffer.subarray(frame.bytes);
          return this.store(tracker, frame.records);
      }
    }
  }

  /**
   * Stores an AVL packet's records, handling nothing more until its answer has left. The socket is
   * not paused: a tracker waits for the answer before its next packet, and what else arrives
   * meanwhile is buffered up to MAX_BUFFERED.
   */
  private store(tracker: Tracker, records: AvlRecord[]) {
    this.busy = true;
    let readings: Parsed[];
    try {
      readings = packetReadings(this.deps, tracker, records);
    } catch (err) {
      this.deps.log.error({ err }, 'reading a Teltonika packet failed');
      return this.end();
    }
    this.deps.store(tracker, readings, (err) => {
      if (this.ended) return;
      // Unstored: no answer, and the device sends the packet again on its next connection.
      if (err !== undefined) {
        this.deps.log.error({ err }, 'storing a Teltonika packet failed; closing so the device sends it again');
        return this.end();
      }
      // Refused records are in the count too: sending them again would be refused again.
      this.socket.write(encodeAck(records.length));
      this.busy = false;
      this.pump();
    });
  }
}

/** A packet's records as readings through the tracker's profile, what does not fit counted as refused. */
function packetReadings(deps: TeltonikaDeps, t: Tracker, avl: AvlRecord[]): Parsed[] {
  const leftovers: RecordLeftovers = { tooLong: 0, overLimit: 0 };
  const unmapped = deps.unmapped && ((io: number, value: number) => deps.unmapped!(t.vehicleId, io, value));
  const now = Date.now();
  const readings = avl.map((r) => parsedRecord(r, t.profile, now, leftovers, unmapped));
  if (leftovers.tooLong) deps.rejections.count('io_too_long', SOURCE, `vehicle ${t.vehicleId}`, leftovers.tooLong);
  if (leftovers.overLimit)
    deps.rejections.count('bad_value', SOURCE, `vehicle ${t.vehicleId}: too many unknown signals`, leftovers.overLimit);
  return readings;
}
