import { Client } from '@stomp/stompjs';
import { readToken } from '../../../api/auth-storage';
import { clientConfig } from '../../../api/client-config';
import type { MapItem } from '../api/map-item';

/** Part 2 §4: the live endpoint on the API base and the destination it publishes map items to. */
export const LIVE_ENDPOINT = 'evts-websocket';
export const MAP_DETAILS_DESTINATION = '/evts/ws/mapdetails';
const RECONNECT_MS = 5000;

/** ws(s)://{API base}/evts-websocket, honouring an apiBaseUrl override of /content/config.json. */
async function socketUrl(): Promise<string> {
  const { apiBaseUrl } = await clientConfig();
  const base = new URL(apiBaseUrl || '/', window.location.origin);
  const url = new URL(LIVE_ENDPOINT, base.href.endsWith('/') ? base : `${base.href}/`);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.href;
}

/**
 * One STOMP connection to the live map feed (docs/telemetry-protocol.md, server/src/live): the
 * bearer token goes in the CONNECT frame; each MESSAGE is a JSON list of map items: all visible
 * vehicles right after subscribing (unless `changesOnly`: the caller loaded them over REST), then
 * those that changed. Reconnects on its own and then calls `onReconnect`; returns the stop.
 */
export function openLiveFeed(
  onItems: (items: MapItem[]) => void,
  { changesOnly, onReconnect }: { changesOnly: boolean; onReconnect?: () => void },
): () => void {
  let client: Client | null = null;
  let stopped = false;
  let connectedBefore = false;
  void socketUrl().then((brokerURL) => {
    if (stopped) return;
    client = new Client({
      brokerURL,
      reconnectDelay: RECONNECT_MS,
      // Read on every (re)connect: the token may have been renewed since the page opened.
      beforeConnect: (self) => {
        const token = readToken();
        self.connectHeaders = token ? { Authorization: `Bearer ${token}` } : {};
      },
      onConnect: () => {
        // Changes made while the socket was down were not sent: the caller reloads what it shows.
        if (connectedBefore) onReconnect?.();
        connectedBefore = true;
        client?.subscribe(
          MAP_DETAILS_DESTINATION,
          (message) => {
            try {
              onItems(JSON.parse(message.body) as MapItem[]);
            } catch (error) {
              console.warn('Unreadable live map message:', error);
            }
          },
          changesOnly ? { initial: 'none' } : {},
        );
      },
      onStompError: (frame) => console.warn('Live map feed refused:', frame.headers.message),
    });
    client.activate();
  });
  return () => {
    stopped = true;
    void client?.deactivate();
  };
}
