import { describe, expect, it } from 'vitest';
import { parseFrames, serializeFrame } from '../../src/lib/stomp/frame.js';

describe('STOMP 1.2 frames', () => {
  it('escapes and unescapes header names and values (\\n \\r \\c \\\\)', () => {
    const value = 'a:b\\c\nd\re';
    const text = serializeFrame('MESSAGE', { 'x:y': value });
    expect(text).toBe('MESSAGE\nx\\cy:a\\cb\\\\c\\nd\\re\n\n\0');
    expect(parseFrames(text)).toEqual([{ command: 'MESSAGE', headers: { 'x:y': value }, body: '' }]);
  });

  it('keeps the first of a repeated header and the colons after the first in a value', () => {
    const [frame] = parseFrames('SUBSCRIBE\nid:1\nid:2\ndestination:/a:b\n\n\0');
    expect(frame.headers).toEqual({ id: '1', destination: '/a:b' });
  });

  it('reads several frames of one message, with heart-beat end-of-lines and CRLF lines', () => {
    const frames = parseFrames('\n\r\nCONNECT\r\nhost:x\r\n\r\n\0\nSUBSCRIBE\nid:0\n\n\0\n\n');
    expect(frames.map((f) => f.command)).toEqual(['CONNECT', 'SUBSCRIBE']);
    expect(frames[0].headers).toEqual({ host: 'x' });
    expect(parseFrames('\n\n')).toEqual([]);
  });

  it('reads a frame without a blank line before its NUL', () => {
    expect(parseFrames('DISCONNECT\0')).toEqual([{ command: 'DISCONNECT', headers: {}, body: '' }]);
  });

  it('reads a body holding NUL octets when content-length gives its length in UTF-8 bytes', () => {
    const body = 'é\0€𝄞x';
    const [frame, next] = parseFrames(serializeFrame('SEND', { destination: '/q' }, body) + 'DISCONNECT\n\n\0');
    expect(frame.body).toBe(body);
    expect(frame.headers['content-length']).toBe(String(Buffer.byteLength(body)));
    expect(next.command).toBe('DISCONNECT');
    // Without content-length the body ends at the first NUL.
    expect(parseFrames('SEND\n\nab\0')[0].body).toBe('ab');
  });

  it('refuses a frame split across messages, a wrong content-length and a missing terminator', () => {
    const whole = serializeFrame('SEND', { destination: '/q' }, 'hello');
    expect(() => parseFrames(whole.slice(0, 20))).toThrow('NULL terminator');
    expect(() => parseFrames('SEND\ncontent-length:9\n\nhello\0')).toThrow('NULL terminator');
    expect(() => parseFrames('SEND\ncontent-length:2\n\nhello\0')).toThrow('NULL terminator');
    expect(() => parseFrames('SEND\ncontent-length:-1\n\nhello\0')).toThrow('invalid content-length');
  });

  it('refuses a missing or invalid command and a header without a name', () => {
    expect(() => parseFrames('\n\nid:1\n\n\0')).toThrow('not a STOMP command');
    expect(() => parseFrames('connect\n\n\0')).toThrow('not a STOMP command');
    expect(() => parseFrames('\0')).toThrow('not a STOMP command');
    expect(() => parseFrames('SUBSCRIBE\n:x\n\n\0')).toThrow('malformed header');
    expect(() => parseFrames('SUBSCRIBE\nno-colon\n\n\0')).toThrow('malformed header');
  });

  it('reads a frame of the largest size a message may have as quickly as a small one', () => {
    const big = serializeFrame('SEND', { destination: '/q' }, 'x'.repeat(60 * 1024));
    const started = performance.now();
    for (let i = 0; i < 100; i++) expect(parseFrames(big)[0].body.length).toBe(60 * 1024);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});
