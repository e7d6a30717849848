import type { Sessions } from '../auth/sessions.js';
import { resolveScope } from '../auth/visibility.js';
import type { Db } from '../db/client.js';
import type { Frame } from '../lib/stomp/frame.js';
import { MAP_DETAILS_DESTINATION, type LiveSession, type MapItems } from './live-session.js';

/** SUBSCRIBE header: 'none' skips the list of every visible vehicle that otherwise comes first. */
const INITIAL_HEADER = 'initial';

export interface FrameDeps {
  db: Db;
  sessions: Pick<Sessions, 'authenticate'>;
  items: MapItems;
}

/** A client's frame: CONNECT with a bearer token, SUBSCRIBE to the map, UNSUBSCRIBE, DISCONNECT; anything else ends it. */
export async function handleFrame(s: LiveSession, frame: Frame, deps: FrameDeps): Promise<void> {
  switch (frame.command) {
    case 'CONNECT':
    case 'STOMP':
      return connect(s, frame, deps);
    case 'SUBSCRIBE':
      return subscribe(s, frame, deps);
    case 'UNSUBSCRIBE':
      s.subscription = null;
      return;
    case 'DISCONNECT':
      if (frame.headers.receipt) s.send('RECEIPT', { 'receipt-id': frame.headers.receipt });
      return s.close();
    default:
      return s.fail(`Unsupported frame ${frame.command}.`);
  }
}

async function connect(s: LiveSession, frame: Frame, deps: FrameDeps) {
  const auth =
    frame.headers.Authorization ??
    frame.headers.authorization ??
    (frame.headers.passcode ? `Bearer ${frame.headers.passcode}` : '');
  const token = auth.startsWith('Bearer ') ? auth.slice(7) : null;
  const user = token ? await deps.sessions.authenticate(token) : null;
  if (!user) return s.fail('A valid bearer token is required in the CONNECT frame (Authorization header).');
  s.token = token;
  s.scope = await resolveScope(deps.db, user);
  if (s.scope.kind === 'none') return s.fail('This account may not see any vehicle.');
  s.send('CONNECTED', { version: '1.2', 'heart-beat': '0,0', server: 'evfleet' });
}

async function subscribe(s: LiveSession, frame: Frame, deps: FrameDeps) {
  if (!s.scope) return s.fail('CONNECT first.');
  if (frame.headers.destination !== MAP_DETAILS_DESTINATION)
    return s.fail(`Unknown destination ${frame.headers.destination ?? ''}; subscribe to ${MAP_DETAILS_DESTINATION}.`);
  s.subscription = frame.headers.id ?? 'sub-0';
  await s.refreshVisible(deps.items);
  // A client that loaded GET api/vehicles/details already asks for changes only: with
  // thousands of vehicles the whole list is megabytes a browser's STOMP parser reads byte by byte.
  if (frame.headers[INITIAL_HEADER] === 'none') return;
  s.deliver(await deps.items.load([...s.visible!]));
}
