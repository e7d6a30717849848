import { randomUUID } from 'node:crypto';
import {
  APP_ERROR_HEADER,
  CONFLICT_TEXTS,
  INTERNAL_ERROR,
  VALIDATION_MESSAGE,
  type ErrorBody,
  type FieldError,
} from '@evfleet/domain';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import { HttpError } from './errors.js';
import { FOREIGN_KEY_VIOLATION, sqlStateOf, UNIQUE_VIOLATION } from '../db/sql-state.js';

/** '/cells/3/value' -> 'cells[3].value', the field notation the toast rules strip indices from. */
const fieldOf = (instancePath: string) =>
  instancePath
    .split('/')
    .filter(Boolean)
    .reduce((path, part) => (/^\d+$/.test(part) ? `${path}[${part}]` : path ? `${path}.${part}` : part), '');

/** Client errors Fastify raises itself, with the text a user of the API should read. */
const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty but JSON was declared.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'This content type is not accepted here.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The request body length is wrong.',
  // @fastify/multipart's own
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'The request is not multipart/form-data.',
  FST_MP_PREMATURE_CLOSE: 'The multipart body ended before its closing boundary.',
  FST_PARTS_LIMIT: 'The multipart body has too many parts.',
  FST_FILES_LIMIT: 'The multipart body has too many files.',
  FST_FIELDS_LIMIT: 'The multipart body has too many fields.',
  FST_REQ_FILE_TOO_LARGE: 'The uploaded file is too large.',
  FST_PROTO_VIOLATION: 'A multipart field name is not allowed.',
  FST_INVALID_JSON_FIELD_ERROR: 'A multipart field declared as JSON is not valid JSON.',
};

/**
 * The multipart parser (@fastify/busboy, under @fastify/multipart) fails a malformed body with
 * plain errors, no code nor status, which would otherwise be 500s: matched by their text (pinned
 * by test/http/hostile-uploads.api.test.ts), they are the client's 400.
 */
const MALFORMED_MULTIPART: [RegExp, string][] = [
  [
    /^(Multipart: Boundary not found|Boundary required|The needle cannot)/,
    'The multipart body has no valid boundary parameter in its content type.',
  ],
  [/unexpected end of multipart data$/i, 'The multipart body ended before its closing boundary.'],
];

export function installErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const objectName = error.validationContext ?? 'request';
      const fieldErrors: FieldError[] = error.validation.map((v) => ({
        objectName,
        field: fieldOf(v.instancePath) || objectName,
        message: v.message ?? 'invalid',
      }));
      return reply
        .status(400)
        .send({ status: 400, title: 'Bad Request', message: VALIDATION_MESSAGE, fieldErrors } satisfies ErrorBody);
    }
    if (error instanceof ZodError) {
      const fieldErrors: FieldError[] = error.issues.map((i) => ({
        objectName: 'request',
        field: fieldOf(`/${i.path.join('/')}`) || 'request',
        message: i.message,
      }));
      return reply
        .status(400)
        .send({ status: 400, title: 'Bad Request', message: VALIDATION_MESSAGE, fieldErrors } satisfies ErrorBody);
    }
    if (sqlStateOf(error) === UNIQUE_VIOLATION) {
      reply.header(APP_ERROR_HEADER, CONFLICT_TEXTS.inUse);
      return reply.status(400).send({ status: 400, message: CONFLICT_TEXTS.inUse } satisfies ErrorBody);
    }
    if (sqlStateOf(error) === FOREIGN_KEY_VIOLATION) {
      // A record this one refers to was removed meanwhile (a delete won the race past its guard).
      reply.header(APP_ERROR_HEADER, CONFLICT_TEXTS.relationGone);
      return reply.status(400).send({ status: 400, message: CONFLICT_TEXTS.relationGone } satisfies ErrorBody);
    }
    if (error instanceof HttpError) {
      const { fieldErrors, appError, errorKey, headers } = error.options;
      if (headers) reply.headers(headers);
      // A header carries Latin-1 only; a message naming, say, a Cyrillic template reaches the toast through the body.
      if (appError && HEADER_SAFE.test(error.message)) reply.header(APP_ERROR_HEADER, error.message);
      return reply
        .status(error.status)
        .send({ status: error.status, message: error.message, fieldErrors, errorKey } satisfies ErrorBody);
    }
    const malformed = error.statusCode === undefined && MALFORMED_MULTIPART.find(([text]) => text.test(error.message));
    if (malformed) return reply.status(400).send({ status: 400, message: malformed[1] } satisfies ErrorBody);
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message = FRAMEWORK_MESSAGES[error.code] ?? error.message;
      return reply.status(status).send({ status, message } satisfies ErrorBody);
    }
    const correlationId = randomUUID();
    request.log.error({ err: error, correlationId }, 'unhandled error');
    return reply.status(500).send({ status: 500, message: INTERNAL_ERROR, correlationId } satisfies ErrorBody);
  });
}

const HEADER_SAFE = /^[\t\x20-\x7e\x80-\xff]*$/;
