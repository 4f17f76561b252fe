import { bookingNumberParamsSchema, confirmationResponseSchema } from '@links/shared/schemas/confirmation';
import type { z } from 'zod';
import { type DataRouteSpec, dataRoutes, type ZodApp } from '../data-route.ts';
import type { AccessBooking } from './confirmation.repository.ts';
import { bookingToChange, type ConfirmationAccessDeps } from './confirmation-access.ts';
import { confirmationAnswer } from './load-confirmation.ts';

type BookingBody = z.ZodType<{ booking_id: string }>;

/** What the OpenAPI document says of a change; its address, access and answer are those of every change. */
type ChangeSpec<Body extends BookingBody> = Pick<DataRouteSpec, 'bodyLimit' | 'summary' | 'description'> & {
  body: Body;
};

type RegisterChange = <Body extends BookingBody>(
  url: string,
  spec: ChangeSpec<Body>,
  change: (booking: AccessBooking, body: z.output<Body>) => Promise<unknown>,
) => void;

/**
 * The booking page's changes (`/bookings/:bookingNumber/...`): a session with access changes its booking (the body
 * names it again, bookingToChange) and is answered the updated confirmation, as the page then shows it.
 */
export function bookingChangeRoutes(
  app: ZodApp & ConfirmationAccessDeps,
  errors: Record<number, z.ZodType>,
): Record<'post' | 'put' | 'patch', RegisterChange> {
  const route = dataRoutes(app, ['confirmation']);
  const register =
    (method: 'post' | 'put' | 'patch'): RegisterChange =>
    <Body extends BookingBody>(
      url: string,
      { body, ...about }: ChangeSpec<Body>,
      change: (booking: AccessBooking, body: z.output<Body>) => Promise<unknown>,
    ) =>
      route[method](
        url,
        { ...about, params: bookingNumberParamsSchema, body, response: confirmationResponseSchema, errors },
        async (request, reply) => {
          // The body as its schema parsed it (Fastify types it from the route's own schemas, not this generic one).
          const checked = request as typeof request & { body: z.output<Body> };
          const booking = await bookingToChange(app, checked);
          await change(booking, checked.body);
          return confirmationAnswer(app, reply, booking.id);
        },
      );
  return { post: register('post'), put: register('put'), patch: register('patch') };
}
