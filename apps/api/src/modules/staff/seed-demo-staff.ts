import { eq } from 'drizzle-orm';
import type { AppConfig } from '../../config/env.ts';
import type { Db } from '../../db/client.ts';
import { staffUsers } from '../../db/schema/index.ts';
import { deriveFactorKey, encryptFactorSecret } from './factor-secret.ts';
import { createStaffUser } from './manage-staff-users.ts';
import { findStaffUserByUsername } from './staff-users.repository.ts';

/**
 * Development only (the README lists it): an admin whose password and TOTP secret are public. `npm run db:seed`
 * adds it outside production; in production the first admin comes from `npm run staff -- create`.
 */
export const DEMO_STAFF_ADMIN = {
  username: 'admin',
  password: 'Links-Staff-Admin-2026!',
  name: 'Demo Administrator',
  email: 'staff-admin@links-demo.example',
  /** Base32, 160 bits: add it to an authenticator app by hand (the README says how). */
  totpSecret: 'LINKSDEMOADMINTOTPSECRET234567AB',
} as const;

/** Adds the demo admin, enrolled, when no staff user has its username; an existing account is left untouched. */
export async function seedDemoStaff(
  db: Db,
  config: Pick<AppConfig, 'staffFactorKey'>,
  now = new Date(),
): Promise<{ inserted: number }> {
  if (await findStaffUserByUsername(db, DEMO_STAFF_ADMIN.username)) return { inserted: 0 };
  const { username, password, name, email, totpSecret } = DEMO_STAFF_ADMIN;
  const { user } = await createStaffUser(
    { db, config },
    { username, password, name, email, role: 'admin' },
    'cli',
    now,
  );
  await db
    .update(staffUsers)
    .set({
      totpSecretEncrypted: encryptFactorSecret(deriveFactorKey(config.staffFactorKey), user.id, totpSecret),
      factorConfirmedAt: now,
    })
    .where(eq(staffUsers.id, user.id));
  return { inserted: 1 };
}
