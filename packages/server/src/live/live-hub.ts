import type { MapItem } from '@evfleet/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import { resolveScope, type Scope } from '../auth/visibility.js';
import type { Sessions } from '../auth/sessions.js';
import type { Db } from '../db/client.js';
import { MAX_FRAME_BYTES, parseFrames, serializeFrame, type Frame } from '../lib/stomp/frame.js';

export const MAP_DETAILS_DESTINATION = '/evts/ws/mapdetails';
/** SUBSCRIBE header: 'none' skips the list of every visible vehicle that otherwise comes first. */
export const INITIAL_HEADER = 'initial';
/** Changes are gathered this long into one frame per subscriber... */
const FLUSH_MS = 100;
/** ...and one vehicle's item is sent at most once a second however often it reports. */
const PER_VEHICLE_MS = 1000;
const VISIBILITY_REFRESH_MS = 60_000;

/** The map items the feed sends, as GET api/vehicles/details returns them; the vehicles module builds them. */
export interface MapItems {
  visibleIds(scope: Scope): Promise<Set<number>>;
  load(ids: number[]): Promise<MapItem[]>;
}

interface Session {
  socket: WebSocket;
  /** The bearer token of the CONNECT frame, checked again every few seconds. */
  token: string | null;
  scope: Scope | null;
  visible: Set<number> | null;
  visibleAt: number;
  subscription: string | null;
  pending: Set<number>;
  messageSeq: number;
}

/**
 * The live map feed over STOMP 1.2 (part 2 §4): a client CONNECTs with its bearer token, SUBSCRIBEs
 * to /evts/ws/mapdetails, gets its vehicles' map items, then what changed — each vehicle at most once
 * a second, batched every 100 ms so a change reaches the map within a fraction of a second — and
 * only for vehicles it may see. Anything wrong gets an ERROR frame and a closed socket.
 */
