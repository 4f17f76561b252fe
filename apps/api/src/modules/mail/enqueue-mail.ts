import type { DbOrTx } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema/mail.ts';
import { type MailMessage, mailMessageSchema } from './mail-message.ts';

/**
 * Queues a message in the outbox. Call it with the transaction that makes the change the mail reports (a booking
 * confirmation, a password reset): the message then exists exactly when the change does, and the worker sends it
 * after commit. Throws on a malformed message, which is a programming error, before anything is written.
 */
export async function enqueueMail(
  db: DbOrTx,
  message: MailMessage,
  /** The booking the message is about, listed on the staff booking page. */
  about: { bookingId: number } | null = null,
): Promise<{ id: string }> {
  const valid = mailMessageSchema.parse(message);
  const [row] = await db
    .insert(mailOutbox)
    .values({
      to: valid.to,
      subject: valid.subject,
      html: valid.html,
      text: valid.text,
      attachments: valid.attachments,
      bookingId: about?.bookingId ?? null,
    })
    .returning({ id: mailOutbox.id });
  if (!row) throw new Error('The mail outbox insert returned no row');
  return row;
}
