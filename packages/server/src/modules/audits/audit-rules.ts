import { MASK } from '@evfleet/domain';
import { storableText } from '../../http/input-rules.js';

export interface AuditedRequest {
  method: string;
  /** The route pattern, e.g. /api/dealers/:id. */
  route: string;
  status: number;
  body: unknown;
  query: unknown;
  params: unknown;
  /** The signed-in caller's login, if any. */
  login: string | null;
  /** The account or vehicle the call acted on, when the route names it (the row's `subject`). */
  subject?: string | null;
}

export interface AuditEntry {
  principal: string;
  type: string;
  data: Record<string, unknown>;
}

const SECRET = /passw|token|secret|key$/i;
/** Long strings (photos, images as base64) say nothing useful in an audit trail. */
const MAX_TEXT = 200;
/** Nesting kept in the trail; deeper values are elided. */
const MAX_DEPTH = 16;

/** The principal column's width. */
const MAX_PRINCIPAL = 254;

const succeeded = (status: number) => status >= 200 && status < 300;
const text = (value: unknown) => (typeof value === 'string' ? cut(storable(value), MAX_PRINCIPAL) : null);

/**
 * NUL and lone surrogates become U+FFFD (PostgreSQL stores neither). The input rules refuse such text
 * before a route runs, but a refused sign-in is audited too, and a row must never be lost to what it quotes.
 */
const storable = storableText;

/** The first characters of a long text, never cutting a surrogate pair in two. */
function cut(value: string, max: number) {
  if (value.length <= max) return value;
  const last = value.charCodeAt(max - 1);
  return value.slice(0, last >= 0xd800 && last <= 0xdbff ? max - 1 : max);
}
const field = (value: unknown, key: string) =>
  value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;

/** What a request carried, without secrets and without bulky values. */
export function summary(value: unknown, key = '', depth = 0): unknown {
  if (value === null || value === undefined) return value;
  if (depth > MAX_DEPTH) return '…';
  if (key && SECRET.test(key)) return MASK;
  if (typeof value === 'string')
    return storable(value.length > MAX_TEXT ? `${cut(value, MAX_TEXT)}… (${value.length} characters)` : value);
  if (Array.isArray(value))
    return value.length > 50
      ? [...value.slice(0, 50).map((v) => summary(v, '', depth + 1)), `… ${value.length - 50} more`]
      : value.map((v) => summary(v, '', depth + 1));
  if (typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [storable(k), summary(v, k, depth + 1)]));
  // JSON has no NaN or Infinity (they would be stored as null); a bigint would not serialise at all.
  if (typeof value === 'number' && !Number.isFinite(value)) return String(value);
  if (typeof value === 'bigint') return String(value);
  return value;
}

/** Account events, named as JHipster's audit screen names them where it has a name. */
const ACCOUNT_EVENTS: Record<
  string,
  { success: string; failure?: string; principal?: (r: AuditedRequest) => unknown }
> = {
  'POST /api/authenticate': {
    success: 'AUTHENTICATION_SUCCESS',
    failure: 'AUTHENTICATION_FAILURE',
    principal: (r) => field(r.body, 'username'),
  },
  'POST /api/account/change-password': { success: 'PASSWORD_CHANGED', failure: 'PASSWORD_CHANGE_FAILURE' },
  'POST /api/account/reset-password/init': {
    success: 'PASSWORD_RESET_REQUESTED',
    principal: (r) => field(r.query, 'mail') ?? r.body,
  },
  'POST /api/account/reset-password/finish': { success: 'PASSWORD_RESET_COMPLETED' },
  'POST /api/register': { success: 'ACCOUNT_REGISTERED', principal: (r) => field(r.body, 'login') },
  'POST /api/account/update-password-prototype': { success: 'PASSWORD_SET' },
  'POST /api/account/send-reset-link': { success: 'PASSWORD_RESET_LINK_SENT' },
  'POST /api/vehicles/:id/device-token': { success: 'DEVICE_TOKEN_ROTATED' },
  'GET /api/activate': { success: 'ACCOUNT_ACTIVATED' },
};

/** Calls that read with POST (report queries) or carry device traffic: not changes, not audited. */
const NOT_CHANGES = new Set([
  'POST /api/canreport',
  'POST /api/canreport/getListCanHistory',
  'POST /api/telemetry/readings',
]);
/** A GET that changes data (part 2 §7 clears a vehicle's warning log with GET). */
const CHANGING_GETS = new Set(['GET /api/clearNotifications/:id']);
const EXPORTS = /download|export/i;
const ACTIONS: Record<string, string> = {
  POST: 'CREATED',
  PUT: 'UPDATED',
  PATCH: 'UPDATED',
  DELETE: 'DELETED',
  GET: 'CHANGED',
};

/** DEALER from /api/dealers/:id, VEHICLE_TEMPLATE from /api/vehicle-templates, ROLE_PERMISSION from /api/role-permissions/... */
function entityOf(route: string): string {
  const segment =
    route.split('/').filter((s) => s && s !== 'api' && s !== 'management' && !s.startsWith(':'))[0] ?? 'unknown';
  return segment
    .replace(/^download(?=[A-Z])/, '')
    .replace(/([a-z])([A-Z])/g, '$1_$2')
    .replace(/-/g, '_')
    .replace(/ies$/, 'y')
    .replace(/s$/, '')
    .toUpperCase();
}

/**
 * Which requests leave an audit row, and how they are named: sign-ins (success and failure),
 * password changes and resets, and every successful change made through the API (create, update,
 * delete of people, vehicles, templates, thresholds, permissions, records) plus exports. One table
 * here instead of a call in every module, so a new module's changes are audited from its first day.
 */
export function auditEntryOf(r: AuditedRequest): AuditEntry | null {
  const key = `${r.method} ${r.route}`;
  const data = {
    method: r.method,
    route: r.route,
    status: r.status,
    params: summary(r.params),
    query: summary(r.query),
    body: summary(r.body),
    ...(r.subject ? { subject: text(r.subject) } : {}),
  };
  const account = ACCOUNT_EVENTS[key];
  if (account) {
    const type = succeeded(r.status) ? account.success : account.failure;
    if (!type) return null;
    return { principal: text(account.principal?.(r)) ?? r.login ?? 'anonymous', type, data };
  }
  if (
    !succeeded(r.status) ||
    NOT_CHANGES.has(key) ||
    (!r.route.startsWith('/api/') && !r.route.startsWith('/management/'))
  )
    return null;
  if (r.method === 'GET' && !CHANGING_GETS.has(key)) return null;
  if (r.method === 'HEAD' || r.method === 'OPTIONS') return null;
  // management/ calls change settings (a logger level), they create nothing.
  const action = r.route.startsWith('/management/') ? 'CHANGED' : (ACTIONS[r.method] ?? r.method);
  const type = EXPORTS.test(r.route) ? `${entityOf(r.route)}_EXPORTED` : `${entityOf(r.route)}_${action}`;
  return { principal: text(r.login) ?? 'anonymous', type, data };
}
