import {
  emptyResponseSchema,
  operatorDetailsResponseSchema,
  operatorIdParamsSchema,
  updateOperatorDetailsRequestSchema,
  updatePasswordRequestSchema,
} from '@links/shared';
import { UPDATE_PASSWORD_MESSAGES } from '@links/shared/schemas/auth';
import {
  operatorBookingsQuerySchema,
  operatorBookingsResponseSchema,
} from '@links/shared/schemas/operator-bookings';
import {
  colleagueIdParamsSchema,
  colleagueResponseSchema,
  colleaguesResponseSchema,
  inviteColleagueRequestSchema,
} from '@links/shared/schemas/operator-colleagues';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type CountryCode, parsePhoneNumberWithError } from 'libphonenumber-js';
import { AppError, forbidden, notFound } from '../../lib/app-error.ts';
import { hashPassword, verifyPassword } from '../../lib/password-hash.ts';
import { clientAddressKey, clientNetworkKey } from '../../lib/rate-limit/client-key.ts';
import { settleLoginSuccess, takeLoginAttempt } from '../auth/auth-rate-limits.ts';
import { requireOperator } from '../auth/current-operator.ts';
import { usernameKey } from '../auth/secret-keys.ts';
import { dataRoutes, noStore } from '../data-route.ts';
import { enqueueMail } from '../mail/enqueue-mail.ts';
import { emailChangedEmail, passwordChangedEmail } from '../operators/account-notice-emails.tsx';
import {
  inviteColleague,
  listColleagues,
  removeColleague,
  requireAdministrator,
} from '../operators/colleagues.ts';
import { listOwnBookings } from '../operators/operator-bookings.ts';
import { replaceOperatorPassword, updateOperatorContact } from '../operators/operators.repository.ts';
import { operatorDetailsView } from './operator-details-view.ts';

export const OWN_ACCOUNT_ONLY_MESSAGE = 'You can only change the password of your own account.';

export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = dataRoutes(app, ['account']);

  route.get(
    '/user/details',
    { summary: "The signed-in operator's contact details", response: operatorDetailsResponseSchema },
    async (request, reply) => {
      noStore(reply);
      const { operator, user } = await requireOperator(request);
      return operatorDetailsView(operator, user);
    },
  );

  route.get(
    '/user/bookings',
    {
      summary:
        "The signed-in operator's own bookings, still to play or played, with total, paid, due and due date",
      querystring: operatorBookingsQuerySchema,
      response: operatorBookingsResponseSchema,
    },
    async (request, reply) => {
      noStore(reply);
      const { operator } = await requireOperator(request);
      return listOwnBookings(app.db, operator.id, request.query, app.clock.now());
    },
  );

  route.post(
    '/user/details',
    {
      summary: "Updates the signed-in operator's contact details (company name is read-only)",
      body: updateOperatorDetailsRequestSchema,
      response: operatorDetailsResponseSchema,
    },
    async (request, reply) => {
      noStore(reply);
      const operator = requireAdministrator(await requireOperator(request));
      const body = request.body;
      const phoneCountry = (body.telephone_country_code ?? body.country_code) as CountryCode;
      // The schema has already checked the number is valid for this country; store it in E.164 form.
      const phone = parsePhoneNumberWithError(body.telephone_number, phoneCountry);
      const now = app.clock.now();
      const emailChanged = body.email_address.toLowerCase() !== operator.email.toLowerCase();
      const notice = emailChanged
        ? await emailChangedEmail({
            to: operator.email,
            newEmail: body.email_address,
            companyName: operator.companyName,
            at: now,
            forgotPasswordUrl: `${app.config.publicUrl}/forgot-password`,
            brand: app.config.brand,
          })
        : null;
      // The change and the notice to the old address are stored together, or neither is.
      const updated = await app.db.transaction(async (tx) => {
        const row = await updateOperatorContact(
          tx,
          operator.id,
          {
            title: body.title,
            email: body.email_address,
            telephoneCountryCode: phoneCountry,
            telephoneNumber: phone.number,
            addressLine1: body.address_lines[0],
            addressLine2: body.address_lines[1] ?? '',
            city: body.city,
            county: body.county,
            postCode: body.post_code,
            countryCode: body.country_code,
          },
          now,
        );
        if (row && notice) await enqueueMail(tx, notice);
        return row;
      });
      if (!updated) throw notFound();
      return operatorDetailsView(updated, updated);
    },
  );

  route.post(
    '/user/:id/account',
    {
      summary:
        "Changes the signed-in operator's password (the current one required); signs out its other sessions and tells the account's address",
      params: operatorIdParamsSchema,
      body: updatePasswordRequestSchema,
      response: emptyResponseSchema,
    },
    async (request, reply) => {
      noStore(reply);
      // The person's own password: a colleague's is theirs, not the company's.
      const { user: operator, sessionKey } = await requireOperator(request);
      if (request.params.id !== operator.id) throw forbidden(OWN_ACCOUNT_ONLY_MESSAGE);
      // The current password, checked under the sign-in limits of this account, address and network (a guess here
      // counts as a failed sign-in): an open session alone must not be enough to take the account over.
      const { sessionSecret } = app.config;
      const keys = {
        account: usernameKey(sessionSecret, operator.username),
        address: clientAddressKey(sessionSecret, request.ip),
        network: clientNetworkKey(sessionSecret, request.ip),
      };
      const attempt = await takeLoginAttempt(app.db, reply, keys);
      if (!(await verifyPassword(operator.passwordHash, request.body.current_password))) {
        const message = UPDATE_PASSWORD_MESSAGES.currentPasswordIncorrect;
        throw new AppError('current_password_incorrect', 422, message, { current_password: message });
      }
      await settleLoginSuccess(app.db, attempt, keys);
      const passwordHash = await hashPassword(request.body.password);
      const now = app.clock.now();
      const notice = await passwordChangedEmail({
        to: operator.email,
        companyName: operator.companyName,
        at: now,
        forgotPasswordUrl: `${app.config.publicUrl}/forgot-password`,
        brand: app.config.brand,
      });
      await app.db.transaction(async (tx) => {
        await replaceOperatorPassword(tx, operator.id, passwordHash, now, sessionKey);
        await enqueueMail(tx, notice);
      });
      return {};
    },
  );

  route.get(
    '/user/colleagues',
    {
      summary: "The company's colleagues, each with their own sign-in (the company's administrator only)",
      response: colleaguesResponseSchema,
    },
    async (request, reply) => {
      noStore(reply);
      const company = requireAdministrator(await requireOperator(request));
      return listColleagues(app.db, company.id);
    },
  );

  app.post(
    '/user/colleagues',
    {
      schema: {
        summary:
          'Invites a colleague by e-mail: their username is the address, and a link lets them choose a password (administrator only)',
        tags: ['account'],
        body: inviteColleagueRequestSchema,
        response: { 201: colleagueResponseSchema },
      },
    },
    async (request, reply) => {
      noStore(reply);
      const company = requireAdministrator(await requireOperator(request));
      const colleague = await inviteColleague(app, company, request.body);
      return reply.code(201).send({ data: colleague });
    },
  );

  route.delete(
    '/user/colleagues/:id',
    {
      summary:
        "Removes a colleague: their sign-in ends at once; their bookings stay the company's (administrator only)",
      params: colleagueIdParamsSchema,
      response: colleagueResponseSchema,
    },
    async (request, reply) => {
      noStore(reply);
      const company = requireAdministrator(await requireOperator(request));
      return removeColleague(app.db, company.id, request.params.id);
    },
  );
};
