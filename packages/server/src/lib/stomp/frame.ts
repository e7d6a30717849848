/**
 * STOMP 1.2 frames (https://stomp.github.io/stomp-specification-1.2.html): the small part of the
 * protocol a Spring-style broker endpoint speaks, so stock clients such as @stomp/stompjs connect.
 */
export interface Frame {
  command: string;
  headers: Record<string, string>;
  body: string;
}

const unescape = (v: string) =>
  v.replace(/\\(.)/g, (_, c: string) => ({ n: '\n', r: '\r', c: ':', '\\': '\\' })[c] ?? c);
const escape = (v: string) =>
  /[\\\n\r:]/.test(v) ? v.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/\r/g, '\\r').replace(/:/g, '\\c') : v;

export const MAX_FRAME_BYTES = 64 * 1024;

/**
 * Where the body that starts at `from` ends if it is `bytes` UTF-8 bytes long (STOMP lengths count
 * bytes, JavaScript strings UTF-16 units); -1 if the text ends first.
 */
function endOfBytes(text: string, from: number, bytes: number): number {
  // ASCII, the common case: as many units as bytes.
  const end = from + bytes;
  if (end <= text.length && Buffer.byteLength(text.slice(from, end)) === bytes) return end;
  let i = from;
  for (let left = bytes; left > 0; i++) {
    if (i >= text.length) return -1;
    const c = text.charCodeAt(i);
    if (c < 0x80) left -= 1;
    else if (c < 0x800) left -= 2;
    else if (c < 0xd800 || c >= 0xdc00) left -= 3;
    else {
      left -= 4; // a surrogate pair: one 4-byte character in two units
      i++;
    }
  }
  return i;
}

/**
 * Frames in one WebSocket message (the heart-beat end-of-lines between them are skipped); throws on
 * a malformed frame. A frame must end in its message: STOMP over WebSocket clients send whole frames.
 * A content-length header gives the body's length, so the body may hold NUL octets; without it the
 * body ends at the first NUL.
 */
export function parseFrames(data: string): Frame[] {
  const frames: Frame[] = [];
  let at = 0;
  for (;;) {
    while (data[at] === '\n' || data[at] === '\r') at++;
    if (at >= data.length) return frames;
    const blank = /\r?\n\r?\n/g;
    blank.lastIndex = at;
    const headEnd = blank.exec(data);
    const firstNul = data.indexOf('\0', at);
    // A frame without headers or body may end before any blank line.
    const headStop = headEnd && (firstNul === -1 || headEnd.index < firstNul) ? headEnd.index : firstNul;
    if (headStop === -1) throw new Error('frame without its NULL terminator');
    const [command, ...lines] = data.slice(at, headStop).split(/\r?\n/);
    if (!/^[A-Z]+$/.test(command)) throw new Error('not a STOMP command');
    const headers: Record<string, string> = {};
    for (const line of lines) {
      const colon = line.indexOf(':');
      if (colon <= 0) throw new Error('malformed header');
      const name = unescape(line.slice(0, colon));
      // STOMP 1.2: the first occurrence of a repeated header wins.
      if (!(name in headers)) headers[name] = unescape(line.slice(colon + 1));
    }
    const length = headers['content-length'];
    if (length !== undefined && !/^\d+$/.test(length)) throw new Error('invalid content-length');
    const bodyStart = headStop === firstNul ? firstNul : headStop + headEnd![0].length;
    const bodyEnd =
      headStop === firstNul
        ? firstNul
        : length === undefined
          ? data.indexOf('\0', bodyStart)
          : endOfBytes(data, bodyStart, Number(length));
    if (bodyEnd === -1 || data[bodyEnd] !== '\0') throw new Error('frame without its NULL terminator');
    frames.push({ command, headers, body: data.slice(bodyStart, bodyEnd) });
    at = bodyEnd + 1;
  }
}

export function serializeFrame(command: string, headers: Record<string, string | number>, body = ''): string {
  const lines = Object.entries(headers).map(([k, v]) => `${escape(k)}:${escape(String(v))}`);
  if (body) lines.push(`content-length:${Buffer.byteLength(body)}`);
  return `${command}\n${lines.join('\n')}\n\n${body}\0`;
}
