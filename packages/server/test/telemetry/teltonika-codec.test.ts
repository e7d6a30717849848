import { ProtocolParser, type Data, type GPRS } from 'complete-teltonika-parser';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  FrameScratch,
  MAX_FRAME_BYTES,
  readFrame,
  readHandshake,
  type AvlRecord,
  type Frame,
  type IoElement,
} from '../../src/telemetry/teltonika/codec.js';
import { crc16 } from '../../src/telemetry/teltonika/crc16.js';
import { encodeAck, encodeAvl, encodeCommand, encodeHandshake } from '../../src/telemetry/teltonika/encode.js';

// The example packets of https://wiki.teltonika-gps.com/view/Teltonika_Data_Sending_Protocols
// (sections "Codec 8", "Codec 8 Extended", "Codec 12" and "Communication with server"), verbatim.
const WIKI = {
  codec8First:
    '000000000000003608010000016B40D8EA30010000000000000000000000000000000105021503010101425E0F01F10000601A014E0000000000000000010000C7CF',
  codec8Second:
    '000000000000002808010000016B40D9AD80010000000000000000000000000000000103021503010101425E100000010000F22A',
  codec8Third:
    '000000000000004308020000016B40D57B480100000000000000000000000000000001010101000000000000016B40D5C198010000000000000000000000000000000101010101000000020000252C',
  codec8Extended:
    '000000000000004A8E010000016B412CEE000100000000000000000000000000000000010005000100010100010011001D00010010015E2C880002000B000000003544C87A000E000000001DD7E06A00000100002994',
  getinfo: '000000000000000F0C010500000007676574696E666F0100004312',
  getinfoResponse:
    '00000000000000900C010600000088494E493A323031392F372F323220373A3232205254433A323031392F372F323220373A3533205253543A32204552523A312053523A302042523A302043463A302046473A3020464C3A302054553A302F302055543A3020534D533A30204E4F4750533A303A3330204750533A31205341543A302052533A332052463A36352053463A31204D443A30010000C78F',
  handshake: '000F333536333037303432343431303133',
};
const bytesOf = (hex: string) => Buffer.from(hex, 'hex');
const el = (id: number, length: number, value: number): IoElement => ({ id, length, value, signedValue: value });
const still = { priority: 1, longitude: 0, latitude: 0, altitude: 0, angle: 0, satellites: 0, speed: 0, eventIoId: 1 };

/** The CRC field a frame carries, and the CRC of its data field. */
function crcs(frame: Buffer) {
  const length = frame.readUInt32BE(4);
  return { sent: frame.readUInt32BE(8 + length), computed: crc16(frame, 8, 8 + length) };
}
/** The frame with its CRC made right again after an edit, so a check past the CRC is reached. */
function withCrc(frame: Buffer): Buffer {
  const length = frame.readUInt32BE(4);
  frame.writeUInt16BE(crc16(frame, 8, 8 + length), 10 + length);
  return frame;
}

