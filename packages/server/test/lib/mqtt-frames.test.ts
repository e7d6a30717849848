import mqttPacket, { type Packet } from 'mqtt-packet';
import { describe, expect, it } from 'vitest';
import { createFrameReader, publishAt, publishParts } from '../../src/lib/mqtt-client/frames.js';

/** Frames of every size class of the remaining length (1 to 3 bytes), PUBLISH at each QoS and others. */
const packets: Packet[] = [
  { cmd: 'pingreq' },
  {
    cmd: 'publish',
    topic: 'evfleet/v1/VIN-1/readings',
    payload: Buffer.from('{"ts":1}'),
    qos: 1,
    messageId: 7,
    dup: false,
    retain: false,
  },
  { cmd: 'publish', topic: 'a', payload: Buffer.alloc(300, 'x'), qos: 0, dup: false, retain: false },
  {
    cmd: 'publish',
    topic: 't/ü',
    payload: Buffer.alloc(20_000, 'y'),
    qos: 2,
    messageId: 65535,
    dup: false,
    retain: false,
  },
  { cmd: 'puback', messageId: 9 },
  { cmd: 'publish', topic: 'e', payload: Buffer.alloc(0), qos: 1, messageId: 1, dup: false, retain: false },
];
const stream = Buffer.concat(packets.map((p) => mqttPacket.generate(p)));

/** What the reader gives for the stream cut at these places: each frame's bytes and, for a PUBLISH, its parts. */
function cut(at: number[]) {
  // Bytes as base64: comparing thousands of Buffers element by element would take the test's minute.
  const seen: { bytes: string; topic?: string; payload?: string; messageId?: number; qos?: number }[] = [];
  const reader = createFrameReader({
    maxFrameBytes: 1 << 20,
    frame: (bytes, start, body, end) => {
      const frame = { bytes: bytes.toString('base64', start, end) };
      const parts = publishParts();
      seen.push(
        bytes[start] >> 4 === 3 && publishAt(bytes, start, body, end, parts)
          ? {
              ...frame,
              topic: bytes.toString('utf8', parts.topicStart, parts.topicEnd),
              payload: bytes.toString('base64', parts.payloadStart, end),
              messageId: parts.messageId,
              qos: parts.qos,
            }
          : frame,
      );
    },
    malformed: (why) => {
      throw new Error(why);
    },
  });
  let from = 0;
  for (const to of [...at, stream.length]) {
    reader.push(stream.subarray(from, to));
    from = to;
  }
  return seen;
}

describe('MQTT frames cut from a byte stream (lib/mqtt-client/frames.ts)', () => {
  const whole = cut([]);

  it('gives every frame whole, and a PUBLISH its topic, QoS, message id and payload', () => {
    expect(whole.map((f) => f.bytes)).toEqual(packets.map((p) => mqttPacket.generate(p).toString('base64')));
    const publishes = whole.filter((f) => f.topic !== undefined);
    expect(
      publishes.map(({ topic, qos, messageId, payload }) => ({
        topic,
        qos,
        messageId,
        size: Buffer.from(payload!, 'base64').length,
      })),
    ).toEqual([
      { topic: 'evfleet/v1/VIN-1/readings', qos: 1, messageId: 7, size: 8 },
      { topic: 'a', qos: 0, messageId: 0, size: 300 },
      { topic: 't/ü', qos: 2, messageId: 65535, size: 20_000 },
      { topic: 'e', qos: 1, messageId: 1, size: 0 },
    ]);
  });

  it('gives the same frames however the stream is cut: byte by byte, and at 300 random places', () => {
    expect(cut(Array.from({ length: 400 }, (_, i) => i + 1))).toEqual(whole);
    let seed = 7;
    for (let round = 0; round < 300; round++) {
      const places = Array.from({ length: 1 + (round % 9) }, () => {
        seed = (seed * 16807) % 2147483647;
        return seed % stream.length;
      }).sort((a, b) => a - b);
      expect(cut(places)).toEqual(whole);
    }
  });

  it('stops at a frame the caller holds back and goes on at resume, keeping what came meanwhile', () => {
    const seen: number[] = [];
    const reader = createFrameReader({
      maxFrameBytes: 1 << 20,
      frame: (bytes, start) => {
        seen.push(bytes[start] >> 4);
        return seen.length !== 1; // hold after the first
      },
      malformed: () => undefined,
    });
    reader.push(stream.subarray(0, 40));
    reader.push(stream.subarray(40));
    expect(seen).toEqual([12]);
    reader.resume();
    expect(seen).toEqual([12, 3, 3, 3, 4, 3]);
  });

  it.each([
    ['a remaining length of five bytes', Buffer.from([0x30, 0xff, 0xff, 0xff, 0xff, 0x01]), /remaining length/],
    ['a frame over the limit', Buffer.from([0x30, 0x80, 0x80, 0x40]), /frame of 1048576 bytes/],
  ])('refuses %s and reads nothing after it', (_, bytes, message) => {
    const why: string[] = [];
    let frames = 0;
    const reader = createFrameReader({
      maxFrameBytes: 1 << 19,
      frame: () => void frames++,
      malformed: (w) => why.push(w),
    });
    reader.push(Buffer.concat([bytes, stream]));
    reader.push(stream);
    expect(why).toHaveLength(1);
    expect(why[0]).toMatch(message);
    expect(frames).toBe(0);
  });

  it('finds a PUBLISH malformed when its QoS is 3 or its topic or message id runs past its end', () => {
    const at = (bytes: number[]) => {
      const parts = publishParts();
      return publishAt(Buffer.from(bytes), 0, 2, bytes.length, parts) ? parts : null;
    };
    expect(at([0x36, 0x04, 0x00, 0x01, 0x61, 0x00])).toBeNull(); // QoS 3
    expect(at([0x30, 0x03, 0x00, 0x05, 0x61])).toBeNull(); // topic of 5 in 3 bytes
    expect(at([0x32, 0x03, 0x00, 0x01, 0x61])).toBeNull(); // QoS 1 without a message id
    expect(at([0x30, 0x03, 0x00, 0x01, 0x61])).toEqual({
      qos: 0,
      messageId: 0,
      topicStart: 4,
      topicEnd: 5,
      payloadStart: 5,
    });
  });
});
