import type { MapItem } from '@evfleet/domain';
import type { WebSocket } from 'ws';
import type { Scope } from '../auth/visibility.js';
import { serializeFrame } from '../lib/stomp/frame.js';

export const MAP_DETAILS_DESTINATION = '/evts/ws/mapdetails';

/** The map items the feed sends, as GET api/vehicles/details returns them; the vehicles module builds them. */
export interface MapItems {
  visibleIds(scope: Scope): Promise<Set<number>>;
  load(ids: number[]): Promise<MapItem[]>;
}

/** Reads of what a scope may see, shared by the sessions of one scope within one round. */
export type SharedReads = Map<string, Promise<Set<number>>>;

/** One browser's STOMP connection: who it is, what it may see, and the changes waiting to go out. */
export class LiveSession {
  /** The bearer token of the CONNECT frame, checked again every few seconds. */
  token: string | null = null;
  scope: Scope | null = null;
  visible: Set<number> | null = null;
  visibleAt = 0;
  subscription: string | null = null;
  /** Vehicles whose change this session is still to be sent. */
  readonly pending = new Set<number>();
  private messageSeq = 0;

  constructor(
    private readonly socket: WebSocket,
    /** Called when the session ends from this side (an ERROR, a DISCONNECT). */
    private readonly ended: () => void,
  ) {}

  send(command: string, headers: Record<string, string | number>, body = '') {
    if (this.socket.readyState === this.socket.OPEN) this.socket.send(serializeFrame(command, headers, body));
  }

  /** An ERROR frame saying why, and the socket closed. */
  fail(message: string) {
    this.send('ERROR', { message });
    this.close();
  }

  close(code?: number, reason?: string) {
    this.socket.close(code, reason);
    this.ended();
  }

  deliver(items: unknown[]) {
    this.send(
      'MESSAGE',
      {
        subscription: this.subscription!,
        'message-id': `${this.subscription}-${++this.messageSeq}`,
        destination: MAP_DETAILS_DESTINATION,
        'content-type': 'application/json',
      },
      JSON.stringify(items),
    );
  }

  /** Reads the vehicles it may see again, and forgets changes of vehicles it no longer may. */
  async refreshVisible(items: MapItems, shared?: SharedReads) {
    const key = JSON.stringify(this.scope);
    let visible = shared?.get(key);
    if (!visible) {
      visible = this.scope ? items.visibleIds(this.scope) : Promise.resolve(new Set<number>());
      shared?.set(key, visible);
    }
    this.visible = await visible;
    this.visibleAt = Date.now();
    for (const id of this.pending) if (!this.visible.has(id)) this.pending.delete(id);
  }
}
