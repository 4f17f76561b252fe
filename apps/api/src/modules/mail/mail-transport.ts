import { join } from 'node:path';
import type { AppConfig } from '../../config/env.ts';
import { createLocalOutboxTransport } from './local-outbox-transport.ts';
import type { MailTransport } from './mail-message.ts';
import { createSmtpTransport } from './smtp-transport.ts';

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