describe("Teltonika's example packets", () => {
  it('reads the first Codec 8 example: one record of five IO elements, CRC 0xC7CF', () => {
    const frame = bytesOf(WIKI.codec8First);
    expect(crcs(frame)).toEqual({ sent: 0xc7cf, computed: 0xc7cf });
    expect(readFrame(frame, 0)).toEqual({
      kind: 'avl',
      codec: 0x08,
      bytes: 8 + 0x36 + 4,
      records: [
        {
          timestamp: Date.UTC(2019, 5, 10, 10, 4, 46), // 0x0000016B40D8EA30
          ...still,
          io: [el(0x15, 1, 3), el(0x01, 1, 1), el(0x42, 2, 0x5e0f), el(0xf1, 4, 0x601a), el(0x4e, 8, 0)],
        },
      ],
    });
  });

  it('reads the second Codec 8 example: three IO elements, CRC 0xF22A', () => {
    const frame = bytesOf(WIKI.codec8Second);
    expect(crcs(frame)).toEqual({ sent: 0xf22a, computed: 0xf22a });
    expect(readFrame(frame, 0)).toEqual({
      kind: 'avl',
      codec: 0x08,
      bytes: 8 + 0x28 + 4,
      records: [
        {
          timestamp: Date.UTC(2019, 5, 10, 10, 5, 36), // 0x0000016B40D9AD80
          ...still,
          io: [el(0x15, 1, 3), el(0x01, 1, 1), el(0x42, 2, 0x5e10)],
        },
      ],
    });
  });

  it('reads the third Codec 8 example: two records, CRC 0x252C', () => {
    const frame = bytesOf(WIKI.codec8Third);
    expect(crcs(frame)).toEqual({ sent: 0x252c, computed: 0x252c });
    expect(readFrame(frame, 0)).toEqual({
      kind: 'avl',
      codec: 0x08,
      bytes: 8 + 0x43 + 4,
      records: [
        { timestamp: Date.UTC(2019, 5, 10, 10, 1, 1), ...still, io: [el(0x01, 1, 0)] }, // 0x0000016B40D57B48
        { timestamp: Date.UTC(2019, 5, 10, 10, 1, 19), ...still, io: [el(0x01, 1, 1)] }, // 0x0000016B40D5C198
      ],
    });
  });

  it('reads the Codec 8 Extended example: 2-byte ids and counts, an empty NX group, CRC 0x2994', () => {
    const frame = bytesOf(WIKI.codec8Extended);
    expect(crcs(frame)).toEqual({ sent: 0x2994, computed: 0x2994 });
    expect(readFrame(frame, 0)).toEqual({
      kind: 'avl',
      codec: 0x8e,
      bytes: 8 + 0x4a + 4,
      records: [
        {
          timestamp: Date.UTC(2019, 5, 10, 11, 36, 32), // 0x0000016B412CEE00
          ...still,
          io: [
            el(0x0001, 1, 1),
            el(0x0011, 2, 0x1d),
            el(0x0010, 4, 0x015e2c88),
            el(0x000b, 8, 0x3544c87a),
            el(0x000e, 8, 0x1dd7e06a),
          ],
        },
      ],
    });
  });

  it('reads the Codec 12 getinfo command and the device response, CRCs 0x4312 and 0xC78F', () => {
    const command = bytesOf(WIKI.getinfo);
    expect(crcs(command)).toEqual({ sent: 0x4312, computed: 0x4312 });
    expect(readFrame(command, 0)).toEqual({ kind: 'command', type: 0x05, text: Buffer.from('getinfo'), bytes: 27 });
    const response = bytesOf(WIKI.getinfoResponse);
    expect(crcs(response)).toEqual({ sent: 0xc78f, computed: 0xc78f });
    const text =
      'INI:2019/7/22 7:22 RTC:2019/7/22 7:53 RST:2 ERR:1 SR:0 BR:0 CF:0 FG:0 FL:0 TU:0/0 UT:0 SMS:0 NOGPS:0:30 GPS:1 SAT:0 RS:3 RF:65 SF:1 MD:0';
    expect(text.length).toBe(0x88);
    expect(readFrame(response, 0)).toEqual({
      kind: 'command',
      type: 0x06,
      text: Buffer.from(text),
      bytes: 8 + 0x90 + 4,
    });
  });

  it('reads the handshake and writes the answers the page shows', () => {
    const handshake = bytesOf(WIKI.handshake);
    expect(readHandshake(handshake, 0)).toEqual({ kind: 'imei', imei: '356307042441013', bytes: 17 });
    expect(encodeHandshake('356307042441013')).toEqual(handshake);
    expect(encodeAck(1).toString('hex')).toBe('00000001');
    expect(encodeCommand(0x05, 'getinfo')).toEqual(bytesOf(WIKI.getinfo));
  });

  it('writes every example back byte for byte', () => {
    for (const hex of Object.values(WIKI).slice(0, 4)) {
      const frame = readFrame(bytesOf(hex), 0);
      if (frame.kind !== 'avl') throw new Error(frame.kind);
      expect(encodeAvl(frame.codec, frame.records).toString('hex').toUpperCase()).toBe(hex);
    }
    expect(
      encodeCommand(0x06, (readFrame(bytesOf(WIKI.getinfoResponse), 0) as { text: Buffer }).text.toString()),
    ).toEqual(bytesOf(WIKI.getinfoResponse));
  });

  it("reads a device's Codec 8E frame with a 30-byte NX element and south-west coordinates", () => {
    // An FMC frame with BLE beacon data (IO 10831), from the tests of the nom-teltonika crate
    // (github.com/DamianoPellegrini/nom-teltonika, src/parser.rs).
    const hex =
      '000000000000004b8e010000018368952793000f0e54fc209ab05800b300b40e00002a4f0001000000000000000000012a4f001e011c0001a40110eb47706aa38255aa96f21a154e2d00550d01000e020bd6010000823f';
    const frame = readFrame(bytesOf(hex), 0);
    expect(frame).toMatchObject({ kind: 'avl', codec: 0x8e, bytes: 87 });
    const [record] = (frame as { records: AvlRecord[] }).records;
    expect(record).toMatchObject({
      longitude: 25.25975,
      latitude: 54.70086,
      altitude: 179,
      angle: 180,
      satellites: 14,
    });
    expect(record.io).toEqual([{ id: 10831, length: 30, value: NaN, signedValue: NaN }]);
    const south = encodeAvl(0x08, [{ ...record, longitude: -10, latitude: -25, altitude: -12, eventIoId: 0, io: [] }]);
    expect(readFrame(south, 0)).toMatchObject({ records: [{ longitude: -10, latitude: -25, altitude: -12 }] });
  });

  it('reads frames one after another from one buffer, and a partial one as incomplete', () => {
    const stream = Buffer.concat([WIKI.codec8First, WIKI.getinfoResponse, WIKI.codec8Extended].map(bytesOf));
    const kinds: string[] = [];
    let offset = 0;
    for (let frame = readFrame(stream, 0); frame.kind !== 'incomplete'; frame = readFrame(stream, offset)) {
      kinds.push(frame.kind);
      offset += (frame as { bytes: number }).bytes;
    }
    expect(kinds).toEqual(['avl', 'command', 'avl']);
    expect(offset).toBe(stream.length);
    expect(readFrame(stream.subarray(0, stream.length - 1), 66 + 156)).toEqual({ kind: 'incomplete' });
  });
});