export function createLiveHub(deps: {
  db: Db;
  sessions: Pick<Sessions, 'authenticate'>;
  sessionCheckMs: number;
  items: MapItems;
  log: FastifyBaseLogger;
}) {
  const sessions = new Set<Session>();

  const send = (s: Session, command: string, headers: Record<string, string | number>, body = '') => {
    if (s.socket.readyState === s.socket.OPEN) s.socket.send(serializeFrame(command, headers, body));
  };
  const fail = (s: Session, message: string) => {
    send(s, 'ERROR', { message });
    s.socket.close();
    sessions.delete(s);
  };
  const deliver = (s: Session, items: unknown[]) =>
    send(
      s,
      'MESSAGE',
      {
        subscription: s.subscription!,
        'message-id': `${s.subscription}-${++s.messageSeq}`,
        destination: MAP_DETAILS_DESTINATION,
        'content-type': 'application/json',
      },
      JSON.stringify(items),
    );

  /**
   * Reads the vehicles the session may see again, and forgets changes of vehicles it no longer may.
   * Sessions of one scope in one round share the read (`shared`).
   */
  const refreshVisible = async (s: Session, shared?: Map<string, Promise<Set<number>>>) => {
    const key = JSON.stringify(s.scope);
    let visible = shared?.get(key);
    if (!visible) {
      visible = s.scope ? deps.items.visibleIds(s.scope) : Promise.resolve(new Set<number>());
      shared?.set(key, visible);
    }
    s.visible = await visible;
    s.visibleAt = Date.now();
    for (const id of s.pending) if (!s.visible.has(id)) s.pending.delete(id);
  };

  const handle = async (s: Session, frame: Frame) => {
    switch (frame.command) {
      case 'CONNECT':
      case 'STOMP': {
        const auth =
          frame.headers.Authorization ??
          frame.headers.authorization ??
          (frame.headers.passcode ? `Bearer ${frame.headers.passcode}` : '');
        const token = auth.startsWith('Bearer ') ? auth.slice(7) : null;
        const user = token ? await deps.sessions.authenticate(token) : null;
        if (!user) return fail(s, 'A valid bearer token is required in the CONNECT frame (Authorization header).');
        s.token = token;
        s.scope = await resolveScope(deps.db, user);
        if (s.scope.kind === 'none') return fail(s, 'This account may not see any vehicle.');
        return send(s, 'CONNECTED', { version: '1.2', 'heart-beat': '0,0', server: 'evfleet' });
      }
      case 'SUBSCRIBE': {
        if (!s.scope) return fail(s, 'CONNECT first.');
        if (frame.headers.destination !== MAP_DETAILS_DESTINATION)
          return fail(
            s,
            `Unknown destination ${frame.headers.destination ?? ''}; subscribe to ${MAP_DETAILS_DESTINATION}.`,
          );
        s.subscription = frame.headers.id ?? 'sub-0';
        await refreshVisible(s);
        // A client that loaded GET api/vehicles/details already asks for changes only: with
        // thousands of vehicles the whole list is megabytes a browser's STOMP parser reads byte by byte.
        if (frame.headers[INITIAL_HEADER] === 'none') return;
        return deliver(s, await deps.items.load([...s.visible!]));
      }
      case 'UNSUBSCRIBE':
        s.subscription = null;
        return;
      case 'DISCONNECT':
        if (frame.headers.receipt) send(s, 'RECEIPT', { 'receipt-id': frame.headers.receipt });
        s.socket.close();
        sessions.delete(s);
        return;
      default:
        return fail(s, `Unsupported frame ${frame.command}.`);
    }
  };

  /** When each vehicle's item last went out; one sending pace for every subscriber. */
  const lastSent = new Map<number, number>();
  const flush = async () => {
    const now = Date.now();
    const due = (id: number) => now - (lastSent.get(id) ?? 0) >= PER_VEHICLE_MS;
    const wanted = new Set<number>();
    for (const s of sessions) for (const id of s.pending) if (due(id)) wanted.add(id);
    if (!wanted.size) return;
    for (const id of wanted) lastSent.set(id, now);
    const items = new Map((await deps.items.load([...wanted])).map((item) => [item.vehicle_id, item]));
    for (const s of sessions) {
      if (!s.subscription || !s.pending.size) continue;
      const mine = [];
      for (const id of s.pending) {
        if (!wanted.has(id)) continue; // sent less than a second ago: goes in a later frame
        s.pending.delete(id);
        if (!s.visible?.has(id)) continue; // it changed hands while the items were read
        const item = items.get(id);
        if (item) mine.push(item);
      }
      if (mine.length) deliver(s, mine);
      if (Date.now() - s.visibleAt > VISIBILITY_REFRESH_MS) void refreshVisible(s).catch(() => undefined);
    }
  };
  /** Runs `task` every `ms`; a round slower than that (a slow database) is not stacked on by the next. */
  const every = (ms: number, task: () => Promise<void>, failure: string) => {
    let running = false;
    const timer = setInterval(() => {
      if (running) return;
      running = true;
      void task()
        .catch((err) => deps.log.error({ err }, failure))
        .finally(() => (running = false));
    }, ms);
    timer.unref();
    return timer;
  };
  const timer = every(FLUSH_MS, flush, 'live feed flush failed');

  /**
   * Every connection's session and scope are checked again as often as HTTP requests are, and at
   * once when a write changed who may see what (`accessChanged`): a session that ended (account
   * deleted or deactivated, roles or password changed, signed out) or a caller that no longer sees
   * anything gets an ERROR frame and a closed socket; a changed scope (a link removed) or a vehicle
   * that changed hands changes what it is sent.
   */
  let accessStale = false;
  const recheck = async () => {
    const refreshAll = accessStale;
    accessStale = false;
    const shared = new Map<string, Promise<Set<number>>>();
    for (const s of sessions) {
      if (!s.token || !s.scope) continue;
      const user = await deps.sessions.authenticate(s.token);
      if (!user) {
        fail(s, 'Your session has ended. Please sign in again.');
        continue;
      }
      const scope = await resolveScope(deps.db, user);
      if (scope.kind === 'none') {
        fail(s, 'This account may not see any vehicle.');
        continue;
      }
      const scopeChanged = JSON.stringify(scope) !== JSON.stringify(s.scope);
      s.scope = scope;
      if (s.subscription && (scopeChanged || refreshAll)) await refreshVisible(s, shared);
    }
  };
  const check = coalesced(recheck, (err) => deps.log.error({ err }, 'live session check failed'));
  const sessionTimer = setInterval(check.ifIdle, Math.max(deps.sessionCheckMs / 2, 250));
  sessionTimer.unref();

  return {
    accept(socket: WebSocket) {
      const s: Session = {
        socket,
        token: null,
        scope: null,
        visible: null,
        visibleAt: 0,
        subscription: null,
        pending: new Set(),
        messageSeq: 0,
      };
      sessions.add(s);
      let queue = Promise.resolve();
      socket.on('message', (data, isBinary) => {
        const text = isBinary ? '' : data.toString();
        if (isBinary || text.length > MAX_FRAME_BYTES) return fail(s, 'Frames are text and at most 64 KiB.');
        let frames: Frame[];
        try {
          frames = parseFrames(text);
        } catch (err) {
          return fail(s, `Malformed frame: ${(err as Error).message}.`);
        }
        // Frames of one connection are handled in order.
        queue = queue
          .then(async () => {
            for (const f of frames) await handle(s, f);
          })
          .catch((err) => {
            deps.log.error({ err }, 'live session failed');
            fail(s, 'Internal error.');
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
      clearInterval(timer);
      clearInterval(sessionTimer);
      for (const s of sessions) s.socket.close(1012, 'server restarting');
      sessions.clear();
    },
  };
}

/**
 * `task` run on request, never two runs at once: `now` during a run makes one more run after it
 * (so a change told mid-round is not missed), however many came; `ifIdle` (a timer's round) skips
 * while a run goes on, so a slow database is not stacked on.
 */
function coalesced(task: () => Promise<void>, failed: (err: unknown) => void) {
  let running = false;
  let again = false;
  const run = (): void => {
    if (running) {
      again = true;
      return;
    }
    running = true;
    void task()
      .catch(failed)
      .finally(() => {
        running = false;
        if (again) {
          again = false;
          run();
        }
      });
  };
  return {
    now: run,
    ifIdle: () => {
      if (!running) run();
    },
  };
}
