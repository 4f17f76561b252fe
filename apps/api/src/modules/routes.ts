import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountRoutes } from './account/account.routes.ts';
import { authRoutes } from './auth/auth.routes.ts';
import { availabilityRoutes } from './availability/availability.routes.ts';
import { bookingAccessRoutes } from './booking-access/booking-access.routes.ts';
import { bookingsRoutes } from './bookings/bookings.routes.ts';
import { caddiesRoutes } from './caddies/caddies.routes.ts';
import { confirmationsRoutes } from './confirmations/confirmations.routes.ts';
import { coursesRoutes } from './courses/courses.routes.ts';
import { diaryRoutes } from './diary/diary.routes.ts';
import { paymentsRoutes } from './payments/payments.routes.ts';
import { playersRoutes } from './players/players.routes.ts';
import { systemRoutes } from './system/system.routes.ts';
import { ticketsRoutes } from './tickets/tickets.routes.ts';

/**
 * Every route plugin served under /v1, behind the request guard (API key, X-Requested-With, maintenance, JSON
 * content type, CSRF). Add one line per module; keep the list in any order.
 */
// biome-ignore format: one module per line, so parallel additions merge without conflicts
export const v1Routes: FastifyPluginAsyncZod[] = [
  systemRoutes,
  coursesRoutes,
  playersRoutes,
  availabilityRoutes,
  diaryRoutes,
  ticketsRoutes,
  caddiesRoutes,
  paymentsRoutes,
  authRoutes,
  accountRoutes,
  bookingsRoutes,
  confirmationsRoutes,
  bookingAccessRoutes,
];