describe('frames the codec refuses or skips', () => {
  const refused = (reason: string) => ({ kind: 'refused', reason });
  const bad = (reason: string, bytes: number) => ({ kind: 'bad', reason, bytes });

  it('refuses a wrong preamble from its first byte', () => {
    expect(readFrame(Buffer.from([0x47]), 0)).toMatchObject(refused('bad_preamble'));
    expect(readFrame(Buffer.from('GET / HTTP/1.1\r\n'), 0)).toMatchObject(refused('bad_preamble'));
    expect(readFrame(Buffer.from([0, 0, 0, 1]), 0)).toMatchObject(refused('bad_preamble'));
    expect(readFrame(Buffer.from([0, 0, 0]), 0)).toEqual({ kind: 'incomplete' });
  });

  it(`refuses an announced length past ${MAX_FRAME_BYTES} bytes without waiting for it`, () => {
    const header = (length: number) => Buffer.from([0, 0, 0, 0, ...[24, 16, 8, 0].map((s) => (length >>> s) & 0xff)]);
    expect(readFrame(header(MAX_FRAME_BYTES - 12 + 1), 0)).toMatchObject(refused('too_large'));
    expect(readFrame(header(0xffffffff), 0)).toMatchObject(refused('too_large'));
    expect(readFrame(header(MAX_FRAME_BYTES - 12), 0)).toEqual({ kind: 'incomplete' });
  });

  it('skips a frame whose CRC does not match', () => {
    const frame = bytesOf(WIKI.codec8First);
    frame[frame.length - 1] ^= 0x01;
    expect(readFrame(frame, 0)).toMatchObject(bad('bad_crc', 66));
  });

  it('skips a frame whose record counts differ, whose records overrun or stop short', () => {
    const counts = bytesOf(WIKI.codec8First);
    counts[8 + 0x36 - 1] = 2;
    expect(readFrame(withCrc(counts), 0)).toMatchObject(bad('bad_packet', 66));
    const overrun = bytesOf(WIKI.codec8Third);
    overrun[9] = overrun[8 + 0x43 - 1] = 3;
    expect(readFrame(withCrc(overrun), 0)).toMatchObject({
      ...bad('bad_packet', 79),
      detail: expect.stringMatching(/overruns/),
    });
    const short = bytesOf(WIKI.codec8Third);
    short[9] = short[8 + 0x43 - 1] = 1;
    expect(readFrame(withCrc(short), 0)).toMatchObject({
      ...bad('bad_packet', 79),
      detail: expect.stringMatching(/after/),
    });
  });

  it('skips an NX element longer than its frame, and an unknown codec', () => {
    const frame = encodeAvl(0x8e, [{ timestamp: 0, ...still, io: [el(300, 5, 7)] }]);
    const lengthAt = 10 + 24 + 16; // record, then event id, total, four counts, NX count and the element's id
    expect(frame.readUInt16BE(lengthAt)).toBe(5);
    frame.writeUInt16BE(200, lengthAt);
    expect(readFrame(withCrc(frame), 0)).toMatchObject(bad('bad_packet', frame.length));
    const codec16 = bytesOf(WIKI.codec8First);
    codec16[8] = 0x10;
    expect(readFrame(withCrc(codec16), 0)).toMatchObject(bad('bad_packet', 66));
  });

  it('skips a data field too short for a codec and two counts, and a malformed Codec 12 frame', () => {
    for (const length of [0, 1, 2]) {
      const frame = Buffer.alloc(12 + length);
      frame.writeUInt32BE(length, 4);
      expect(readFrame(frame, 0)).toMatchObject(bad('bad_packet', 12 + length));
    }
    const quantity = bytesOf(WIKI.getinfo);
    quantity[9] = 2;
    expect(readFrame(withCrc(quantity), 0)).toMatchObject(bad('bad_packet', 27));
    const size = bytesOf(WIKI.getinfo);
    size[14] = 6;
    expect(readFrame(withCrc(size), 0)).toMatchObject(bad('bad_packet', 27));
  });

  it('refuses a handshake of no IMEI, a long one or one of other than digits, as its bytes arrive', () => {
    // A length of 0, of 33, of 256 or more (its first byte), a letter among digits.
    for (const hex of ['0000', '0021', '01', '000F33354133']) {
      expect(readHandshake(Buffer.from(hex, 'hex'), 0)).toMatchObject({ kind: 'refused' });
    }
    expect(readHandshake(Buffer.from('000F333536', 'hex'), 0)).toEqual({ kind: 'incomplete' });
    expect(readHandshake(Buffer.from([0]), 0)).toEqual({ kind: 'incomplete' });
  });

  it('will not write a value Codec 8 has no room for', () => {
    expect(() => encodeAvl(0x08, [{ timestamp: 0, ...still, io: [el(1, 3, 0)] }])).toThrow(RangeError);
    expect(() => encodeAvl(0x08, [{ timestamp: 0, ...still, io: [el(256, 1, 0)] }])).toThrow(RangeError);
  });

  it('reads an offset outside the buffer as no bytes', () => {
    const frame = bytesOf(WIKI.codec8First);
    for (const offset of [-1, 0.5, NaN, frame.length, frame.length + 9]) {
      expect(readFrame(frame, offset)).toEqual({ kind: 'incomplete' });
      expect(readHandshake(frame, offset)).toEqual({ kind: 'incomplete' });
    }
  });
});

