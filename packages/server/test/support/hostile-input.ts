import fc from 'fast-check';

/**
 * Hostile requests generated from the OpenAPI document (app.swagger()): for each operation, path
 * parameters, query strings and JSON bodies that are shaped like the route's schema but carry one
 * hostile value somewhere, or are hostile as a whole (wrong types, extra and missing fields, deep
 * nesting). The fuzz test sends them and looks at what comes back.
 */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  format?: string;
  default?: unknown;
}

export interface Operation {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** OpenAPI path, e.g. /api/dealers/{id}. */
  path: string;
  /** Fastify's route pattern, e.g. /api/dealers/:id (the audit trail names routes so). */
  route: string;
  params: { name: string; schema: JsonSchema }[];
  query: { name: string; schema: JsonSchema }[];
  body: JsonSchema | null;
}

interface OpenApiOperation {
  parameters?: { in: string; name: string; schema: JsonSchema }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
}

export function operationsOf(doc: { paths?: Record<string, Record<string, OpenApiOperation>> }): Operation[] {
  return Object.entries(doc.paths ?? {}).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({
      method: method.toUpperCase() as Operation['method'],
      path,
      route: path.replace(/\{(\w+)\}/g, ':$1'),
      params: (op.parameters ?? []).filter((p) => p.in === 'path').map(({ name, schema }) => ({ name, schema })),
      query: (op.parameters ?? []).filter((p) => p.in === 'query').map(({ name, schema }) => ({ name, schema })),
      body: op.requestBody?.content['application/json']?.schema ?? null,
    })),
  );
}

const NUL = '\u0000';
const HIGH = '\ud800';
const LOW = '\udc00';
/** Texts every string field should survive: storage-breaking, numeric-looking, huge, and ordinary. */
export const HOSTILE_TEXTS = [
  NUL,
  `name${NUL}`,
  HIGH,
  `x${LOW}y`,
  `${LOW}${HIGH}`,
  '😀'.repeat(101).slice(1),
  '',
  ' ',
  'a'.repeat(5000),
  '1e3',
  '0x10',
  '-1',
  '1.5',
  '2147483648',
  '9'.repeat(40),
  'NaN',
  'Infinity',
  'true',
  'null',
  '[]',
  '{}',
  "' or 1=1 --",
  '%00',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  'Ünïcödé 名前',
  '\\',
  '%',
  '_',
];
/** Numbers at and beyond the edges of JSON, JavaScript and PostgreSQL integers. */
export const HOSTILE_NUMBERS = [
  0,
  -1,
  1,
  1.5,
  -0.5,
  2 ** 31 - 1,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 53,
  2 ** 53 + 2,
  1e308,
  -1e308,
  5e-324,
  1e21,
];
/** Ids as they arrive in paths and queries. */
export const HOSTILE_ID_TEXTS = [
  '0',
  '-1',
  '1',
  '2',
  '2147483647',
  '2147483648',
  '99999999999999999999',
  '1e3',
  '0x10',
  '1.5',
  ' 1',
  '1 ',
  'abc',
  'true',
  '',
  NUL,
  HIGH,
];

const deep = (depth: number, leaf: unknown): unknown => {
  let value = leaf;
  for (let i = 0; i < depth; i++) value = i % 2 ? { a: value } : [value];
  return value;
};

