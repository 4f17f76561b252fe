import {
  blockIdParamsSchema,
  blockPeriodSchema,
  blockPreviewResponseSchema,
  blockResponseSchema,
  cancelBookingRequestSchema,
  cancelledBookingResponseSchema,
  checkInRequestSchema,
  checkInResponseSchema,
  createBlockRequestSchema,
  createdBlockResponseSchema,
  createStaffUserRequestSchema,
  createStaffUserResponseSchema,
  dueDateRequestSchema,
  emptyResponseSchema,
  moneyChangeResponseSchema,
  movedRoundResponseSchema,
  moveRoundRequestSchema,
  paymentLinkSentResponseSchema,
  recordPaymentRequestSchema,
  staffAuditQuerySchema,
  staffAuditResponseSchema,
  staffBookingDetailResponseSchema,
  staffBookingSearchQuerySchema,
  staffBookingSearchResponseSchema,
  staffCaddiesRequestSchema,
  staffCaddiesResponseSchema,
  staffCodeRequestSchema,
  staffContactRequestSchema,
  staffContactResponseSchema,
  staffPasswordChangeRequestSchema,
  staffSignInRequestSchema,
  staffSignInResponseSchema,
  staffTeeSheetQuerySchema,
  staffTeeSheetResponseSchema,
  staffUserIdParamsSchema,
  staffUserResponseSchema,
  staffUsersResponseSchema,
  updateStaffUserRequestSchema,
} from '@links/shared';
import { bookingNumberParamsSchema, invoiceParamsSchema } from '@links/shared/schemas/confirmation';
import { golferNamesBodySchema, golferNamesResponseSchema } from '@links/shared/schemas/golfer-names';
import {
  staffBookingChangeRequestSchema,
  staffBookingChangeResponseSchema,
  staffCoursesResponseSchema,
  staffNewBookingRequestSchema,
  staffNewBookingResponseSchema,
  staffPlayerTypesResponseSchema,
} from '@links/shared/schemas/staff-booking-change';
import {
  mailIdParamsSchema,
  mailRetriedResponseSchema,
  maintenanceStatusResponseSchema,
  maintenanceSwitchRequestSchema,
  staffMailMessageResponseSchema,
  staffMailPageResponseSchema,
  staffMailQuerySchema,
  staffOperationsResponseSchema,
} from '@links/shared/schemas/staff-operations';
import {
  createOperatorRequestSchema,
  operatorIdParamsSchema,
  operatorLinkSentResponseSchema,
  staffOperatorDetailResponseSchema,
  staffOperatorListResponseSchema,
  staffOperatorResponseSchema,
  updateOperatorRequestSchema,
} from '@links/shared/schemas/staff-operators';
import {
  caddieRangeChangeSchema,
  caddieRangeParamsSchema,
  closingDateAnswerResponseSchema,
  closingDateChangeSchema,
  greenFeeChangeSchema,
  newCaddieRangeSchema,
  newSeasonSchema,
  packageDetailsSchema,
  packageParamsSchema,
  packagePriceChangeSchema,
  staffPricesResponseSchema,
} from '@links/shared/schemas/staff-prices';
import { reportQuerySchema, staffReportResponseSchema } from '@links/shared/schemas/staff-reports';
import {
  staffTeeWindowsResponseSchema,
  teeWindowChangeAnswerResponseSchema,
  teeWindowChangeSchema,
  teeWindowPreviewResponseSchema,
} from '@links/shared/schemas/staff-tee-windows';
import { ticketPricesBodySchema, ticketPricesResponseSchema } from '@links/shared/schemas/ticket-prices';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bookings } from '../../db/schema/index.ts';
import { notFound, validationFailed } from '../../lib/app-error.ts';
import type { RouteGuards } from '../../plugins/request-guards.ts';
import { saveGolferNames } from '../confirmation/golfer-names.ts';
import { listCourses } from '../courses/courses.repository.ts';
import { sendInvoicePdf } from '../invoices/invoices.routes.ts';
import { listPlayerTypes } from '../player-types/player-types.repository.ts';
import { listAudit, recordAudit, recordBookingChanges } from './audit-log.ts';
import { createBlock, previewBlock, removeBlock } from './blocks.ts';
import { bookForCaller } from './book-for-caller.ts';
import { changeCaddies } from './booking-caddies.ts';
import { cancelBooking } from './booking-cancel.ts';
import { changeBooking, previewChange } from './booking-change.ts';
import { changeContact } from './booking-contact.ts';
import { extendDueDate, recordPayment } from './booking-money.ts';
import { moveRound } from './booking-move.ts';
import { changeStaffPassword } from './change-staff-password.ts';
import { setCheckIn } from './check-in.ts';
import {
  createStaffUser,
  listStaffUsers,
  resetStaffFactor,
  updateStaffUserAccess,
} from './manage-staff-users.ts';
import { listMail, operationsSummary, readMail, retryMail, switchMaintenance } from './operations.ts';
import { sendPaymentLink } from './payment-link.ts';
import { signInStaffWithPassword, submitStaffCode } from './sign-in-staff.ts';
import { searchBookings, staffBookingDetail } from './staff-bookings.ts';
import { ANY_STAFF_ROLE, registerStaffGuard, type StaffAccess, staffOf } from './staff-guard.ts';
import {
  createStaffOperator,
  listStaffOperators,
  sendOperatorResetLink,
  staffOperatorDetail,
  updateStaffOperator,
} from './staff-operators.ts';
import {
  changeCaddieFee,
  changeClosingDate,
  changeGreenFee,
  changePackagePrice,
  createCaddieRange,
  createSeason,
  previewPrices,
  savePackage,
  staffPrices,
} from './staff-prices.ts';
import { staffReport } from './staff-reports.ts';
import { deleteStaffSession } from './staff-sessions.ts';
import { staffTeeSheet } from './staff-tee-sheet.ts';
import { changeTeeWindows, previewTeeWindowChange, staffTeeWindows } from './staff-tee-windows.ts';
import { staffUserView } from './staff-user-view.ts';

