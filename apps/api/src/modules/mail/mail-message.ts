import { z } from 'zod';

// Header injection is the classic mail bug: no CR or LF may reach a header (subject, file name, content type).
const singleLine = (value: string) => !/[\r\n]/.test(value);

export const mailAttachmentSchema = z.object({
  filename: z
    .string()
    .min(1)
    .max(200)
    .refine(singleLine, 'must be one line')
    .refine((value) => !/[/\\]/.test(value), 'must be a plain file name'),
  contentType: z.string().regex(/^[\w.+-]+\/[\w.+-]+(;\s*[\w-]+=[\w.-]+)*$/, 'must be a MIME type'),
  /** base64 */
  content: z.base64(),
});

export const mailMessageSchema = z.object({
  to: z.email().max(320),
  subject: z.string().trim().min(1).max(300).refine(singleLine, 'must be one line'),
  html: z.string().min(1).max(2_000_000),
  text: z.string().min(1).max(500_000),
  attachments: z.array(mailAttachmentSchema).max(10).default([]),
});

/** What a caller enqueues: one recipient, HTML and text bodies, optional attachments (base64). */
export type MailMessage = z.input<typeof mailMessageSchema>;
export type ValidMailMessage = z.output<typeof mailMessageSchema>;

/** A message on its way out: the outbox row plus the sender. */
export type OutgoingMail = ValidMailMessage & { id: string; from: string };

/** Where messages go: an SMTP server, or the local outbox folder (mail-transport.ts picks one). */
export interface MailTransport {
  readonly kind: 'smtp' | 'local';
  /** The sender every message goes out as (MAIL_FROM). */
  readonly from: string;
  /** Resolves once the message is accepted (by the SMTP server, or written to disk); rejects otherwise. */
  send(mail: OutgoingMail): Promise<void>;
  close(): Promise<void>;
}