/** Any JSON value, hostile by type or by content. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...HOSTILE_TEXTS) },
  { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_NUMBERS) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 12 }) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(true, false, null, [], {}, [1, 2], { id: 1 }, [NUL], { [NUL]: 1 }, { [HIGH]: 'x' }),
  },
  { weight: 1, arbitrary: fc.constantFrom(deep(40, 1), deep(3000, 'x'), deep(5, HIGH)) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

const typesOf = (s: JsonSchema) => (Array.isArray(s.type) ? s.type : s.type ? [s.type] : []);

/** A value the schema accepts, as far as a JSON Schema can tell: the base a hostile value is put into. */
export function validFor(s: JsonSchema, key = ''): unknown {
  const alternative = s.anyOf ?? s.oneOf;
  if (alternative) return validFor(alternative.find((a) => !typesOf(a).includes('null')) ?? alternative[0], key);
  if (s.allOf?.length) return validFor(s.allOf[0], key);
  if (s.const !== undefined) return s.const;
  if (s.enum?.length) return s.enum[0];
  if (s.default !== undefined) return s.default;
  const type = typesOf(s).find((t) => t !== 'null');
  switch (type) {
    case 'object':
      // A new record's id would be refused ('cannot already have an ID'), so it is left out.
      return Object.fromEntries(
        Object.entries(s.properties ?? {})
          .filter(([k]) => k !== 'id')
          .map(([k, v]) => [k, validFor(v, k)]),
      );
    case 'array':
      return Array.from({ length: Math.max(1, s.minItems ?? 1) }, () => validFor(s.items ?? {}, key));
    case 'integer':
    case 'number': {
      const low =
        typeof s.exclusiveMinimum === 'number'
          ? s.exclusiveMinimum + 1
          : (s.minimum ?? 0) + (s.exclusiveMinimum === true ? 1 : 0);
      return Math.min(Math.max(low, 1), s.maximum ?? Number.MAX_SAFE_INTEGER);
    }
    case 'boolean':
      return true;
    case 'string':
      // The API document says "string" where the schema checks more; the field's name tells what fits.
      if (s.format === 'email' || /e?mail|recipient/i.test(key)) return 'fuzz@people.test';
      if (/password/i.test(key)) return 'fuzz-pass-1';
      if (/mobile|sms|phone/i.test(key)) return '0123456789';
      if (/timezone/i.test(key)) return 'UTC';
      if (/time$|date$/i.test(key)) return '2024-01-01T00:00:00.000Z';
      if (s.format === 'date') return '2024-01-01';
      if (s.format === 'date-time') return '2024-01-01T00:00:00.000Z';
      return 'Fuzz'.padEnd(s.minLength ?? 0, 'z').slice(0, s.maxLength ?? 1000);
    default:
      return 'fuzz';
  }
}

type Path = (string | number)[];
function pathsOf(value: unknown, prefix: Path = []): Path[] {
  const own = [prefix];
  if (Array.isArray(value)) return [...own, ...value.flatMap((v, i) => pathsOf(v, [...prefix, i]))];
  if (value && typeof value === 'object')
    return [...own, ...Object.entries(value).flatMap(([k, v]) => pathsOf(v, [...prefix, k]))];
  return own;
}
function replaced(value: unknown, path: Path, by: unknown, remove = false): unknown {
  if (!path.length) return by;
  const [head, ...rest] = path;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<string | number, unknown>;
  if (remove && !rest.length) delete copy[head];
  else copy[head] = replaced(copy[head], rest, by, remove);
  return copy;
}

/** A body shaped by the schema with one hostile value, one field missing or one extra; or hostile as a whole. */
export function hostileBody(schema: JsonSchema): fc.Arbitrary<unknown> {
  const base = validFor(schema);
  const paths = pathsOf(base);
  const inner = paths.filter((p) => p.length > 0);
  return fc.oneof(
    {
      weight: 6,
      arbitrary: fc.tuple(fc.constantFrom(...paths), hostileValue).map(([path, v]) => replaced(base, path, v)),
    },
    {
      weight: 1,
      arbitrary: inner.length
        ? fc.constantFrom(...inner).map((path) => replaced(base, path, undefined, true))
        : fc.constant(base),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.constantFrom('extra', NUL, HIGH, 'constructor', 'id', 'password'), hostileValue)
        .map(([k, v]) => ({ ...(base as object), [k]: v })),
    },
    { weight: 1, arbitrary: fc.constant(base) },
  );
}

/** A path parameter or query value: hostile id texts, hostile texts, or a plausible value. */
export function hostileText(schema: JsonSchema, known: string[]): fc.Arbitrary<string> {
  const plausible = String(validFor(schema));
  return fc.oneof(
    fc.constantFrom(...HOSTILE_ID_TEXTS),
    fc.constantFrom(...HOSTILE_TEXTS.filter((t) => t.length < 100)),
    fc.constantFrom(plausible, ...known),
    fc.string({ unit: 'binary', maxLength: 8 }),
  );
}

