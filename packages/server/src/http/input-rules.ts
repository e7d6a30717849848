import { VALIDATION_MESSAGE, type FieldError } from '@evfleet/domain';
import type { FastifyInstance } from 'fastify';
import { HttpError } from './errors.js';
import type { z } from 'zod';
import { bodyJsonSchema, jsonTypeProblems } from './json-types.js';

/**
 * U+0000 or a UTF-16 surrogate without its partner. PostgreSQL stores neither: text refuses NUL and
 * jsonb refuses both, so such a string would fail deep inside a write (or the audit row after it).
 */
// eslint-disable-next-line no-control-regex -- NUL is the character looked for
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
export const TEXT_MESSAGE = 'must not contain NUL characters or unpaired surrogates';
/** Deeper than any body of the API; bounds the walks of validation, auditing and logging. */
export const MAX_DEPTH = 32;
export const DEPTH_MESSAGE = `must not be nested more than ${MAX_DEPTH} levels deep`;

export const isStorableText = (text: string) => !text.match(UNSTORABLE);
/** The text with each NUL and lone surrogate replaced by U+FFFD, for records that must never fail (the audit trail). */
export const storableText = (text: string) => text.replace(UNSTORABLE, '\ufffd');

/** '/cells/3/value' notation as the error handler writes it: 'cells[3].value'. */
const join = (path: string, key: string | number) =>
  typeof key === 'number' ? `${path}[${key}]` : path ? `${path}.${key}` : key;

/**
 * The first text in a parsed body, query or parameter set that cannot be stored, or a nesting too
 * deep; null when the input is acceptable. Iterative, so a hostile nesting cannot exhaust the stack.
 */
export function unacceptableInput(value: unknown, objectName: string): FieldError | null {
  const stack: { value: unknown; path: string; depth: number }[] = [{ value, path: '', depth: 0 }];
  while (stack.length) {
    const { value: v, path, depth } = stack.pop()!;
    if (typeof v === 'string') {
      if (!isStorableText(v)) return { objectName, field: path || objectName, message: TEXT_MESSAGE };
      continue;
    }
    if (!v || typeof v !== 'object') continue;
    if (depth >= MAX_DEPTH) return { objectName, field: path || objectName, message: DEPTH_MESSAGE };
    if (Array.isArray(v)) {
      v.forEach((item, i) => stack.push({ value: item, path: join(path, i), depth: depth + 1 }));
      continue;
    }
    for (const [key, item] of Object.entries(v)) {
      const field = join(path, key);
      if (!isStorableText(key)) return { objectName, field, message: TEXT_MESSAGE };
      stack.push({ value: item, path: field, depth: depth + 1 });
    }
  }
  return null;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route judges each item of its body itself and must not refuse the whole for one: a batch
     * of readings, where one bad signal name costs only that signal (docs/telemetry-protocol.md).
     */
    judgesItsInput?: true;
  }
}

/**
 * The text rule of every route, decided once (docs/decisions.md, "Input rules"): before a route's
 * own schema runs, its parameters, query and body are refused with a field error when any string in
 * them (or any property name) holds a NUL character or a lone surrogate, when the body nests too
 * deeply, or when a number or flag of the body is not a JSON number or boolean (json-types.ts).
 * Public routes (sign-in, activation, reset) and searches are covered like every other.
 */
export function installInputRules(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    if (request.routeOptions.config.judgesItsInput) return;
    const parts = [
      ['params', request.params],
      ['querystring', request.query],
      ['body', request.body],
    ] as const;
    for (const [objectName, value] of parts) {
      const error = unacceptableInput(value, objectName);
      if (error) throw new HttpError(400, VALIDATION_MESSAGE, { fieldErrors: [error] });
    }
    const schema = request.routeOptions.schema?.body;
    const json = request.body === undefined ? null : bodyJsonSchema(schema);
    const typeErrors = json ? jsonTypeProblems(request.body, json) : [];
    if (typeErrors.length)
      throw new HttpError(400, VALIDATION_MESSAGE, { fieldErrors: withSchemaErrors(typeErrors, schema, request.body) });
  });
}

/** The schema's own field errors too, so a form sees every wrong field at once, not only the mistyped ones. */
function withSchemaErrors(typeErrors: FieldError[], schema: unknown, body: unknown): FieldError[] {
  let issues: z.core.$ZodIssue[] = [];
  try {
    const parsed = (schema as z.ZodType).safeParse(body);
    if (!parsed.success) issues = parsed.error.issues;
  } catch {
    // An asynchronous refinement cannot run here; the type errors alone are answered.
  }
  const own = issues.map((i) => ({
    objectName: 'body',
    field: i.path.reduce<string>((p, k) => join(p, typeof k === 'number' ? k : String(k)), '') || 'body',
    message: i.message,
  }));
  return [...own, ...typeErrors.filter((t) => !own.some((o) => o.field === t.field))];
}
