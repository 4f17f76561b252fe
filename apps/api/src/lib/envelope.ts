import {
  type ApiErrorCode,
  dataEnvelope,
  type ErrorEnvelope,
  errorEnvelopeSchema,
} from '@links/shared/schemas/envelope';

// The envelopes are the web's contract too: one definition, in the shared package.
export { dataEnvelope, type ErrorEnvelope, errorEnvelopeSchema };

/** The error envelope under each status, for a route's `response` map: `errorResponses(400, 404, 409)`. */
export function errorResponses<S extends number>(...statuses: S[]): Record<S, typeof errorEnvelopeSchema> {
  return Object.fromEntries(statuses.map((status) => [status, errorEnvelopeSchema])) as Record<
    S,
    typeof errorEnvelopeSchema
  >;
}

export function errorBody(
  code: ApiErrorCode,
  message: string,
  fields?: Record<string, string>,
): ErrorEnvelope {
  return fields ? { error: { message, code, fields } } : { error: { message, code } };
}

/**
 * Route option (`serializerCompiler`) for answers the server builds itself from typed values on its hottest write
 * path (booking creation and change): JSON text without the zod serializer's re-check, a parse of the whole answer
 * that cost each booking call more than its pricing. The route's response schemas still document the answers
 * (OpenAPI), and the API tests hold every such answer to its schema (see bookings.api.test.ts).
 */
export const serializeBuiltAnswer = () => (data: unknown) => JSON.stringify(data);
