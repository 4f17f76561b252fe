import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountRoutes } from './account/account.routes.ts';
import { authRoutes } from './auth/auth.routes.ts';
import { availabilityRoutes } from './availability/availability.routes.ts';
import { bookingsRoutes } from './bookings/bookings.routes.ts';
import { caddiesRoutes } from './caddies/caddies.routes.ts';
import { confirmationRoutes } from './confirmation/confirmation.routes.ts';
import { contactDetailsRoutes } from './contact-details/contact-details.routes.ts';
import { coursesRoutes } from './courses/courses.routes.ts';
import { invoicesRoutes } from './invoices/invoices.routes.ts';
import { paymentRoutes } from './payment/payment.routes.ts';
import { paymentProviderRoutes } from './payment-provider/payment-provider.routes.ts';
import { playerTypesRoutes } from './player-types/player-types.routes.ts';
import { staffRoutes } from './staff/staff.routes.ts';
import { systemRoutes } from './system/system.routes.ts';
import { teeSheetRoutes } from './tee-sheet/tee-sheet.routes.ts';
import { ticketsRoutes } from './tickets/tickets.routes.ts';

/**
 * Every route plugin served under /v1, behind the request guard (API key, X-Requested-With, maintenance, JSON
 * content type, CSRF). Add one line per module; keep the list in any order.
 */
// biome-ignore format: one module per line, so parallel additions merge without conflicts
export const v1Routes: FastifyPluginAsyncZod[] = [
  systemRoutes,
  coursesRoutes,
  playerTypesRoutes,
  availabilityRoutes,
  teeSheetRoutes,
  ticketsRoutes,
  caddiesRoutes,
  paymentProviderRoutes,
  authRoutes,
  accountRoutes,
  bookingsRoutes,
  contactDetailsRoutes,
  paymentRoutes,
  confirmationRoutes,
  invoicesRoutes,
  staffRoutes,
];