/** encodeURIComponent, with a lone surrogate sent as the bytes an encoder would give it (WTF-8). */
export function encodeText(text: string): string {
  return Array.from(text)
    .map((ch) => {
      const code = ch.charCodeAt(0);
      if (ch.length === 1 && code >= 0xd800 && code <= 0xdfff)
        return [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
          .map((b) => `%${b.toString(16).toUpperCase()}`)
          .join('');
      return encodeURIComponent(ch);
    })
    .join('');
}

/** One request to an operation; params and query values in order of the operation's lists. */
export interface Hostile {
  caller: string;
  params: string[];
  query: (string | string[] | null)[];
  /** A further query parameter, as written in the URL. */
  extraQuery: string | null;
  /** A JSON value for an operation with a JSON body, else raw text (or null for none). */
  body: unknown;
}

/** Path parameter values a route accepts: its enumeration, a role for authorities, else known ids. */
function plausibleParam(p: { name: string; schema: JsonSchema }, known: string[]): string[] {
  if (p.schema.enum?.length) return p.schema.enum.map(String);
  if (p.name === 'authority') return ['ROLE_DEALER', 'ROLE_FLEET'];
  if (p.name === 'id') return known;
  return [String(validFor(p.schema, p.name))];
}

/**
 * Requests to one operation as one of the callers. Most carry their hostility in one place (a path
 * parameter, a query parameter or the body) and are plausible elsewhere, so they get as far into
 * the route as that one value lets them; some are hostile everywhere.
 */
export function hostileRequests(op: Operation, callers: string[], known: string[]): fc.Arbitrary<Hostile> {
  const plausibleParams = fc.tuple(...op.params.map((p) => fc.constantFrom(...plausibleParam(p, known))));
  const plausibleQuery = fc.tuple(
    ...op.query.map((q) => fc.option(fc.constantFrom(String(validFor(q.schema)), ...known), { freq: 2 })),
  );
  const hostileParams = fc.tuple(...op.params.map((p) => hostileText(p.schema, known)));
  const hostileQuery = fc.tuple(
    ...op.query.map((q) =>
      fc.option(
        fc.oneof(hostileText(q.schema, known), fc.array(hostileText(q.schema, known), { minLength: 2, maxLength: 3 })),
      ),
    ),
  );
  // An update names the record it changes: one of the known ids.
  const withId = (b: unknown) =>
    op.method === 'PUT' && b && typeof b === 'object' && !Array.isArray(b)
      ? fc.constantFrom(...known).map((id) => ({ id: Number(id), ...b }))
      : fc.constant(b);
  const plausibleBody = op.body ? withId(validFor(op.body)) : fc.constant(null);
  const body = op.body
    ? hostileBody(op.body).chain(withId)
    : fc.option(fc.constantFrom('plain text', '{"a":', '[]', 'null', '"\\u0000"'));
  const extra = fc.constantFrom('extra=%00', 'page=-1', 'size=1e3', 'pageNo=2147483648', 'id=%ED%A0%80', 'sort=%00');
  const caller = fc.constantFrom(...callers);
  const where = [
    ...(op.params.length ? ['params'] : []),
    ...(op.query.length ? ['query'] : []),
    ...(op.body ? ['body', 'body'] : []),
    'extra',
    'all',
  ] as const;
  return fc.constantFrom(...where).chain((target) =>
    fc.record({
      caller,
      params: target === 'params' || target === 'all' ? hostileParams : plausibleParams,
      query: target === 'query' || target === 'all' ? hostileQuery : plausibleQuery,
      extraQuery: target === 'extra' || target === 'all' ? extra.map((e): string | null => e) : fc.constant(null),
      body: target === 'body' || target === 'all' ? body : plausibleBody,
    }),
  );
}

/**
 * Requests every run makes, whatever the seed: each path parameter beyond PostgreSQL's integer
 * range, each query parameter as NUL, and a lone surrogate in each string of the body.
 */
export function certainRequests(op: Operation, callers: string[], known: string[]): Hostile[] {
  const base: Hostile = {
    caller: 'admin',
    params: op.params.map((p) => known[0] ?? String(validFor(p.schema))),
    query: op.query.map((q) => String(validFor(q.schema))),
    extraQuery: null,
    body: op.body ? validFor(op.body) : null,
  };
  const out: Hostile[] = [];
  op.params.forEach((_, i) => out.push({ ...base, params: base.params.map((v, j) => (i === j ? '2147483648' : v)) }));
  op.query.forEach((_, i) => out.push({ ...base, query: base.query.map((v, j) => (i === j ? `x${NUL}` : v)) }));
  if (op.body) {
    for (const path of pathsOf(base.body)) {
      out.push({ ...base, body: replaced(base.body, path, `x${HIGH}`) });
      out.push({ ...base, body: replaced(base.body, path, 2 ** 31) });
    }
  }
  return callers.includes('admin') ? out : [];
}