/** An element of these bytes, its values read independently of the codec (BigInt). */
function elementOf(id: number, bytes: Uint8Array): IoElement {
  const length = bytes.length;
  if (length > 8) return { id, length, value: NaN, signedValue: NaN };
  const big = length === 0 ? 0n : BigInt(`0x${Buffer.from(bytes).toString('hex')}`);
  return { id, length, value: Number(big), signedValue: Number(BigInt.asIntN(8 * length, big)) };
}
const elementArb = (maxId: number, length: fc.Arbitrary<number>) =>
  fc
    .tuple(fc.integer({ min: 0, max: maxId }), length)
    .chain(([id, n]) => fc.uint8Array({ minLength: n, maxLength: n }).map((bytes) => elementOf(id, exact(bytes))));
/** Values of 7 and 8 bytes cut to 53 significant bits: the encoder writes from a double. */
function exact(generated: Uint8Array): Uint8Array {
  const bytes = Uint8Array.from(generated);
  const n = bytes.length;
  if (n === 7 || n === 8) bytes[6] &= 0xf8;
  if (n === 8) bytes[7] = 0;
  return bytes;
}
const FIXED_LENGTH = fc.constantFrom(1, 2, 4, 8);
const NX_LENGTH = fc.integer({ min: 0, max: 40 });

