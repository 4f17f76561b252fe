import {
  emptyResponseSchema,
  operatorDetailsResponseSchema,
  operatorIdParamsSchema,
  updateOperatorDetailsRequestSchema,
  updatePasswordRequestSchema,
} from '@links/shared';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type CountryCode, parsePhoneNumberWithError } from 'libphonenumber-js';
import { forbidden, notFound } from '../../lib/app-error.ts';
import { hashPassword } from '../../lib/password-hash.ts';
import { requireOperator } from '../auth/current-operator.ts';
import { replaceOperatorPassword, updateOperatorContact } from '../operators/operators.repository.ts';
import { operatorDetailsView } from './operator-details-view.ts';

export const OWN_ACCOUNT_ONLY_MESSAGE = 'You can only change the password of your own account.';

function noStore(reply: FastifyReply): void {
  reply.header('cache-control', 'no-store');
}

export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/user/details',
    {
      schema: {
        summary: "The signed-in operator's contact details",
        tags: ['account'],
        response: { 200: operatorDetailsResponseSchema },
      },
    },
    async (request, reply) => {
      noStore(reply);
      const { operator } = await requireOperator(request);
      return { data: operatorDetailsView(operator) };
    },
  );

  app.post(
    '/user/details',
    {
      schema: {
        summary: "Updates the signed-in operator's contact details (company name is read-only)",
        tags: ['account'],
        body: updateOperatorDetailsRequestSchema,
        response: { 200: operatorDetailsResponseSchema },
      },
    },
    async (request, reply) => {
      noStore(reply);
      const { operator } = await requireOperator(request);
      const body = request.body;
      const phoneCountry = (body.telephone_country_code ?? body.country_code) as CountryCode;
      // The schema has already checked the number is valid for this country; store it in E.164 form.
      const phone = parsePhoneNumberWithError(body.telephone_number, phoneCountry);
      const updated = await updateOperatorContact(
        app.db,
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
        app.clock.now(),
      );
      if (!updated) throw notFound();
      return { data: operatorDetailsView(updated) };
    },
  );

  app.post(
    '/user/:id/account',
    {
      schema: {
        summary: "Changes the signed-in operator's password; signs out its other sessions",
        tags: ['account'],
        params: operatorIdParamsSchema,
        body: updatePasswordRequestSchema,
        response: { 200: emptyResponseSchema },
      },
    },
    async (request, reply) => {
      noStore(reply);
      const { operator, sessionKey } = await requireOperator(request);
      if (request.params.id !== operator.id) throw forbidden(OWN_ACCOUNT_ONLY_MESSAGE);
      const passwordHash = await hashPassword(request.body.password);
      await app.db.transaction((tx) =>
        replaceOperatorPassword(tx, operator.id, passwordHash, app.clock.now(), sessionKey),
      );
      return { data: {} };
    },
  );
};
