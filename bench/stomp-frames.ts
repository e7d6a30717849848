/**
 * The live feed's STOMP codec (lib/stomp) against @stomp/stompjs's own (FrameImpl.marshall to
 * write, Parser + FrameImpl.fromRawFrame to read; the client's classes, exported and usable in
 * Node), on the frames the feed handles: it writes MESSAGE frames of map items (one item, a
 * 100 ms batch of 100, the 1,000 of a subscriber's first list) and reads a client's small frames
 * (CONNECT, SUBSCRIBE) and, for scale, a 60 KiB one. Prints frames/s and MB/s of each. No goal of its
 * own: it says whether a library's codec would be faster, were a STOMP server library to use it.
 */
import { FrameImpl, Parser, type IRawFrameType } from '@stomp/stompjs';
import { parseFrames, serializeFrame } from '../packages/server/src/lib/stomp/frame.js';

const SECONDS = Number(process.env.SECONDS_EACH ?? 1);

const item = (i: number) => ({
  vehicle_id: i,
  name: `Vehicle ${i}`,
  src_ip: `VIN${String(i).padStart(14, '0')}`,
  gps_lat: 41.8781 + i / 1e4,
  gps_long: -87.6298 - i / 1e4,
  battery_charge: 70 + (i % 20),
  charge_status: 0,
  speed: 14.2,
  ts: '2026-11-26T04:00:00.000Z',
  status: 'moving',
});
const messageHeaders = {
  subscription: 'sub-0',
  'message-id': 'sub-0-42',
  destination: '/evts/ws/mapdetails',
  'content-type': 'application/json',
};

/** Calls `work` for SECONDS and prints how many times a second it ran and the bytes a second. */
function measure(label: string, bytes: number, work: () => void) {
  for (let i = 0; i < 200; i++) work(); // warm-up
  let n = 0;
  const start = performance.now();
  const until = start + SECONDS * 1000;
  while (performance.now() < until) {
    for (let i = 0; i < 50; i++) work();
    n += 50;
  }
  const perSecond = n / ((performance.now() - start) / 1000);
  console.log(
    `  ${label.padEnd(30)} ${perSecond.toFixed(0).padStart(9)} frames/s ${((perSecond * bytes) / 1e6).toFixed(0).padStart(5)} MB/s`,
  );
  return perSecond;
}

const ratios: string[] = [];
for (const count of [1, 100, 1000]) {
  const body = JSON.stringify(Array.from({ length: count }, (_, i) => item(i)));
  const bytes = Buffer.byteLength(body);
  console.log(`write MESSAGE, ${count} map item(s), ${bytes} bytes:`);
  // To the bytes a WebSocket sends: a string built by concatenation is only laid out when read.
  const ours = measure('ours (serializeFrame)', bytes, () =>
    Buffer.from(serializeFrame('MESSAGE', messageHeaders, body)),
  );
  const theirs = measure('@stomp/stompjs (marshall)', bytes, () =>
    Buffer.from(
      FrameImpl.marshall({ command: 'MESSAGE', headers: messageHeaders, body, escapeHeaderValues: true }) as string,
    ),
  );
  ratios.push(`write ${count}: ${(ours / theirs).toFixed(1)}×`);
}

const clientFrames = {
  CONNECT: 'CONNECT\naccept-version:1.2,1.1,1.0\nheart-beat:0,0\nAuthorization:Bearer eyJhbGciOiJIUzI1NiJ9.e30.x\n\n\0',
  SUBSCRIBE: 'SUBSCRIBE\nid:sub-0\ndestination:/evts/ws/mapdetails\ninitial:none\n\n\0',
  'SEND of 60 KiB': serializeFrame('SEND', { destination: '/q' }, 'x'.repeat(60 * 1024)),
};
for (const [name, text] of Object.entries(clientFrames)) {
  const bytes = Buffer.byteLength(text);
  console.log(`read ${name}, ${bytes} bytes:`);
  const ours = measure('ours (parseFrames)', bytes, () => parseFrames(text));
  let frame: FrameImpl | null = null;
  const parser = new Parser(
    (raw: IRawFrameType) => (frame = FrameImpl.fromRawFrame(raw, true)),
    () => undefined,
  );
  const theirs = measure('@stomp/stompjs (Parser)', bytes, () => parser.parseChunk(text));
  if (!frame) throw new Error('@stomp/stompjs read no frame');
  ratios.push(`read ${name}: ${(ours / theirs).toFixed(1)}×`);
}
console.log(`ours against @stomp/stompjs: ${ratios.join(', ')}`);
