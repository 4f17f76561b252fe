import type { ApiErrorCode } from '@links/shared/schemas/envelope';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { INTERNAL_ERROR_MESSAGE, isAppError, VALIDATION_MESSAGE } from '../lib/app-error.ts';
import { type ErrorEnvelope, errorBody } from '../lib/envelope.ts';

// Fastify's own 4xx errors, reworded for people; anything else 4xx from Fastify gets the generic bad_request.
const FASTIFY_ERRORS: Record<string, { code: ApiErrorCode; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'invalid_json', message: 'The request body is not valid JSON.' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: 'invalid_json', message: 'The request body is not valid JSON.' },
  FST_ERR_CTP_BODY_TOO_LARGE: { code: 'payload_too_large', message: 'The request body is too large.' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    code: 'unsupported_media_type',
    message: 'The request body must be JSON (Content-Type: application/json).',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    code: 'bad_request',
    message: 'The request body length does not match its Content-Length header.',
  },
};

/** `/golfers/0/email` -> `golfers.0.email`; issues on the whole body are reported under `_`. */
function fieldPath(instancePath: string): string {
  const path = instancePath.replace(/^\//, '').replaceAll('/', '.');
  return path === '' ? '_' : path;
}

/**
 * Sends an error envelope as JSON text. The envelope is built here, from errorBody, so it always has the declared
 * shape: the response schemas' zod serializer (a parse of the whole answer before stringifying) would only re-check
 * it, and every refusal (each 409 of a race for a tee time) paid for that.
 */
function sendError(reply: FastifyReply, status: number, envelope: ErrorEnvelope): FastifyReply {
  return reply.code(status).type('application/json; charset=utf-8').send(JSON.stringify(envelope));
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (isAppError(error)) {
      // Deliberate answers (503 maintenance included) are visible in the request line; only a 500 is a fault.
      if (error.status === 500) request.log.error({ err: error }, 'request failed');
      return sendError(reply, error.status, errorBody(error.code, error.message, error.fields));
    }

    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const key = fieldPath(issue.instancePath);
        // Report the first problem per field: that is the one the user fixes first.
        fields[key] ??= issue.message ?? 'This value is not valid.';
      }
      return sendError(reply, 400, errorBody('validation_failed', VALIDATION_MESSAGE, fields));
    }

    if (!isResponseSerializationError(error) && error.code) {
      const known = FASTIFY_ERRORS[error.code];
      const status = error.statusCode ?? 500;
      if (known) return sendError(reply, status, errorBody(known.code, known.message));
      if (status >= 400 && status < 500) {
        return sendError(reply, status, errorBody('bad_request', 'The request could not be understood.'));
      }
    }

    request.log.error({ err: error }, 'request failed');
    return sendError(reply, 500, errorBody('internal_error', INTERNAL_ERROR_MESSAGE));
  });
}
