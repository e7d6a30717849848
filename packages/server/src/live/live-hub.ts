import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import { MAX_FRAME_BYTES, parseFrames, type Frame } from '../lib/stomp/frame.js';
import { handleFrame, type FrameDeps } from './live-frames.js';
import { LiveSession } from './live-session.js';
import { coalesced, every } from './rounds.js';
import { checkSessions } from './session-checks.js';
import { createSendingPace } from './sending-pace.js';

/** Changes are gathered this long into one frame per subscriber. */
const FLUSH_MS = 100;

/**
 * The live map feed over STOMP 1.2 (part 2 §4): a client CONNECTs with its bearer token, SUBSCRIBEs
 * to /evts/ws/mapdetails, gets its vehicles' map items, then what changed — each vehicle at most once
 * a second, batched every 100 ms so a change reaches the map within a fraction of a second — and
 * only for vehicles it may see. Anything wrong gets an ERROR frame and a closed socket.
 *
 * Every connection's session and scope are checked again as often as HTTP requests are
 * (`sessionCheckMs`), and at once when a write changed who may see what (`accessChanged`).
 */
export function createLiveHub(deps: FrameDeps & { sessionCheckMs: number; log: FastifyBaseLogger }) {
  const sessions = new Set<LiveSession>();
  const failed = (what: string) => (err: unknown) => deps.log.error({ err }, what);

  const flush = createSendingPace(deps.items);
  const flushTimer = every(FLUSH_MS, () => flush(sessions), failed('live feed flush failed'));

  let accessStale = false;
  const check = coalesced(() => {
    const refreshAll = accessStale;
    accessStale = false;
    return checkSessions(sessions, deps, refreshAll);
  }, failed('live session check failed'));
  const checkTimer = setInterval(check.ifIdle, Math.max(deps.sessionCheckMs / 2, 250));
  checkTimer.unref();

  return {
    accept(socket: WebSocket) {
      const s: LiveSession = new LiveSession(socket, () => sessions.delete(s));
      sessions.add(s);
      let queue = Promise.resolve();
      socket.on('message', (data, isBinary) => {
        const text = isBinary ? '' : data.toString();
        if (isBinary || text.length > MAX_FRAME_BYTES) return s.fail('Frames are text and at most 64 KiB.');
        let frames: Frame[];
        try {
          frames = parseFrames(text);
        } catch (err) {
          return s.fail(`Malformed frame: ${(err as Error).message}.`);
        }
        // Frames of one connection are handled in order.
        queue = queue
          .then(async () => {
            for (const f of frames) await handleFrame(s, f, deps);
          })
          .catch((err) => {
            deps.log.error({ err }, 'live session failed');
            s.fail('Internal error.');
          });
      });
      socket.on('close', () => sessions.delete(s));
      socket.on('error', () => sessions.delete(s));
    },
    /** Vehicles whose state changed (from any instance). */
    changed(ids: number[]) {
      for (const s of sessions) {
        if (!s.subscription || !s.visible) continue;
        for (const id of ids) if (s.visible.has(id)) s.pending.add(id);
      }
    },
    /**
     * A write changed who may see what (migration 0015's triggers, on any instance): every session
     * is checked again now, so a vehicle that changed hands stops reaching its former viewers.
     */
    accessChanged() {
      accessStale = true;
      check.now();
    },
    get sessions() {
      return sessions.size;
    },
    /** Ends every session with 'server restarting' (1012): the browser's STOMP client reconnects. */
    close() {
      clearInterval(flushTimer);
      clearInterval(checkTimer);
      for (const s of sessions) s.close(1012, 'server restarting');
      sessions.clear();
    },
  };
}
