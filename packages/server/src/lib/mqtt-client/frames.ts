import mqttPacket, { type Packet } from 'mqtt-packet';

/**
 * An MQTT byte stream cut into whole frames, with no packet object: `frame` gets each frame as
 * its first byte (`start`), the byte after its remaining length (`body`) and its end, in the buffer
 * it arrived in. A PUBLISH, nearly every frame telemetry reads, is then read in place
 * (`publishAt`); mqtt-packet parses the rare others. `frame` returning false stops the cutting
 * until `resume()` (the embedded listener waits so for a device's sign-in); the bytes that came
 * meanwhile are kept.
 */
export function createFrameReader(opts: {
  /** A frame announcing more than this ends the stream (`malformed`): no stream is buffered without bound. */
  maxFrameBytes: number;
  frame(bytes: Buffer, start: number, body: number, end: number): boolean | void;
  malformed(why: string): void;
}) {
  let held: Buffer[] = [];
  let heldBytes = 0;
  /** How many bytes the unfinished frame needs in all (0: its header is unfinished too). */
  let needed = 0;
  let stopped = false;
  let failed = false;

  const read = () => {
    if (stopped || failed || heldBytes === 0 || (needed && heldBytes < needed)) return;
    let bytes = held.length === 1 ? held[0] : Buffer.concat(held, heldBytes);
    let at = 0;
    needed = 0;
    while (bytes.length - at >= 2) {
      let length = 0;
      let i = at + 1;
      let byte = 0;
      // A scale, not 2 ** shift: V8 calls pow for a power it cannot fold, twice a frame.
      for (let scale = 1; i < bytes.length; scale *= 128) {
        byte = bytes[i++];
        length += (byte & 0x7f) * scale;
        if (!(byte & 0x80) || scale === 0x200000) break;
      }
      if (byte & 0x80) {
        if (i - at > 4) return fail('malformed remaining length');
        break; // the length's bytes are not all here yet
      }
      if (length > opts.maxFrameBytes) return fail(`a frame of ${length} bytes`);
      if (bytes.length < i + length) {
        needed = i + length - at;
        break;
      }
      const go = opts.frame(bytes, at, i, i + length);
      at = i + length;
      if (go === false) {
        stopped = true;
        break;
      }
    }
    bytes = bytes.subarray(at);
    held = bytes.length ? [bytes] : [];
    heldBytes = bytes.length;
  };
  const fail = (why: string) => {
    failed = true;
    held = [];
    heldBytes = 0;
    opts.malformed(why);
  };

  return {
    push(chunk: Buffer) {
      held.push(chunk);
      heldBytes += chunk.length;
      read();
    },
    /** Goes on cutting after `frame` returned false. */
    resume() {
      stopped = false;
      read();
    },
  };
}

/** A whole frame other than PUBLISH, read by mqtt-packet; undefined when it is malformed. */
export function packetOf(frame: Buffer): Packet | undefined {
  let packet: Packet | undefined;
  const parser = mqttPacket.parser();
  parser.on('packet', (p) => (packet = p)).on('error', () => undefined);
  parser.parse(frame);
  return packet;
}

export const PUBLISH = 3;

/** Where the parts of a PUBLISH lie in its frame (see `publishAt`). */
export interface PublishParts {
  qos: 0 | 1 | 2;
  /** 0 at QoS 0. */
  messageId: number;
  topicStart: number;
  topicEnd: number;
  payloadStart: number;
}

/** Parts for `publishAt` to fill: one a connection, not one a message. */
export const publishParts = (): PublishParts => ({ qos: 0, messageId: 0, topicStart: 0, topicEnd: 0, payloadStart: 0 });

/**
 * Reads where the parts of the MQTT 3.1.1 PUBLISH frame `createFrameReader` gave lie, into
 * `parts`; false when it is malformed (QoS 3, a topic or message id past its end).
 */
export function publishAt(bytes: Buffer, start: number, body: number, end: number, parts: PublishParts): boolean {
  const qos = (bytes[start] >> 1) & 3;
  if (qos === 3 || body + 2 > end) return false;
  const topicStart = body + 2;
  const topicEnd = topicStart + bytes.readUInt16BE(body);
  const payloadStart = qos > 0 ? topicEnd + 2 : topicEnd;
  if (payloadStart > end) return false;
  parts.qos = qos as 0 | 1 | 2;
  parts.messageId = qos > 0 ? bytes.readUInt16BE(topicEnd) : 0;
  parts.topicStart = topicStart;
  parts.topicEnd = topicEnd;
  parts.payloadStart = payloadStart;
  return true;
}
