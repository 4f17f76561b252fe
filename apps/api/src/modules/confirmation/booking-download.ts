import { confirmationQuerySchema } from '@links/shared/schemas/confirmation';
import type { FastifyContextConfig, FastifyReply, FastifySchema, RouteGenericInterface } from 'fastify';
import type { z } from 'zod';
import type { ZodApp } from '../data-route.ts';
import type { AccessBooking } from './confirmation.repository.ts';
import { type AccessQuery, bookingForRequest, type ConfirmationAccessDeps } from './confirmation-access.ts';

/** What the OpenAPI document says of a download; `file` is its 200 answer. */
type DownloadSpec<Params extends z.ZodType<{ bookingNumber: string }>> = {
  summary: string;
  description: string;
  params: Params;
  file: z.ZodType;
  errors: Record<number, z.ZodType>;
};

/**
 * Registers a file of the booking that a plain link downloads (the calendar file, an invoice). No script can add
 * headers to a link, so it needs no API key or X-Requested-With: the signature in the query or the session is the
 * key, as for the confirmation fetch, and a link opened elsewhere unlocks nothing.
 */
export function bookingDownload<Params extends z.ZodType<{ bookingNumber: string }>>(
  app: ZodApp & ConfirmationAccessDeps,
  url: string,
  { summary, description, params, file, errors }: DownloadSpec<Params>,
  send: (booking: AccessBooking, params: z.output<Params>, reply: FastifyReply) => Promise<unknown>,
): void {
  app.route<RouteGenericInterface, FastifyContextConfig, FastifySchema>({
    method: 'GET',
    url,
    config: { guards: { apiKey: false, requestedWith: false } },
    schema: {
      summary,
      description,
      tags: ['confirmation'],
      params,
      querystring: confirmationQuerySchema,
      response: { 200: file, ...errors },
    },
    handler: async (request, reply) => {
      // Checked by the schemas above before the handler runs.
      const address = request.params as z.output<Params>;
      const booking = await bookingForRequest(
        app,
        request,
        reply,
        address.bookingNumber,
        request.query as AccessQuery,
        { grant: false },
      );
      return send(booking, address, reply);
    },
  });
}
