import nodemailer from 'nodemailer';
import type { MailTransport } from './mail-message.ts';
import { toNodemailerMessage } from './nodemailer-message.ts';

/**
 * nodemailer over SMTP_URL (smtp:// or smtps://, credentials in the URL; URL query options win). Short timeouts:
 * a hung server must not hold a worker's lease for long, and the outbox retries later anyway.
 */
export function createSmtpTransport(url: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport({
    url,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    kind: 'smtp',
    from,
    async send(mail) {
      await transporter.sendMail(toNodemailerMessage(mail));
    },
    async close() {
      transporter.close();
    },
  };
}
