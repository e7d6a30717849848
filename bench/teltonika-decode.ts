/**
 * The Teltonika codec (telemetry/teltonika/codec.ts) against complete-teltonika-parser, the npm
 * package that reads the same frames, on what FMB/FMC trackers send: 2,000 Codec 8E frames of
 * records with 30 IO elements and two NX elements (20 and 6 bytes), and 2,000 Codec 8 frames of
 * records with 30 IO elements, each frame holding as many records as fit in Teltonika's 1,280
 * bytes, as a device fills them. The package reads hex text, so its time includes the frame's
 * `toString('hex')` (a server holds bytes); a line without that conversion is printed beside it.
 * Both decoders must agree on every frame before anything is timed. Prints µs a record and
 * records/s, min and median of the rounds after a warm-up. No goal of its own: figures for
 * docs/decisions.md ("Teltonika codec").
 */
import { ProtocolParser, type Data } from 'complete-teltonika-parser';
import {
  MAX_FRAME_BYTES,
  readFrame,
  type AvlRecord,
  type IoElement,
} from '../packages/server/src/telemetry/teltonika/codec.js';
import { encodeAvl } from '../packages/server/src/telemetry/teltonika/encode.js';

const FRAMES = Number(process.env.FRAMES ?? 2000);
const ROUNDS = Number(process.env.ROUNDS ?? 9);
const WARM_UP = 3;
/** IO elements of 1, 2, 4 and 8 bytes in a record (30 in all), as a car tracker's configuration sends them. */
const GROUPS: [length: number, count: number][] = [
  [1, 14],
  [2, 8],
  [4, 5],
  [8, 3],
];
const NX_LENGTHS = [20, 6];

let seed = 7;
const random = () => (seed = (seed * 48271) % 0x7fffffff) / 0x7fffffff;
const below = (n: number) => Math.floor(random() * n);

function record(wide: boolean, timestamp: number): AvlRecord {
  const io: IoElement[] = [];
  let id = 1;
  for (const [length, count] of GROUPS) {
    for (let i = 0; i < count; i++, id++) {
      const value = length === 8 ? below(2 ** 40) : below(2 ** (8 * length));
      io.push({ id, length, value, signedValue: value });
    }
  }
  if (wide) {
    for (const length of NX_LENGTHS) {
      const value = length > 8 ? NaN : below(2 ** 40);
      io.push({ id: 10_000 + length, length, value, signedValue: value });
    }
  }
  return {
    timestamp,
    priority: below(2),
    longitude: (below(3_600_000_000) - 1_800_000_000) / 1e7,
    latitude: (below(1_800_000_000) - 900_000_000) / 1e7,
    altitude: below(2000) - 100,
    angle: below(360),
    satellites: below(20),
    speed: below(180),
    eventIoId: below(2) ? 0 : 1 + below(30),
    io,
  };
}

/** FRAMES frames of as many records as fit in MAX_FRAME_BYTES. */
function frames(codec: 0x08 | 0x8e): { frames: Buffer[]; perFrame: number } {
  const wide = codec === 0x8e;
  let perFrame = 1;
  while (
    encodeAvl(
      codec,
      Array.from({ length: perFrame + 1 }, () => record(wide, 0)),
    ).length <= MAX_FRAME_BYTES
  ) {
    perFrame++;
  }
  let timestamp = Date.UTC(2026, 10, 29);
  const list = Array.from({ length: FRAMES }, () =>
    encodeAvl(
      codec,
      Array.from({ length: perFrame }, () => record(wide, (timestamp += 1000))),
    ),
  );
  return { frames: list, perFrame };
}

/** Both decoders read every frame alike: record count, time, position and each IO value up to 8 bytes. */
function agree(list: Buffer[]) {
  for (const buf of list) {
    const ours = readFrame(buf, 0);
    if (ours.kind !== 'avl') throw new Error(`ours: ${ours.kind}`);
    const theirs = (new ProtocolParser(buf.toString('hex')).Content as Data).AVL_Datas;
    if (theirs.length !== ours.records.length) throw new Error('record counts differ');
    ours.records.forEach((r, i) => {
      const t = theirs[i];
      const same =
        t.Timestamp.getTime() === r.timestamp &&
        t.GPSelement.Longitude === r.longitude &&
        t.GPSelement.Latitude === r.latitude &&
        r.io.every((e) => e.length > 8 || Number(t.IOelement.Elements[e.id]) === e.value);
      if (!same) throw new Error(`record ${i} differs`);
    });
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Runs `round` (one pass over every frame) WARM_UP + ROUNDS times and prints µs a record. */
function measure(label: string, records: number, round: () => number) {
  const times: number[] = [];
  for (let i = 0; i < WARM_UP + ROUNDS; i++) {
    const t0 = performance.now();
    const read = round();
    times.push(performance.now() - t0);
    if (read !== records) throw new Error(`${label} read ${read} records of ${records}`);
  }
  times.splice(0, WARM_UP);
  const perRecord = (ms: number) => (ms * 1000) / records;
  const min = perRecord(Math.min(...times));
  const mid = perRecord(median(times));
  console.log(
    `  ${label.padEnd(44)} min ${min.toFixed(2).padStart(6)} µs/record, median ${mid.toFixed(2).padStart(6)} µs/record, ${(1e6 / mid).toFixed(0).padStart(9)} records/s`,
  );
  return mid;
}

for (const codec of [0x8e, 0x08] as const) {
  const { frames: list, perFrame } = frames(codec);
  const records = list.length * perFrame;
  const hex = list.map((buf) => buf.toString('hex'));
  agree(list);
  const nx = codec === 0x8e ? ` and ${NX_LENGTHS.length} NX elements` : '';
  console.log(
    `Codec ${codec === 0x8e ? '8E' : '8'}: ${list.length.toLocaleString('en')} frames of ${perFrame} records (30 IO elements${nx}), ${list[0].length} bytes a frame, ${ROUNDS} rounds after ${WARM_UP}:`,
  );
  const ours = measure('ours (readFrame)', records, () => {
    let n = 0;
    for (const buf of list) {
      const frame = readFrame(buf, 0);
      if (frame.kind === 'avl') n += frame.records.length;
    }
    return n;
  });
  const theirs = measure('complete-teltonika-parser, from the bytes', records, () => {
    let n = 0;
    for (const buf of list) n += (new ProtocolParser(buf.toString('hex')).Content as Data).AVL_Datas.length;
    return n;
  });
  measure('complete-teltonika-parser, from hex text', records, () => {
    let n = 0;
    for (const text of hex) n += (new ProtocolParser(text).Content as Data).AVL_Datas.length;
    return n;
  });
  console.log(`  ours is ${(theirs / ours).toFixed(0)}× as fast (medians, from the bytes)`);
}