const recordArb = (wide: boolean, io: fc.Arbitrary<IoElement[]>) =>
  fc.record({
    timestamp: fc.integer({ min: 0, max: 8.64e15 }), // what a Date holds
    priority: fc.integer({ min: 0, max: 255 }),
    longitude: fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }).map((raw) => raw / 1e7),
    latitude: fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }).map((raw) => raw / 1e7),
    altitude: fc.integer({ min: -32768, max: 32767 }),
    angle: fc.integer({ min: 0, max: 0xffff }),
    satellites: fc.integer({ min: 0, max: 255 }),
    speed: fc.integer({ min: 0, max: 0xffff }),
    eventIoId: fc.integer({ min: 0, max: wide ? 0xffff : 0xff }),
    io,
  });
const maxId = (wide: boolean) => (wide ? 0xffff : 0xff);
const codec8Records = fc.array(recordArb(false, fc.array(elementArb(0xff, FIXED_LENGTH), { maxLength: 12 })), {
  maxLength: 4,
});
const codec8eRecords = fc.array(
  recordArb(
    true,
    fc
      .tuple(
        fc.array(elementArb(0xffff, FIXED_LENGTH), { maxLength: 12 }),
        fc.array(elementArb(0xffff, NX_LENGTH), { maxLength: 3 }),
      )
      .map(([fixed, nx]) => [...fixed, ...nx]),
  ),
  { maxLength: 4 },
);
const anyAvlFrame = fc.oneof(
  codec8Records.map((records) => encodeAvl(0x08, records)),
  codec8eRecords.map((records) => encodeAvl(0x8e, records)),
);
const anyFrame = fc.oneof(
  anyAvlFrame,
  fc.string({ maxLength: 200 }).map((text) => encodeCommand(0x06, text)),
);

/** The groups a frame holds elements in: N1, N2, N4, N8, then NX; the order within a group kept. */
const GROUP: Record<number, number> = { 1: 0, 2: 1, 4: 2, 8: 3 };
const inWireOrder = (records: AvlRecord[]) =>
  records.map((r) => ({ ...r, io: [...r.io].sort((a, b) => (GROUP[a.length] ?? 4) - (GROUP[b.length] ?? 4)) }));

