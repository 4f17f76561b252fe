import { join } from 'node:path';
import type { AppConfig } from '../../config/env.ts';
import { createLocalOutboxTransport } from './local-outbox-transport.ts';
import type { OutgoingMail } from './mail-message.ts';
import { createSmtpTransport } from './smtp-transport.ts';

export interface MailTransport {
  readonly kind: 'smtp' | 'local';
  /** The sender every message goes out as (MAIL_FROM). */
  readonly from: string;
  /** Resolves once the message is accepted (by the SMTP server, or written to disk); rejects otherwise. */
  send(mail: OutgoingMail): Promise<void>;
  close(): Promise<void>;
}

export function localOutboxDir(config: Pick<AppConfig, 'dataDir'>): string {
  return join(config.dataDir, 'outbox');
}

/** SMTP when SMTP_URL is set; otherwise readable files in DATA_DIR/outbox (see GET /dev/outbox). */
export function createMailTransport(
  config: Pick<AppConfig, 'smtpUrl' | 'mailFrom' | 'dataDir'>,
): MailTransport {
  if (config.smtpUrl) return createSmtpTransport(config.smtpUrl, config.mailFrom);
  return createLocalOutboxTransport(localOutboxDir(config), config.mailFrom);
}

/** A stable Message-ID per outbox row, so a message re-sent after a crash can be recognised as the same one. */
export function messageIdFor(id: string, from: string): string {
  const domain = /@([A-Za-z0-9.-]+)>?\s*$/.exec(from)?.[1] ?? 'links-resort.invalid';
  return `<${id}@${domain}>`;
}

export function toNodemailerMessage(mail: OutgoingMail) {
  return {
    from: mail.from,
    to: mail.to,
    subject: mail.subject,
    html: mail.html,
    text: mail.text,
    messageId: messageIdFor(mail.id, mail.from),
    attachments: mail.attachments.map((attachment) => ({
      filename: attachment.filename,
      contentType: attachment.contentType,
      content: Buffer.from(attachment.content, 'base64'),
    })),
  };
}