// /v1/staff: the resort's staff area (issue 22). Every route declares who may call it in `config.staffAccess`
// (staff-guard.ts); the request guard in front (API key, requested-with, CSRF) is the same as every /v1 route's,
// except maintenance: the resort runs its tee sheet, takes phone bookings and switches maintenance off again while
// the public site is closed. Answers are never cached (the API's cache-control: no-store).

const TAGS = ['staff'];
const STAFF_GUARDS: RouteGuards = { maintenance: false };
const access = (staffAccess: StaffAccess) => ({ staffAccess, guards: STAFF_GUARDS });
const ADMIN_ONLY = access({ roles: ['admin'] });
/** Bookings, blocks and refunds: the reservations desk (and admins, who pass every check). */
const BOOKINGS_DESK = access({ roles: ['reservations'] });

const staffPlugin: FastifyPluginAsyncZod = async (app) => {
  registerStaffGuard(app);

  app.post(
    '/session',
    {
      config: access('sign-in'),
      schema: {
        summary: 'Staff sign-in, step 1: username and password; a code (or enrolment) comes next',
        tags: TAGS,
        body: staffSignInRequestSchema,
        response: { 200: staffSignInResponseSchema },
      },
    },
    async (request, reply) => ({ data: await signInStaffWithPassword(request, reply, request.body) }),
  );

  app.post(
    '/session/code',
    {
      config: access('password-stage'),
      schema: {
        summary: 'Staff sign-in, step 2: the authenticator code; opens the full session under a new id',
        tags: TAGS,
        body: staffCodeRequestSchema,
        response: { 200: staffUserResponseSchema },
      },
    },
    async (request, reply) => {
      const user = await submitStaffCode(request, reply, staffOf(request), request.body);
      return { data: staffUserView(user) };
    },
  );

  app.get(
    '/me',
    {
      config: access({ roles: ANY_STAFF_ROLE }),
      schema: {
        summary: 'The signed-in staff member',
        tags: TAGS,
        response: { 200: staffUserResponseSchema },
      },
    },
    async (request) => ({ data: staffUserView(staffOf(request).user) }),
  );

  app.delete(
    '/session',
    {
      config: access({ roles: ANY_STAFF_ROLE }),
      schema: {
        summary: 'Staff sign-out: ends the session server-side and starts a fresh anonymous one',
        tags: TAGS,
        body: z.object({}).nullish(),
        response: { 200: emptyResponseSchema },
      },
    },
    async (request, reply) => {
      const staff = staffOf(request);
      const now = app.clock.now();
      const sessionId = request.sessionId as string;
      await app.db.transaction(async (tx) => {
        await deleteStaffSession(tx, sessionId);
        await recordAudit(tx, { actor: { staffUserId: staff.user.id }, action: 'sign_out', at: now });
      });
      reply.issueSession();
      return { data: {} };
    },
  );

  app.post(
    '/me/password',
    {
      config: access({ roles: ANY_STAFF_ROLE }),
      schema: {
        summary: 'Changes the signed-in staff member’s password; every other session of theirs ends',
        tags: TAGS,
        body: staffPasswordChangeRequestSchema,
        response: { 200: emptyResponseSchema },
      },
    },
    async (request, reply) => {
      await changeStaffPassword(request, reply, staffOf(request), request.body);
      return { data: {} };
    },
  );

  app.get(
    '/users',
    {
      config: ADMIN_ONLY,
      schema: {
        summary: 'Every staff user (admin)',
        tags: TAGS,
        response: { 200: staffUsersResponseSchema },
      },
    },
    async () => ({ data: await listStaffUsers(app.db) }),
  );

  app.post(
    '/users',
    {
      config: ADMIN_ONLY,
      schema: {
        summary: 'Creates a staff user (admin); a generated password is answered once',
        tags: TAGS,
        body: createStaffUserRequestSchema,
        response: { 200: createStaffUserResponseSchema },
      },
    },
    async (request) => {
      const actor = { staffUserId: staffOf(request).user.id };
      const created = await createStaffUser(app, request.body, actor, app.clock.now());
      return {
        data: {
          user: created.user,
          ...(created.generated && { one_time_password: created.password }),
        },
      };
    },
  );

  app.patch(
    '/users/:id',
    {
      config: ADMIN_ONLY,
      schema: {
        summary: 'Changes a staff user’s role, or disables (signing them out) or enables them (admin)',
        tags: TAGS,
        params: staffUserIdParamsSchema,
        body: updateStaffUserRequestSchema,
        response: { 200: staffUserResponseSchema },
      },
    },
    async (request) => {
      const actor = { staffUserId: staffOf(request).user.id };
      return {
        data: await updateStaffUserAccess(app.db, request.params.id, request.body, actor, app.clock.now()),
      };
    },
  );

  app.post(
    '/users/:id/reset-factor',
    {
      config: ADMIN_ONLY,
      schema: {
        summary: 'Forgets a staff user’s second factor and ends their sessions; they enrol again (admin)',
        tags: TAGS,
        params: staffUserIdParamsSchema,
        body: z.object({}).nullish(),
        response: { 200: staffUserResponseSchema },
      },
    },
    async (request) => {
      const actor = { staffUserId: staffOf(request).user.id };
      return { data: await resetStaffFactor(app.db, request.params.id, actor, app.clock.now()) };
    },
  );

  app.get(
    '/audit',
    {
      config: ADMIN_ONLY,
      schema: {
        summary: 'The staff audit log, newest first; by user, action and time (admin)',
        tags: TAGS,
        querystring: staffAuditQuerySchema,
        response: { 200: staffAuditResponseSchema },
      },
    },
    async (request) => {
      const { entries, total } = await listAudit(app.db, request.query);
      return {
        data: { entries, total, page: request.query.page, page_size: request.query.page_size },
      };
    },
  );

  app.get(
    '/tee-sheet',
    {
      config: access({ roles: ANY_STAFF_ROLE }),
      schema: {
        summary: 'One course’s day: every slot, its block and the bookings that take its places (every role)',
        tags: TAGS,
        querystring: staffTeeSheetQuerySchema,
        response: { 200: staffTeeSheetResponseSchema },
      },
    },
    async (request) => ({
      data: await staffTeeSheet(app.db, request.query.course_id, request.query.date),
    }),
  );

  app.put(
    '/check-ins',
    {
      config: access({ roles: ANY_STAFF_ROLE }),
      schema: {
        summary: 'Marks one golfer of a round arrived or a no-show, or expected again (every role; audited)',
        tags: TAGS,
        body: checkInRequestSchema,
        response: { 200: checkInResponseSchema },
      },
    },
    async (request) => ({
      data: await setCheckIn(app.db, request.body, staffOf(request).user.id, app.clock.now()),
    }),
  );

  app.get(
    '/bookings',
    {
      config: BOOKINGS_DESK,
      schema: {
        summary:
          'Finds bookings by number, name, e-mail, phone, operator and UK dates of play; newest first, paged',
        tags: TAGS,
        querystring: staffBookingSearchQuerySchema,
        response: { 200: staffBookingSearchResponseSchema },
      },
    },
    async (request) => ({ data: await searchBookings(app.db, request.query) }),
  );

  app.get(
    '/bookings/:bookingNumber',
    {
      config: BOOKINGS_DESK,
      schema: {
        summary: 'One booking for staff: its confirmation, contact, payments, refunds, e-mails and timeline',
        tags: TAGS,
        params: bookingNumberParamsSchema,
        response: { 200: staffBookingDetailResponseSchema },
      },
    },
    async (request) => ({
      data: await staffBookingDetail(
        app.db,
        request.params.bookingNumber,
        app.clock.now(),
        app.config.bookings.namesDeadlineDays,
      ),
    }),
  );

  app.post(
    '/bookings/:bookingNumber/payments',
    {
      config: BOOKINGS_DESK,
      schema: {
        summary:
          'Records money taken by phone, at the desk or by bank transfer (at most what is due; audited)',
        tags: TAGS,
        params: bookingNumberParamsSchema,
        body: recordPaymentRequestSchema,
        response: { 200: moneyChangeResponseSchema },
      },
    },
    async (request) => ({
      data: await recordPayment(
        app.db,
        request.params.bookingNumber,
        request.body,
        staffOf(request).user.id,
        app.clock.now(),
      ),
    }),
  );

  app.get(
    '/bookings/:bookingNumber/invoices/:invoiceNumber',
    {
      // A plain link downloads it (the staff session's cookie is the key), like the public booking page's.
      config: { ...BOOKINGS_DESK, guards: { ...STAFF_GUARDS, apiKey: false, requestedWith: false } },
      schema: {
        summary: "One of a booking's VAT invoices or credit notes, as a PDF, for the desk",
        tags: TAGS,
        params: invoiceParamsSchema,
        response: { 200: z.any().describe('The PDF file') },
      },
    },
    async (request, reply) => {
      const [booking] = await app.db
        .select({ id: bookings.id })
        .from(bookings)
        .where(eq(bookings.bookingNumber, request.params.bookingNumber));
      if (!booking) throw notFound('There is no booking with this number.', 'booking_not_found');
      return sendInvoicePdf(app, reply, booking.id, request.params.invoiceNumber);
    },
  );

  app.post(
    '/bookings/:bookingNumber/payment-link',
    {
      config: BOOKINGS_DESK,
      schema: {
        summary:
          "E-mails the booker the booking's signed link to pay what is due by card online, in their own browser (audited)",
        tags: TAGS,
        params: bookingNumberParamsSchema,
        response: { 200: paymentLinkSentResponseSchema },
      },
    },
    async (request) => ({
      data: await sendPaymentLink(app, request.params.bookingNumber, staffOf(request).user.id),
    }),
  );

  app.post(
    '/bookings/:bookingNumber/due-date',
    {
      config: BOOKINGS_DESK,
      schema: {
        summary:
          'Gives a booking on terms a later due date for its balance; its reminders start again (audited)',
        tags: TAGS,
        params: bookingNumberParamsSchema,
        body: dueDateRequestSchema,
        response: { 200: moneyChangeResponseSchema },
      },
    },
    async (request) => ({
      data: await extendDueDate(
        app.db,
        request.params.bookingNumber,
        request.body,
        staffOf(request).user.id,
        app.config.bookings.paymentReminderDays,
        app.clock.now(),
      ),
    }),
  );

  app.post(
    '/bookings/:bookingNumber/move',
    {
      config: BOOKINGS_DESK,
      schema: {
        summary:
          'Moves a round to another tee time of its course that day (capacity checked as for a booking; audited)',
        tags: TAGS,
        params: bookingNumberParamsSchema,
        body: moveRoundRequestSchema,
        response: { 200: movedRoundResponseSchema },
      },
    },
    async (request) => ({
      data: await moveRound(app, request.params.bookingNumber, request.body, staffOf(request).user.id),
    }),
  );

  app.post(
    '/bookings/:bookingNumber/change/preview',
    {
      config: BOOKINGS_DESK,
      schema: {
        summary:
          "Answers what a change of a booking's rounds or golfers would cost and what may be refunded (changes nothing)",
        tags: TAGS,
        params: bookingNumberParamsSchema,
        body: staffBookingChangeRequestSchema,
        response: { 200: staffBookingChangeResponseSchema },
      },
    },
    async (request) => ({ data: await previewChange(app, request.params.bookingNumber, request.body) }),
  );

  app.post(
    '/bookings/:bookingNumber/change',
    {
      config: BOOKINGS_DESK,
      schema: {
        summary:
          "Changes a booking's rounds (any tee time, caddies, a round cancelled) and golfers, priced again; the difference left due or refunded (audited)",
        tags: TAGS,
        params: bookingNumberParamsSchema,
        body: staffBookingChangeRequestSchema,
        response: { 200: staffBookingChangeResponseSchema },
      },
    },
    async (request) => ({
      data: await changeBooking(app, request.params.bookingNumber, request.body, staffOf(request).user.id),
    }),
  );

  app.post(
    '/bookings',
    {
      config: BOOKINGS_DESK,
      schema: {
        summary:
          "Books for a caller: any player type, the engine's checks and prices, confirmed at once with the price due at the desk; the golfer gets the confirmation e-mail (audited)",
        tags: TAGS,
        body: staffNewBookingRequestSchema,
        response: { 200: staffNewBookingResponseSchema },
      },
    },
    async (request) => ({ data: await bookForCaller(app, request.body, staffOf(request).user.id) }),
  );

  app.get(
    '/player-types',
    {
      config: BOOKINGS_DESK,
      schema: {
        summary: 'Every player type, also those the public may not book (the concession)',
        tags: TAGS,
        response: { 200: staffPlayerTypesResponseSchema },
      },
    },
    async () => ({
      data: (await listPlayerTypes(app.db)).map((type) => ({ id: type.id, name: type.name })),
    }),
  );

  app.patch(
    '/bookings/:bookingNumber/contact',
    {
      config: BOOKINGS_DESK,
      schema: {
        summary:
          "Corrects a visitor booking's name, e-mail or phone, checked by the golfer's own rules (audited)",
        tags: TAGS,
        params: bookingNumberParamsSchema,
        body: staffContactRequestSchema,
        response: { 200: staffContactResponseSchema },
      },
    },
    async (request) => ({
      data: await changeContact(
        app.db,
        request.params.bookingNumber,
        request.body,
        staffOf(request).user.id,
        app.clock.now(),
      ),
    }),
  );

  app.put(
    '/bookings/:bookingNumber/caddies',
    {
      config: BOOKINGS_DESK,
      schema: {
        summary: 'Sets the caddies of a round, also within its last 24 hours; the golfer is told (audited)',
        tags: TAGS,
        params: bookingNumberParamsSchema,
        body: staffCaddiesRequestSchema,
        response: { 200: staffCaddiesResponseSchema },
      },
    },
    async (request) => ({
      data: await changeCaddies(app, request.params.bookingNumber, request.body, staffOf(request).user.id),
    }),
  );

  app.put(
    '/bookings/:bookingNumber/golfer-names',
    {
      config: BOOKINGS_DESK,
      schema: {
        summary: "Names a booking's golfers, also after the operator's deadline (audited)",
        tags: TAGS,
        params: bookingNumberParamsSchema,
        body: golferNamesBodySchema,
        response: { 200: golferNamesResponseSchema },
      },
    },
    async (request) => {
      const { bookingNumber } = request.params;
      if (request.body.booking_id !== bookingNumber) {
        throw validationFailed({ booking_id: 'The booking number does not match the address.' });
      }
      const [booking] = await app.db
        .select({ id: bookings.id })
        .from(bookings)
        .where(eq(bookings.bookingNumber, bookingNumber));
      if (!booking) throw notFound('There is no booking with this number.', 'booking_not_found');
      const staffUserId = staffOf(request).user.id;
      const audited = {
        staffUserId,
        at: app.clock.now(),
        action: 'booking.names_changed',
        bookingNumber,
      } as const;
      const changes = await saveGolferNames(app, booking.id, request.body, {
        staff: {
          afterChange: (tx, made) =>
            recordBookingChanges(tx, audited, made, (change) => ({
              before: { position: change.position, name: change.from },
              after: { position: change.position, name: change.to },
            })),
        },
      });
      return { data: { saved: changes.length } };
    },
  );

  app.post(
    '/bookings/:bookingNumber/cancel',
    {
      config: BOOKINGS_DESK,
      schema: {
        summary:
          'Cancels a confirmed booking: places back on sale at once, a full or partial card refund made once, the golfer told (audited)',
        tags: TAGS,
        params: bookingNumberParamsSchema,
        body: cancelBookingRequestSchema,
        response: { 200: cancelledBookingResponseSchema },
      },
    },
    async (request) => ({
      data: await cancelBooking(app, request.params.bookingNumber, request.body, staffOf(request).user.id),
    }),
  );

  app.get(
    '/operations',
    {
      config: ADMIN_ONLY,
      schema: {
        summary:
          "What is waiting or stuck now: the outbox's counts, live holds, payments and refunds not yet settled",
        tags: TAGS,
        response: { 200: staffOperationsResponseSchema },
      },
    },
    async () => ({ data: await operationsSummary(app.db, app.maintenance, app.clock.now()) }),
  );

  app.put(
    '/maintenance',
    {
      config: ADMIN_ONLY,
      schema: {
        summary:
          "Closes the public site and the tour operators' side for maintenance, or opens them again (audited); every instance follows within its cache window",
        tags: TAGS,
        body: maintenanceSwitchRequestSchema,
        response: { 200: maintenanceStatusResponseSchema },
      },
    },
    async (request) => ({
      data: await switchMaintenance(
        app.db,
        app.maintenance,
        request.body.enabled,
        staffOf(request).user.id,
        app.clock.now(),
      ),
    }),
  );

  app.get(
    '/courses',
    {
      config: access({ roles: ANY_STAFF_ROLE }),
      schema: {
        summary: "The courses, for the staff area's pickers (works while the public site is in maintenance)",
        tags: TAGS,
        response: { 200: staffCoursesResponseSchema },
      },
    },
    async () => ({
      data: (await listCourses(app.db)).map((course) => ({ id: course.id, name: course.name })),
    }),
  );

  app.get(
    '/prices',
    {
      config: BOOKINGS_DESK,
      schema: {
        summary: 'Seasons and the green fee of every course, player type and season, with the latest changes',
        tags: TAGS,
        response: { 200: staffPricesResponseSchema },
      },
    },
    async () => ({ data: await staffPrices(app.db) }),
  );

  app.put(
    '/prices/green-fees',
    {
      config: ADMIN_ONLY,
      schema: {
        summary:
          'Sets one green fee (pence, VAT inclusive) for bookings priced from now on; existing bookings keep theirs (audited)',
        tags: TAGS,
        body: greenFeeChangeSchema,
        response: { 200: staffPricesResponseSchema },
      },
    },
    async (request) => ({
      data: await changeGreenFee(app.db, request.body, staffOf(request).user.id, app.clock.now()),
    }),
  );

  app.put(
    '/prices/packages',
    {
      config: ADMIN_ONLY,
      schema: {
        summary:
          "Sets a combination package's price for a player type, for bookings priced from now on (audited)",
        tags: TAGS,
        body: packagePriceChangeSchema,
        response: { 200: staffPricesResponseSchema },
      },
    },
    async (request) => ({
      data: await changePackagePrice(app.db, request.body, staffOf(request).user.id, app.clock.now()),
    }),
  );

  app.post(
    '/packages',
    {
      config: ADMIN_ONLY,
      schema: {
        summary:
          'Adds a combination package: its name, two or three courses and the days of the year it applies on; prices per player type follow (audited)',
        tags: TAGS,
        body: packageDetailsSchema,
        response: { 200: staffPricesResponseSchema },
      },
    },
    async (request) => ({
      data: await savePackage(app.db, null, request.body, staffOf(request).user.id, app.clock.now()),
    }),
  );

  app.put(
    '/packages/:id',
    {
      config: ADMIN_ONLY,
      schema: {
        summary:
          "Changes a combination package's name, courses and days of the year, for bookings priced from now on (audited)",
        tags: TAGS,
        params: packageParamsSchema,
        body: packageDetailsSchema,
        response: { 200: staffPricesResponseSchema },
      },
    },
    async (request) => ({
      data: await savePackage(
        app.db,
        request.params.id,
        request.body,
        staffOf(request).user.id,
        app.clock.now(),
      ),
    }),
  );

  app.post(
    '/seasons',
    {
      config: ADMIN_ONLY,
      schema: {
        summary:
          "Adds a season (never overlapping another), its green fees copied from another season's if asked (audited)",
        tags: TAGS,
        body: newSeasonSchema,
        response: { 200: staffPricesResponseSchema },
      },
    },
    async (request) => ({
      data: await createSeason(app.db, request.body, staffOf(request).user.id, app.clock.now()),
    }),
  );

  app.post(
    '/caddie-ranges',
    {
      config: ADMIN_ONLY,
      schema: {
        summary: 'Adds a caddie fee for a range of days, never overlapping another (audited)',
        tags: TAGS,
        body: newCaddieRangeSchema,
        response: { 200: staffPricesResponseSchema },
      },
    },
    async (request) => ({
      data: await createCaddieRange(app.db, request.body, staffOf(request).user.id, app.clock.now()),
    }),
  );

  app.put(
    '/caddie-ranges/:id',
    {
      config: ADMIN_ONLY,
      schema: {
        summary: 'Changes the caddie fee of a range of days (audited)',
        tags: TAGS,
        params: caddieRangeParamsSchema,
        body: caddieRangeChangeSchema,
        response: { 200: staffPricesResponseSchema },
      },
    },
    async (request) => ({
      data: await changeCaddieFee(
        app.db,
        request.params.id,
        request.body.price,
        staffOf(request).user.id,
        app.clock.now(),
      ),
    }),
  );

  app.put(
    '/courses/closing-date',
    {
      config: ADMIN_ONLY,
      schema: {
        summary:
          "Moves a course's closing date (every day up to it must have green fees); makes the new days' tee times (audited)",
        tags: TAGS,
        body: closingDateChangeSchema,
        response: { 200: closingDateAnswerResponseSchema },
      },
    },
    async (request) => ({
      data: await changeClosingDate(app.db, request.body, staffOf(request).user.id, app.clock.now()),
    }),
  );

  app.get(
    '/tee-windows',
    {
      config: BOOKINGS_DESK,
      schema: {
        summary:
          "Every course's tee interval, closing date, tee windows per weekday (standing and date-range adjustments) and the bookings left outside them",
        tags: TAGS,
        response: { 200: staffTeeWindowsResponseSchema },
      },
    },
    async () => ({ data: await staffTeeWindows(app.db, app.clock.now()) }),
  );

  app.post(
    '/tee-windows/preview',
    {
      config: BOOKINGS_DESK,
      schema: {
        summary:
          'What a tee-window change would do: tee times added and taken out of sale, a day before and after, and the bookings it would leave outside every window',
        tags: TAGS,
        body: teeWindowChangeSchema,
        response: { 200: teeWindowPreviewResponseSchema },
      },
    },
    async (request) => ({ data: await previewTeeWindowChange(app.db, request.body, app.clock.now()) }),
  );

  app.put(
    '/tee-windows',
    {
      config: ADMIN_ONLY,
      schema: {
        summary:
          'Sets the tee windows of some weekdays of a course (standing or for dates) and its interval; makes and withdraws tee times, keeping every booked one (audited)',
        tags: TAGS,
        body: teeWindowChangeSchema,
        response: { 200: teeWindowChangeAnswerResponseSchema },
      },
    },
    async (request) => ({
      data: await changeTeeWindows(app.db, request.body, staffOf(request).user.id, app.clock.now()),
    }),
  );

  app.post(
    '/prices/preview',
    {
      config: BOOKINGS_DESK,
      schema: {
        summary:
          "What a visitor pays for these golfers, courses and dates, by the public flow's pricing code (any player type)",
        tags: TAGS,
        body: ticketPricesBodySchema,
        response: { 200: ticketPricesResponseSchema },
      },
    },
    async (request) => ({ data: await previewPrices(app.db, request.body) }),
  );

  app.get(
    '/reports',
    {
      config: BOOKINGS_DESK,
      schema: {
        summary:
          'Reports for a period of play: sales per course, utilisation by weekday and hour, lead time, player types, channels, tickets and no-shows',
        tags: TAGS,
        querystring: reportQuerySchema,
        response: { 200: staffReportResponseSchema },
      },
    },
    async (request) => ({ data: await staffReport(app.db, request.query, app.clock.now()) }),
  );

  app.get(
    '/operators',
    {
      config: BOOKINGS_DESK,
      schema: {
        summary: 'Every tour operator with their bookings still to play and what they owe, by when',
        tags: TAGS,
        response: { 200: staffOperatorListResponseSchema },
      },
    },
    async () => ({ data: await listStaffOperators(app.db, app.clock.now()) }),
  );

  app.post(
    '/operators',
    {
      config: ADMIN_ONLY,
      schema: {
        summary:
          'Opens a tour operator account; the operator chooses their password from an e-mailed link (audited)',
        tags: TAGS,
        body: createOperatorRequestSchema,
        response: { 200: staffOperatorResponseSchema },
      },
    },
    async (request) => ({
      data: await createStaffOperator(app, request.body, staffOf(request).user.id, app.clock.now()),
    }),
  );

  app.get(
    '/operators/:id',
    {
      config: BOOKINGS_DESK,
      schema: {
        summary: "One tour operator and their bookings, with each one's amounts and due date",
        tags: TAGS,
        params: operatorIdParamsSchema,
        response: { 200: staffOperatorDetailResponseSchema },
      },
    },
    async (request) => ({ data: await staffOperatorDetail(app.db, request.params.id, app.clock.now()) }),
  );

  app.patch(
    '/operators/:id',
    {
      config: ADMIN_ONLY,
      schema: {
        summary:
          "Changes an operator's deposit percentage (for bookings made after it) or disables or enables the account (audited)",
        tags: TAGS,
        params: operatorIdParamsSchema,
        body: updateOperatorRequestSchema,
        response: { 200: staffOperatorResponseSchema },
      },
    },
    async (request) => ({
      data: await updateStaffOperator(
        app.db,
        request.params.id,
        request.body,
        staffOf(request).user.id,
        app.clock.now(),
      ),
    }),
  );

  app.post(
    '/operators/:id/password-link',
    {
      config: ADMIN_ONLY,
      schema: {
        summary:
          'E-mails the operator a link to choose a password: a reset, or the welcome link again if they never chose one (audited)',
        tags: TAGS,
        params: operatorIdParamsSchema,
        response: { 200: operatorLinkSentResponseSchema },
      },
    },
    async (request) => ({
      data: await sendOperatorResetLink(app, request.params.id, staffOf(request).user.id, app.clock.now()),
    }),
  );

  app.get(
    '/mail',
    {
      config: ADMIN_ONLY,
      schema: {
        summary: 'One page of the mail outbox, newest first, optionally of one state',
        tags: TAGS,
        querystring: staffMailQuerySchema,
        response: { 200: staffMailPageResponseSchema },
      },
    },
    async (request) => ({ data: await listMail(app.db, request.query) }),
  );

  app.get(
    '/mail/:id',
    {
      config: ADMIN_ONLY,
      schema: {
        summary: 'One message of the outbox, its plain text and attachment names',
        tags: TAGS,
        params: mailIdParamsSchema,
        response: { 200: staffMailMessageResponseSchema },
      },
    },
    async (request) => ({ data: await readMail(app.db, request.params.id) }),
  );

  app.post(
    '/mail/:id/retry',
    {
      config: ADMIN_ONLY,
      schema: {
        summary: 'Sends a failed message again: due now, attempts from none (audited)',
        tags: TAGS,
        params: mailIdParamsSchema,
        response: { 200: mailRetriedResponseSchema },
      },
    },
    async (request) => ({
      data: await retryMail(app.db, request.params.id, staffOf(request).user.id, app.clock.now()),
    }),
  );

  app.post(
    '/blocks/preview',
    {
      config: BOOKINGS_DESK,
      schema: {
        summary:
          'What blocking a period would take out of sale, and the bookings and holds inside it (no change)',
        tags: TAGS,
        body: blockPeriodSchema,
        response: { 200: blockPreviewResponseSchema },
      },
    },
    async (request) => ({ data: await previewBlock(app.db, request.body) }),
  );

  app.post(
    '/blocks',
    {
      config: BOOKINGS_DESK,
      schema: {
        summary:
          'Blocks a period of one course (audited); over bookings or holds only with confirm: true (409 else)',
        tags: TAGS,
        body: createBlockRequestSchema,
        response: { 201: createdBlockResponseSchema },
      },
    },
    async (request, reply) => {
      const created = await createBlock(app.db, request.body, staffOf(request).user.id, app.clock.now());
      return reply.code(201).send({ data: created });
    },
  );

  app.delete(
    '/blocks/:id',
    {
      config: BOOKINGS_DESK,
      schema: {
        summary: 'Removes a block: its tee times are on sale again at once (audited)',
        tags: TAGS,
        params: blockIdParamsSchema,
        response: { 200: blockResponseSchema },
      },
    },
    async (request) => ({
      data: await removeBlock(app.db, request.params.id, staffOf(request).user.id, app.clock.now()),
    }),
  );
};

export const staffRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(staffPlugin, { prefix: '/staff' });
};
