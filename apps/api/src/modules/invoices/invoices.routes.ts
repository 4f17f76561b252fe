import { invoiceParamsSchema } from '@links/shared/schemas/confirmation';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { invoices } from '../../db/schema/index.ts';
import { notFound } from '../../lib/app-error.ts';
import { errorResponses } from '../../lib/envelope.ts';
import { bookingDownload } from '../confirmation/booking-download.ts';
import { supplierOf } from './invoice-attachment.ts';
import { renderInvoicePdf } from './invoice-pdf.ts';

const errors = errorResponses(400, 403, 404);

/** The PDF of one of a booking's documents, as a download. */
export async function sendInvoicePdf(
  app: Pick<FastifyInstance, 'config' | 'db'>,
  reply: FastifyReply,
  bookingId: number,
  invoiceNumber: string,
) {
  const [row] = await app.db
    .select()
    .from(invoices)
    .where(and(eq(invoices.bookingId, bookingId), eq(invoices.number, invoiceNumber)));
  if (!row) throw notFound('There is no such invoice on this booking.', 'not_found');
  const pdf = await renderInvoicePdf(row, supplierOf(app.config));
  reply
    .header('cache-control', 'no-store')
    .header('content-disposition', `attachment; filename="${row.number}.pdf"`)
    .type('application/pdf');
  return pdf;
}

/** A booking's VAT invoices and credit notes, for whoever may open the booking (issue 24 point 3). */
export const invoicesRoutes: FastifyPluginAsyncZod = async (app) => {
  bookingDownload(
    app,
    '/bookings/:bookingNumber/invoices/:invoiceNumber',
    {
      summary: "One of the booking's VAT invoices or credit notes, as a PDF",
      description:
        'application/pdf. Same access as the confirmation fetch: signature and expires in the query, the session ' +
        'that made or unlocked the booking, or the tour operator signed in for whom it was made. Another ' +
        "booking's document, or one that does not exist, answers 404.",
      params: invoiceParamsSchema,
      file: z.any().describe('The PDF file'),
      errors,
    },
    (booking, { invoiceNumber }, reply) => sendInvoicePdf(app, reply, booking.id, invoiceNumber),
  );
};
