import type { AppConfig } from '../../config/env.ts';
import type { MailMessage } from '../mail/mail-message.ts';
import { renderInvoicePdf, type Supplier } from './invoice-pdf.ts';
import type { InvoiceRow } from './issue-invoice.ts';

export function supplierOf(config: Pick<AppConfig, 'brand' | 'invoicing'>): Supplier {
  return { ...config.invoicing, resortName: config.brand.resortName };
}

/** The document as an e-mail attachment (the receipt that goes with a confirmation or a payment's thanks). */
export async function invoiceAttachment(
  row: InvoiceRow,
  config: Pick<AppConfig, 'brand' | 'invoicing'>,
): Promise<NonNullable<MailMessage['attachments']>[number]> {
  const pdf = await renderInvoicePdf(row, supplierOf(config));
  return { filename: `${row.number}.pdf`, contentType: 'application/pdf', content: pdf.toString('base64') };
}

/** The message with the document attached after whatever it already carries (a calendar file). */
export async function withInvoice(
  message: MailMessage,
  row: InvoiceRow,
  config: Pick<AppConfig, 'brand' | 'invoicing'>,
): Promise<MailMessage> {
  return { ...message, attachments: [...(message.attachments ?? []), await invoiceAttachment(row, config)] };
}