describe('any frame the codec writes', () => {
  it('reads back as the records written, in both codecs, with NX elements of 0 to 40 bytes', () => {
    for (const [codec, records] of [
      [0x08, codec8Records],
      [0x8e, codec8eRecords],
    ] as const) {
      fc.assert(
        fc.property(records, (records) => {
          const frame = encodeAvl(codec, records);
          expect(frame.length).toBeLessThanOrEqual(MAX_FRAME_BYTES);
          expect(readFrame(frame, 0)).toEqual({
            kind: 'avl',
            codec,
            records: inWireOrder(records),
            bytes: frame.length,
          });
        }),
        { numRuns: 300 },
      );
    }
  });

  it('reads the same into a scratch as without one, frame after frame of any size', () => {
    const scratch = new FrameScratch();
    fc.assert(
      fc.property(fc.array(anyAvlFrame, { minLength: 1, maxLength: 5 }), (frames) => {
        for (const frame of frames) {
          // A copy: the next frame read into the scratch writes its elements over.
          const read = structuredClone(readFrame(frame, 0, scratch));
          expect(read).toEqual(readFrame(frame, 0));
        }
      }),
      { numRuns: 300 },
    );
  });

  it('is incomplete at every split point, and read whole once the rest arrives after another frame', () => {
    fc.assert(
      fc.property(anyFrame, anyFrame, (first, second) => {
        for (let cut = 0; cut < second.length; cut++) {
          expect(readFrame(second.subarray(0, cut), 0)).toEqual({ kind: 'incomplete' });
        }
        const stream = Buffer.concat([first, second]);
        const one = readFrame(stream, 0) as { bytes: number };
        expect(one.bytes).toBe(first.length);
        expect(readFrame(stream, one.bytes)).toEqual(readFrame(second, 0));
      }),
      { numRuns: 100 },
    );
  });

  it('with one byte changed is refused, skipped or incomplete; in the data field it fails the CRC', () => {
    fc.assert(
      fc.property(anyFrame, fc.nat(), fc.integer({ min: 1, max: 255 }), (frame, at, flip) => {
        const i = at % frame.length;
        const changed = Buffer.from(frame);
        changed[i] ^= flip;
        const length = frame.readUInt32BE(4);
        const result = readFrame(changed, 0);
        if (i < 4) expect(result).toMatchObject({ kind: 'refused', reason: 'bad_preamble' });
        else if (i < 8) expect(['incomplete', 'refused', 'bad', 'avl', 'command']).toContain(result.kind);
        else if (i < 8 + length) expect(result).toMatchObject({ kind: 'bad', reason: 'bad_crc', bytes: frame.length });
        else if (i < 10 + length)
          expect(result).toEqual(readFrame(frame, 0)); // the CRC field's unused high bytes
        else expect(result).toMatchObject({ kind: 'bad', reason: 'bad_crc' });
      }),
      { numRuns: 2000 },
    );
  });

  it('never throws on any bytes at any offset, and never claims more bytes than it has', () => {
    const check = (buf: Buffer, offset: number) => {
      const frame: Frame = readFrame(buf, offset);
      if ('bytes' in frame) expect(offset + frame.bytes).toBeLessThanOrEqual(buf.length);
      const handshake = readHandshake(buf, offset);
      if (handshake.kind === 'imei') expect(handshake.imei).toMatch(/^[0-9]{1,32}$/);
    };
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), fc.nat({ max: 300 }), (bytes, offset) =>
        check(Buffer.from(bytes), offset),
      ),
      { numRuns: 3000 },
    );
    // Random bytes after a zero preamble and a believable length, so the record reader is reached.
    const framed = fc
      .tuple(fc.constantFrom(0x08, 0x8e, 0x0c), fc.uint8Array({ minLength: 2, maxLength: 400 }))
      .map(([codec, body]) =>
        withCrc(Buffer.concat([encodeAck(0), encodeAck(body.length + 1), Buffer.from([codec]), body, encodeAck(0)])),
      );
    fc.assert(
      fc.property(framed, (frame) => {
        check(frame, 0);
        expect(['bad', 'avl', 'command']).toContain(readFrame(frame, 0).kind);
      }),
      { numRuns: 3000 },
    );
  });
  it('has the CRC of the bit-by-bit definition over any range', () => {
    const bitwise = (bytes: Uint8Array) => {
      let crc = 0;
      for (const byte of bytes) {
        crc ^= byte;
        for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xa001 : crc >>> 1;
      }
      return crc;
    };
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 100 }), fc.nat(100), fc.nat(100), (bytes, a, b) => {
        const [start, end] = [Math.min(a, b, bytes.length), Math.min(Math.max(a, b), bytes.length)];
        expect(crc16(Buffer.from(bytes), start, end)).toBe(bitwise(bytes.subarray(start, end)));
      }),
    );
  });
});

