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
import { dataRoutes } from '../data-route.ts';
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
  const route = dataRoutes(app, TAGS);

  route.post(
    '/session',
    {
      config: access('sign-in'),
      summary: 'Staff sign-in, step 1: username and password; a code (or enrolment) comes next',
      body: staffSignInRequestSchema,
      response: staffSignInResponseSchema,
    },
    (request, reply) => signInStaffWithPassword(request, reply, request.body),
  );

  route.post(
    '/session/code',
    {
      config: access('password-stage'),
      summary: 'Staff sign-in, step 2: the authenticator code; opens the full session under a new id',
      body: staffCodeRequestSchema,
      response: staffUserResponseSchema,
    },
    async (request, reply) => {
      const user = await submitStaffCode(request, reply, staffOf(request), request.body);
      return staffUserView(user);
    },
  );

  route.get(
    '/me',
    {
      config: access({ roles: ANY_STAFF_ROLE }),
      summary: 'The signed-in staff member',
      response: staffUserResponseSchema,
    },
    (request) => staffUserView(staffOf(request).user),
  );

  route.delete(
    '/session',
    {
      config: access({ roles: ANY_STAFF_ROLE }),
      summary: 'Staff sign-out: ends the session server-side and starts a fresh anonymous one',
      body: z.object({}).nullish(),
      response: emptyResponseSchema,
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
      return {};
    },
  );

  route.post(
    '/me/password',
    {
      config: access({ roles: ANY_STAFF_ROLE }),
      summary: 'Changes the signed-in staff member’s password; every other session of theirs ends',
      body: staffPasswordChangeRequestSchema,
      response: emptyResponseSchema,
    },
    async (request, reply) => {
      await changeStaffPassword(request, reply, staffOf(request), request.body);
      return {};
    },
  );

  route.get(
    '/users',
    {
      config: ADMIN_ONLY,
      summary: 'Every staff user (admin)',
      response: staffUsersResponseSchema,
    },
    () => listStaffUsers(app.db),
  );

  route.post(
    '/users',
    {
      config: ADMIN_ONLY,
      summary: 'Creates a staff user (admin); a generated password is answered once',
      body: createStaffUserRequestSchema,
      response: createStaffUserResponseSchema,
    },
    async (request) => {
      const actor = { staffUserId: staffOf(request).user.id };
      const created = await createStaffUser(app, request.body, actor, app.clock.now());
      return {
        user: created.user,
        ...(created.generated && { one_time_password: created.password }),
      };
    },
  );

  route.patch(
    '/users/:id',
    {
      config: ADMIN_ONLY,
      summary: 'Changes a staff user’s role, or disables (signing them out) or enables them (admin)',
      params: staffUserIdParamsSchema,
      body: updateStaffUserRequestSchema,
      response: staffUserResponseSchema,
    },
    async (request) => {
      const actor = { staffUserId: staffOf(request).user.id };
      return updateStaffUserAccess(app.db, request.params.id, request.body, actor, app.clock.now());
    },
  );

  route.post(
    '/users/:id/reset-factor',
    {
      config: ADMIN_ONLY,
      summary: 'Forgets a staff user’s second factor and ends their sessions; they enrol again (admin)',
      params: staffUserIdParamsSchema,
      body: z.object({}).nullish(),
      response: staffUserResponseSchema,
    },
    async (request) => {
      const actor = { staffUserId: staffOf(request).user.id };
      return resetStaffFactor(app.db, request.params.id, actor, app.clock.now());
    },
  );

  route.get(
    '/audit',
    {
      config: ADMIN_ONLY,
      summary: 'The staff audit log, newest first; by user, action and time (admin)',
      querystring: staffAuditQuerySchema,
      response: staffAuditResponseSchema,
    },
    async (request) => {
      const { entries, total } = await listAudit(app.db, request.query);
      return { entries, total, page: request.query.page, page_size: request.query.page_size };
    },
  );

  route.get(
    '/tee-sheet',
    {
      config: access({ roles: ANY_STAFF_ROLE }),
      summary: 'One course’s day: every slot, its block and the bookings that take its places (every role)',
      querystring: staffTeeSheetQuerySchema,
      response: staffTeeSheetResponseSchema,
    },
    (request) => staffTeeSheet(app.db, request.query.course_id, request.query.date),
  );

  route.put(
    '/check-ins',
    {
      config: access({ roles: ANY_STAFF_ROLE }),
      summary: 'Marks one golfer of a round arrived or a no-show, or expected again (every role; audited)',
      body: checkInRequestSchema,
      response: checkInResponseSchema,
    },
    (request) => setCheckIn(app.db, request.body, staffOf(request).user.id, app.clock.now()),
  );

  route.get(
    '/bookings',
    {
      config: BOOKINGS_DESK,
      summary:
        'Finds bookings by number, name, e-mail, phone, operator and UK dates of play; newest first, paged',
      querystring: staffBookingSearchQuerySchema,
      response: staffBookingSearchResponseSchema,
    },
    (request) => searchBookings(app.db, request.query),
  );

  route.get(
    '/bookings/:bookingNumber',
    {
      config: BOOKINGS_DESK,
      summary: 'One booking for staff: its confirmation, contact, payments, refunds, e-mails and timeline',
      params: bookingNumberParamsSchema,
      response: staffBookingDetailResponseSchema,
    },
    (request) =>
      staffBookingDetail(
        app.db,
        request.params.bookingNumber,
        app.clock.now(),
        app.config.bookings.namesDeadlineDays,
      ),
  );

  route.post(
    '/bookings/:bookingNumber/payments',
    {
      config: BOOKINGS_DESK,
      summary: 'Records money taken by phone, at the desk or by bank transfer (at most what is due; audited)',
      params: bookingNumberParamsSchema,
      body: recordPaymentRequestSchema,
      response: moneyChangeResponseSchema,
    },
    (request) => recordPayment(app, request.params.bookingNumber, request.body, staffOf(request).user.id),
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

  route.post(
    '/bookings/:bookingNumber/payment-link',
    {
      config: BOOKINGS_DESK,
      summary:
        "E-mails the booker the booking's signed link to pay what is due by card online, in their own browser (audited)",
      params: bookingNumberParamsSchema,
      response: paymentLinkSentResponseSchema,
    },
    (request) => sendPaymentLink(app, request.params.bookingNumber, staffOf(request).user.id),
  );

  route.post(
    '/bookings/:bookingNumber/due-date',
    {
      config: BOOKINGS_DESK,
      summary:
        'Gives a booking on terms a later due date for its balance; its reminders start again (audited)',
      params: bookingNumberParamsSchema,
      body: dueDateRequestSchema,
      response: moneyChangeResponseSchema,
    },
    (request) => extendDueDate(app, request.params.bookingNumber, request.body, staffOf(request).user.id),
  );

  route.post(
    '/bookings/:bookingNumber/move',
    {
      config: BOOKINGS_DESK,
      summary:
        'Moves a round to another tee time of its course that day (capacity checked as for a booking; audited)',
      params: bookingNumberParamsSchema,
      body: moveRoundRequestSchema,
      response: movedRoundResponseSchema,
    },
    (request) => moveRound(app, request.params.bookingNumber, request.body, staffOf(request).user.id),
  );

  route.post(
    '/bookings/:bookingNumber/change/preview',
    {
      config: BOOKINGS_DESK,
      summary:
        "Answers what a change of a booking's rounds or golfers would cost and what may be refunded (changes nothing)",
      params: bookingNumberParamsSchema,
      body: staffBookingChangeRequestSchema,
      response: staffBookingChangeResponseSchema,
    },
    (request) => previewChange(app, request.params.bookingNumber, request.body),
  );

  route.post(
    '/bookings/:bookingNumber/change',
    {
      config: BOOKINGS_DESK,
      summary:
        "Changes a booking's rounds (any tee time, caddies, a round cancelled) and golfers, priced again; the difference left due or refunded (audited)",
      params: bookingNumberParamsSchema,
      body: staffBookingChangeRequestSchema,
      response: staffBookingChangeResponseSchema,
    },
    (request) => changeBooking(app, request.params.bookingNumber, request.body, staffOf(request).user.id),
  );

  route.post(
    '/bookings',
    {
      config: BOOKINGS_DESK,
      summary:
        "Books for a caller: any player type, the engine's checks and prices, confirmed at once with the price due at the desk; the golfer gets the confirmation e-mail (audited)",
      body: staffNewBookingRequestSchema,
      response: staffNewBookingResponseSchema,
    },
    (request) => bookForCaller(app, request.body, staffOf(request).user.id),
  );

  route.get(
    '/player-types',
    {
      config: BOOKINGS_DESK,
      summary: 'Every player type, also those the public may not book (the concession)',
      response: staffPlayerTypesResponseSchema,
    },
    async () => (await listPlayerTypes(app.db)).map((type) => ({ id: type.id, name: type.name })),
  );

  route.patch(
    '/bookings/:bookingNumber/contact',
    {
      config: BOOKINGS_DESK,
      summary:
        "Corrects a visitor booking's name, e-mail or phone, checked by the golfer's own rules (audited)",
      params: bookingNumberParamsSchema,
      body: staffContactRequestSchema,
      response: staffContactResponseSchema,
    },
    (request) => changeContact(app, request.params.bookingNumber, request.body, staffOf(request).user.id),
  );

  route.put(
    '/bookings/:bookingNumber/caddies',
    {
      config: BOOKINGS_DESK,
      summary: 'Sets the caddies of a round, also within its last 24 hours; the golfer is told (audited)',
      params: bookingNumberParamsSchema,
      body: staffCaddiesRequestSchema,
      response: staffCaddiesResponseSchema,
    },
    (request) => changeCaddies(app, request.params.bookingNumber, request.body, staffOf(request).user.id),
  );

  route.put(
    '/bookings/:bookingNumber/golfer-names',
    {
      config: BOOKINGS_DESK,
      summary: "Names a booking's golfers, also after the operator's deadline (audited)",
      params: bookingNumberParamsSchema,
      body: golferNamesBodySchema,
      response: golferNamesResponseSchema,
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
      return { saved: changes.length };
    },
  );

  route.post(
    '/bookings/:bookingNumber/cancel',
    {
      config: BOOKINGS_DESK,
      summary:
        'Cancels a confirmed booking: places back on sale at once, a full or partial card refund made once, the golfer told (audited)',
      params: bookingNumberParamsSchema,
      body: cancelBookingRequestSchema,
      response: cancelledBookingResponseSchema,
    },
    (request) => cancelBooking(app, request.params.bookingNumber, request.body, staffOf(request).user.id),
  );

  route.get(
    '/operations',
    {
      config: ADMIN_ONLY,
      summary:
        "What is waiting or stuck now: the outbox's counts, live holds, payments and refunds not yet settled",
      response: staffOperationsResponseSchema,
    },
    () => operationsSummary(app.db, app.maintenance, app.clock.now()),
  );

  route.put(
    '/maintenance',
    {
      config: ADMIN_ONLY,
      summary:
        "Closes the public site and the tour operators' side for maintenance, or opens them again (audited); every instance follows within its cache window",
      body: maintenanceSwitchRequestSchema,
      response: maintenanceStatusResponseSchema,
    },
    (request) =>
      switchMaintenance(
        app.db,
        app.maintenance,
        request.body.enabled,
        staffOf(request).user.id,
        app.clock.now(),
      ),
  );

  route.get(
    '/courses',
    {
      config: access({ roles: ANY_STAFF_ROLE }),
      summary: "The courses, for the staff area's pickers (works while the public site is in maintenance)",
      response: staffCoursesResponseSchema,
    },
    async () => (await listCourses(app.db)).map((course) => ({ id: course.id, name: course.name })),
  );

  route.get(
    '/prices',
    {
      config: BOOKINGS_DESK,
      summary: 'Seasons and the green fee of every course, player type and season, with the latest changes',
      response: staffPricesResponseSchema,
    },
    () => staffPrices(app.db),
  );

  route.put(
    '/prices/green-fees',
    {
      config: ADMIN_ONLY,
      summary:
        'Sets one green fee (pence, VAT inclusive) for bookings priced from now on; existing bookings keep theirs (audited)',
      body: greenFeeChangeSchema,
      response: staffPricesResponseSchema,
    },
    (request) => changeGreenFee(app.db, request.body, staffOf(request).user.id, app.clock.now()),
  );

  route.put(
    '/prices/packages',
    {
      config: ADMIN_ONLY,
      summary:
        "Sets a combination package's price for a player type, for bookings priced from now on (audited)",
      body: packagePriceChangeSchema,
      response: staffPricesResponseSchema,
    },
    (request) => changePackagePrice(app.db, request.body, staffOf(request).user.id, app.clock.now()),
  );

  route.post(
    '/packages',
    {
      config: ADMIN_ONLY,
      summary:
        'Adds a combination package: its name, two or three courses and the days of the year it applies on; prices per player type follow (audited)',
      body: packageDetailsSchema,
      response: staffPricesResponseSchema,
    },
    (request) => savePackage(app.db, null, request.body, staffOf(request).user.id, app.clock.now()),
  );

  route.put(
    '/packages/:id',
    {
      config: ADMIN_ONLY,
      summary:
        "Changes a combination package's name, courses and days of the year, for bookings priced from now on (audited)",
      params: packageParamsSchema,
      body: packageDetailsSchema,
      response: staffPricesResponseSchema,
    },
    (request) =>
      savePackage(app.db, request.params.id, request.body, staffOf(request).user.id, app.clock.now()),
  );

  route.post(
    '/seasons',
    {
      config: ADMIN_ONLY,
      summary:
        "Adds a season (never overlapping another), its green fees copied from another season's if asked (audited)",
      body: newSeasonSchema,
      response: staffPricesResponseSchema,
    },
    (request) => createSeason(app.db, request.body, staffOf(request).user.id, app.clock.now()),
  );

  route.post(
    '/caddie-ranges',
    {
      config: ADMIN_ONLY,
      summary: 'Adds a caddie fee for a range of days, never overlapping another (audited)',
      body: newCaddieRangeSchema,
      response: staffPricesResponseSchema,
    },
    (request) => createCaddieRange(app.db, request.body, staffOf(request).user.id, app.clock.now()),
  );

  route.put(
    '/caddie-ranges/:id',
    {
      config: ADMIN_ONLY,
      summary: 'Changes the caddie fee of a range of days (audited)',
      params: caddieRangeParamsSchema,
      body: caddieRangeChangeSchema,
      response: staffPricesResponseSchema,
    },
    (request) =>
      changeCaddieFee(
        app.db,
        request.params.id,
        request.body.price,
        staffOf(request).user.id,
        app.clock.now(),
      ),
  );

  route.put(
    '/courses/closing-date',
    {
      config: ADMIN_ONLY,
      summary:
        "Moves a course's closing date (every day up to it must have green fees); makes the new days' tee times (audited)",
      body: closingDateChangeSchema,
      response: closingDateAnswerResponseSchema,
    },
    (request) => changeClosingDate(app.db, request.body, staffOf(request).user.id, app.clock.now()),
  );

  route.get(
    '/tee-windows',
    {
      config: BOOKINGS_DESK,
      summary:
        "Every course's tee interval, closing date, tee windows per weekday (standing and date-range adjustments) and the bookings left outside them",
      response: staffTeeWindowsResponseSchema,
    },
    () => staffTeeWindows(app.db, app.clock.now()),
  );

  route.post(
    '/tee-windows/preview',
    {
      config: BOOKINGS_DESK,
      summary:
        'What a tee-window change would do: tee times added and taken out of sale, a day before and after, and the bookings it would leave outside every window',
      body: teeWindowChangeSchema,
      response: teeWindowPreviewResponseSchema,
    },
    (request) => previewTeeWindowChange(app.db, request.body, app.clock.now()),
  );

  route.put(
    '/tee-windows',
    {
      config: ADMIN_ONLY,
      summary:
        'Sets the tee windows of some weekdays of a course (standing or for dates) and its interval; makes and withdraws tee times, keeping every booked one (audited)',
      body: teeWindowChangeSchema,
      response: teeWindowChangeAnswerResponseSchema,
    },
    (request) => changeTeeWindows(app.db, request.body, staffOf(request).user.id, app.clock.now()),
  );

  route.post(
    '/prices/preview',
    {
      config: BOOKINGS_DESK,
      summary:
        "What a visitor pays for these golfers, courses and dates, by the public flow's pricing code (any player type)",
      body: ticketPricesBodySchema,
      response: ticketPricesResponseSchema,
    },
    (request) => previewPrices(app.db, request.body),
  );

  route.get(
    '/reports',
    {
      config: BOOKINGS_DESK,
      summary:
        'Reports for a period of play: sales per course, utilisation by weekday and hour, lead time, player types, channels, tickets and no-shows',
      querystring: reportQuerySchema,
      response: staffReportResponseSchema,
    },
    (request) => staffReport(app.db, request.query, app.clock.now()),
  );

  route.get(
    '/operators',
    {
      config: BOOKINGS_DESK,
      summary: 'Every tour operator with their bookings still to play and what they owe, by when',
      response: staffOperatorListResponseSchema,
    },
    () => listStaffOperators(app.db, app.clock.now()),
  );

  route.post(
    '/operators',
    {
      config: ADMIN_ONLY,
      summary:
        'Opens a tour operator account; the operator chooses their password from an e-mailed link (audited)',
      body: createOperatorRequestSchema,
      response: staffOperatorResponseSchema,
    },
    (request) => createStaffOperator(app, request.body, staffOf(request).user.id, app.clock.now()),
  );

  route.get(
    '/operators/:id',
    {
      config: BOOKINGS_DESK,
      summary: "One tour operator and their bookings, with each one's amounts and due date",
      params: operatorIdParamsSchema,
      response: staffOperatorDetailResponseSchema,
    },
    (request) => staffOperatorDetail(app.db, request.params.id, app.clock.now()),
  );

  route.patch(
    '/operators/:id',
    {
      config: ADMIN_ONLY,
      summary:
        "Changes an operator's deposit percentage (for bookings made after it) or disables or enables the account (audited)",
      params: operatorIdParamsSchema,
      body: updateOperatorRequestSchema,
      response: staffOperatorResponseSchema,
    },
    (request) =>
      updateStaffOperator(app.db, request.params.id, request.body, staffOf(request).user.id, app.clock.now()),
  );

  route.post(
    '/operators/:id/password-link',
    {
      config: ADMIN_ONLY,
      summary:
        'E-mails the operator a link to choose a password: a reset, or the welcome link again if they never chose one (audited)',
      params: operatorIdParamsSchema,
      response: operatorLinkSentResponseSchema,
    },
    (request) => sendOperatorResetLink(app, request.params.id, staffOf(request).user.id, app.clock.now()),
  );

  route.get(
    '/mail',
    {
      config: ADMIN_ONLY,
      summary: 'One page of the mail outbox, newest first, optionally of one state',
      querystring: staffMailQuerySchema,
      response: staffMailPageResponseSchema,
    },
    (request) => listMail(app.db, request.query),
  );

  route.get(
    '/mail/:id',
    {
      config: ADMIN_ONLY,
      summary: 'One message of the outbox, its plain text and attachment names',
      params: mailIdParamsSchema,
      response: staffMailMessageResponseSchema,
    },
    (request) => readMail(app.db, request.params.id),
  );

  route.post(
    '/mail/:id/retry',
    {
      config: ADMIN_ONLY,
      summary: 'Sends a failed message again: due now, attempts from none (audited)',
      params: mailIdParamsSchema,
      response: mailRetriedResponseSchema,
    },
    (request) => retryMail(app.db, request.params.id, staffOf(request).user.id, app.clock.now()),
  );

  route.post(
    '/blocks/preview',
    {
      config: BOOKINGS_DESK,
      summary:
        'What blocking a period would take out of sale, and the bookings and holds inside it (no change)',
      body: blockPeriodSchema,
      response: blockPreviewResponseSchema,
    },
    (request) => previewBlock(app.db, request.body),
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

  route.delete(
    '/blocks/:id',
    {
      config: BOOKINGS_DESK,
      summary: 'Removes a block: its tee times are on sale again at once (audited)',
      params: blockIdParamsSchema,
      response: blockResponseSchema,
    },
    (request) => removeBlock(app.db, request.params.id, staffOf(request).user.id, app.clock.now()),
  );
};

export const staffRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(staffPlugin, { prefix: '/staff' });
};
