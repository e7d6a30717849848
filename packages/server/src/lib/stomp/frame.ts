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
const escape = (v: string) => v.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/\r/g, '\\r').replace(/:/g, '\\c');

export const MAX_FRAME_BYTES = 64 * 1024;

/** Frames in one WebSocket message (heart-beat newlines are skipped); throws on a malformed frame. */
export function parseFrames(data: string): Frame[] {
  const frames: Frame[] = [];
  let rest = data;
  for (;;) {
    rest = rest.replace(/^[\r\n]+/, '');
    if (!rest) return frames;
    const end = rest.indexOf('\0');
    if (end === -1) throw new Error('frame without its NULL terminator');
    const raw = rest.slice(0, end);
    rest = rest.slice(end + 1);
    const split = raw.search(/\r?\n\r?\n/);
    const head = split === -1 ? raw : raw.slice(0, split);
    const body = split === -1 ? '' : raw.slice(split).replace(/^\r?\n\r?\n/, '');
    const [command, ...lines] = head.split(/\r?\n/);
    if (!/^[A-Z]+$/.test(command)) throw new Error('not a STOMP command');
    const headers: Record<string, string> = {};
    for (const line of lines) {
      const colon = line.indexOf(':');
      if (colon <= 0) throw new Error('malformed header');
      const name = unescape(line.slice(0, colon));
      // STOMP 1.2: the first occurrence of a repeated header wins.
      if (!(name in headers)) headers[name] = unescape(line.slice(colon + 1));
    }
    frames.push({ command, headers, body });
  }
}

export function serializeFrame(command: string, headers: Record<string, string | number>, body = ''): string {
  const lines = Object.entries(headers).map(([k, v]) => `${escape(k)}:${escape(String(v))}`);
  if (body) lines.push(`content-length:${Buffer.byteLength(body)}`);
  return `${command}\n${lines.join('\n')}\n\n${body}\0`;
}
