import type { Db } from '../../db/client.ts';
import { operators } from '../../db/schema/index.ts';
import { hashPassword } from '../../lib/password-hash.ts';

/**
 * Development-only operators (the README lists them). Never seed these into production: the passwords are public.
 * 'fairway-tours' takes the default 50 % deposit; 'links-travel' has deposit 0, so it never sees the deposit option.
 */
export const DEMO_OPERATORS = [
  {
    username: 'fairway-tours',
    password: 'Fairway-Tours-2026!',
    companyName: 'Fairway Golf Tours',
    email: 'bookings@fairway-tours.example',
    title: 'Mrs',
    telephoneCountryCode: 'GB',
    telephoneNumber: '+441241853789',
    addressLine1: '12 Links Parade',
    addressLine2: '',
    city: 'Carnoustie',
    county: 'Angus',
    postCode: 'DD7 7JE',
    countryCode: 'GB',
    depositAmount: 50,
  },
  {
    username: 'links-travel',
    password: 'Links-Travel-2026!',
    companyName: 'Links Travel Ltd',
    email: 'desk@links-travel.example',
    title: 'Mr',
    telephoneCountryCode: 'US',
    telephoneNumber: '+12025550143',
    addressLine1: '400 Fairway Avenue',
    addressLine2: 'Suite 12',
    city: 'Pinehurst',
    county: 'North Carolina',
    postCode: '28374',
    countryCode: 'US',
    depositAmount: 0,
  },
] as const;

/** Inserts the demo operators that are missing (by username); existing accounts are left untouched. */
export async function seedDemoOperators(db: Db): Promise<{ inserted: number }> {
  let inserted = 0;
  for (const { password, ...operator } of DEMO_OPERATORS) {
    const rows = await db
      .insert(operators)
      .values({ ...operator, passwordHash: await hashPassword(password) })
      .onConflictDoNothing()
      .returning({ id: operators.id });
    inserted += rows.length;
  }
  return { inserted };
}