describe('the cross-check with complete-teltonika-parser', () => {
  /** Records whose ids are unique within each record: the package keys elements by id. */
  const records = (wide: boolean, length: fc.Arbitrary<number>) =>
    fc.array(
      recordArb(
        wide,
        fc.uniqueArray(elementArb(maxId(wide), length), { selector: (e) => e.id, maxLength: wide ? 12 : 20 }),
      ),
      { minLength: 1, maxLength: 2 },
    );
  const nxOrFixed = fc.oneof({ weight: 4, arbitrary: FIXED_LENGTH }, { weight: 1, arbitrary: NX_LENGTH });

  it('decodes our frames to the same values, but for its unsigned altitude and NX values it cannot hold', () => {
    for (const [codec, arb] of [
      [0x08, records(false, FIXED_LENGTH)],
      [0x8e, records(true, nxOrFixed)],
    ] as const) {
      fc.assert(
        fc.property(arb, (records) => {
          const theirs = new ProtocolParser(encodeAvl(codec, records).toString('hex'));
          expect(theirs.CodecID).toBe(codec);
          const datas = (theirs.Content as Data).AVL_Datas;
          expect(datas).toHaveLength(records.length);
          records.forEach((ours, r) => {
            const { Timestamp, Priority, GPSelement: gps, IOelement: io } = datas[r];
            expect(Timestamp.getTime()).toBe(ours.timestamp);
            expect(Priority).toBe(ours.priority);
            expect([gps.Longitude, gps.Latitude, gps.Angle, gps.Satellites, gps.Speed]).toEqual([
              ours.longitude,
              ours.latitude,
              ours.angle,
              ours.satellites,
              ours.speed,
            ]);
            // It reads the signed 16-bit altitude as unsigned: -1 m comes out as 65535.
            expect(gps.Altitude).toBe(ours.altitude & 0xffff);
            expect([io.EventID, io.ElementCount]).toEqual([ours.eventIoId, ours.io.length]);
            expect(Object.keys(io.Elements)).toHaveLength(ours.io.length);
            for (const e of ours.io) {
              const value = io.Elements[e.id];
              // parseInt of no hex digits is NaN; past 8 bytes our encoder writes zeros (no value to write).
              if (e.length === 0) expect(value).toBeNaN();
              else if (e.length > 8) expect(Number(value)).toBe(0);
              else expect(Number(value)).toBe(e.value); // a string (BigInt's decimal) above 2^53
            }
          });
        }),
        { numRuns: 200 },
      );
    }
  });

  it('decodes our Codec 12 frames to the same type and text', () => {
    fc.assert(
      fc.property(fc.constantFrom(0x05 as const, 0x06 as const), fc.string({ unit: 'binary-ascii' }), (type, text) => {
        const gprs = new ProtocolParser(encodeCommand(type, text).toString('hex')).Content as GPRS;
        expect([gprs.type, gprs.responseStr]).toEqual([type, text]);
      }),
    );
  });
});
