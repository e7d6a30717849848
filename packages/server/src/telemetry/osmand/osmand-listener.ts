import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import type { IngestResult } from '../ingest.js';
import type { RejectionCounter } from '../rejections.js';
import type { Tracker, TrackerRegistry } from '../trackers/tracker-registry.js';
import { positionOfJson, positionOfParams, type Position } from './osmand-position.js';

/** A position is a few hundred bytes; anything far larger is not a phone's. */
const MAX_BODY_BYTES = 64 * 1024;
const SOURCE = 'osmand';

export interface OsmandDeps {
  trackers: Pick<TrackerRegistry, 'lookup'>;
  /** Stores a position's reading, answering what became of it. */
  store(tracker: Tracker, reading: object): Promise<IngestResult>;
  rejections: RejectionCounter;
  /** A phone reported, from this address. */
  reported?(tracker: Tracker, address: string): void;
  log: FastifyBaseLogger;
}

const answer = (res: ServerResponse, status: number, text: string) => {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', connection: 'close' }).end(`${text}\n`);
};

/** The request's body, up to the limit (null beyond it). */
function bodyOf(req: IncomingMessage): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        resolve(null);
        req.destroy();
      } else chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** The position a request carries: in the query, a form body or Traccar Client's JSON body. */
async function positionOf(req: IncomingMessage): Promise<Position | 'too_large'> {
  const url = new URL(req.url ?? '/', 'http://osmand');
  if (req.method !== 'POST') return positionOfParams(url.searchParams);
  const body = await bodyOf(req);
  if (body === null) return 'too_large';
  const type = req.headers['content-type'] ?? '';
  if (type.includes('json')) {
    try {
      return positionOfJson(JSON.parse(body.toString('utf8')));
    } catch {
      return { error: 'the body is not JSON' };
    }
  }
  // Traccar Client sends its parameters in the query of an empty POST; a form body is read too.
  const params = new URLSearchParams(body.toString('utf8'));
  for (const [k, v] of url.searchParams) if (!params.has(k)) params.set(k, v);
  return positionOfParams(params);
}

/**
 * The OsmAnd protocol over HTTP (docs/devices.md): a phone sends its id with each position; 200 once
 * the reading is stored, 400 with the reason otherwise. The id is the only credential such an app
 * sends, which is why evfleet proposes a long random one.
 */
export function createOsmandListener(deps: OsmandDeps) {
  let server: Server | null = null;

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    if (req.method !== 'GET' && req.method !== 'POST') return answer(res, 405, 'GET or POST');
    const position = await positionOf(req);
    if (position === 'too_large') {
      deps.rejections.count('too_large', SOURCE, `a body over ${MAX_BODY_BYTES} bytes`);
      return answer(res, 413, 'the body is too large');
    }
    const tracker = position.id === undefined ? null : await deps.trackers.lookup('osmand', position.id);
    if (!tracker) {
      deps.rejections.count('unknown_device', SOURCE, `id ${(position.id ?? '(none)').slice(0, 64)}`);
      return answer(res, 400, 'unknown device id');
    }
    if ('error' in position) {
      deps.rejections.count('bad_value', SOURCE, `vehicle ${tracker.vehicleId}: ${position.error}`);
      return answer(res, 400, position.error);
    }
    deps.reported?.(tracker, req.socket.remoteAddress ?? '');
    const result = await deps.store(tracker, position.reading);
    if (result.accepted === 0) return answer(res, 400, result.rejected[0]?.detail ?? 'not stored');
    answer(res, 200, 'OK');
  };

  return {
    /** Listens for phones; answers the port (0 picks one). */
    listen: (port: number, host: string) =>
      new Promise<number>((resolve, reject) => {
        const s = createServer((req, res) =>
          handle(req, res).catch((err: unknown) => {
            deps.log.error({ err }, 'handling an OsmAnd request failed');
            if (!res.headersSent) answer(res, 500, 'not stored; send it again');
          }),
        );
        // A phone sends one short request a connection: a slow one is cut off.
        s.requestTimeout = 10_000;
        s.headersTimeout = 5_000;
        s.once('error', reject);
        s.listen(port, host, () => {
          s.off('error', reject);
          server = s;
          const where = s.address();
          resolve(typeof where === 'object' && where ? where.port : port);
        });
      }),
    async close() {
      server?.closeAllConnections();
      await new Promise((r) => (server ? server.close(r) : r(undefined)));
    },
  };
}
