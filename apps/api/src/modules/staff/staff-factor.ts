import type { AppConfig } from '../../config/env.ts';
import type { DbOrTx } from '../../db/client.ts';
import { decryptFactorSecret, deriveFactorKey, encryptFactorSecret } from './factor-secret.ts';
import { type StaffUserRow, setPendingFactor } from './staff-users.repository.ts';
import { newTotpSecret, totpQrSvg, totpUri } from './totp.ts';

// A staff member's second factor as the sign-in and the administration see it: issue a pending secret, show it for
// enrolment, read it back to check a code. The secret is plain only in memory, for the length of one request.

export type Enrolment = { secret: string; otpauthUri: string };

const factorKeys = new Map<string, ReturnType<typeof deriveFactorKey>>();

function factorKeyOf(config: Pick<AppConfig, 'staffFactorKey'>) {
  let key = factorKeys.get(config.staffFactorKey);
  if (!key) {
    key = deriveFactorKey(config.staffFactorKey);
    factorKeys.set(config.staffFactorKey, key);
  }
  return key;
}

/** The user's plain secret, or null when none is stored. */
export function readFactorSecret(
  config: Pick<AppConfig, 'staffFactorKey'>,
  user: StaffUserRow,
): string | null {
  if (user.totpSecretEncrypted === null) return null;
  return decryptFactorSecret(factorKeyOf(config), user.id, user.totpSecretEncrypted);
}

/** Stores a new, unconfirmed secret for the user (the first right code confirms it) and returns it. */
export async function issuePendingFactor(
  db: DbOrTx,
  config: Pick<AppConfig, 'staffFactorKey'>,
  user: Pick<StaffUserRow, 'id' | 'username'>,
  now: Date,
): Promise<Enrolment> {
  const secret = newTotpSecret();
  await setPendingFactor(db, user.id, encryptFactorSecret(factorKeyOf(config), user.id, secret), now);
  return { secret, otpauthUri: totpUri(secret, user.username) };
}

/** What an enrolment screen shows: the secret as text, the URI, and the URI as an SVG QR code. */
export async function enrolmentAnswer(enrolment: Enrolment) {
  return {
    stage: 'enrol' as const,
    secret: enrolment.secret,
    otpauth_uri: enrolment.otpauthUri,
    qr_svg: await totpQrSvg(enrolment.otpauthUri),
  };
}
