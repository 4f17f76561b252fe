import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { generatedId, instant, requiredRef, sessionLifetime } from './columns.ts';

// Tour-operator accounts, their server-side sessions and password reset tokens. Sessions and tokens live in the
// database so every API instance sees the same sign-ins, sign-outs and used links.

export const operators = pgTable(
  'operators',
  {
    id: generatedId(),
    /**
     * Null for a company's own account (its administrator); a colleague's row points at its company (issue 24). A
     * colleague signs in with their own username and password and books on the company's terms: the company fields
     * of a colleague's row (name, address, deposit, trade rate) are never read, the company's are.
     */
    companyId: integer().references((): AnyPgColumn => operators.id, { onDelete: 'cascade' }),
    /** A colleague's own name, as the administrator entered it; empty on a company's own row. */
    personName: text().notNull().default(''),
    companyName: text().notNull(),
    /** Shown and stored as entered; unique regardless of case (see the index below). */
    username: text().notNull(),
    email: text().notNull(),
    title: text().notNull().default(''),
    /** ISO 3166-1 alpha-2 region the telephone number belongs to. */
    telephoneCountryCode: text().notNull().default(''),
    telephoneNumber: text().notNull().default(''),
    faxNumber: text().notNull().default(''),
    addressLine1: text().notNull().default(''),
    addressLine2: text().notNull().default(''),
    city: text().notNull().default(''),
    county: text().notNull().default(''),
    postCode: text().notNull().default(''),
    countryCode: text().notNull().default(''),
    /** Percentage of the payable amount taken as a deposit on terms bookings; 0 turns the deposit option off. */
    depositAmount: integer().notNull().default(50),
    /** The trade rate: percent off every green fee and combination price this operator books at (0 to 50). */
    tradeDiscountPercent: integer().notNull().default(0),
    status: text().$type<'active' | 'disabled'>().notNull().default('active'),
    /** argon2id PHC string. */
    passwordHash: text().notNull(),
    /** Reset tokens issued before this instant are void, whatever their expiry. */
    passwordChangedAt: instant().notNull().defaultNow(),
    /**
     * The password was set by the resort (the operator CLI), so someone else knows it: the operator books nothing
     * until they have chosen their own (issue 24). Cleared by any password the operator sets.
     */
    passwordMustChange: boolean().notNull().default(false),
    createdAt: instant().notNull().defaultNow(),
    updatedAt: instant().notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('operators_username_lower_unique').on(sql`lower(${table.username})`),
    index('operators_company_idx').on(table.companyId),
    check('operators_company_not_self', sql`${table.companyId} <> ${table.id}`),
    check('operators_deposit_amount_percent', sql`${table.depositAmount} between 0 and 100`),
    check('operators_status_known', sql`${table.status} in ('active', 'disabled')`),
    check('operators_trade_discount_percent', sql`${table.tradeDiscountPercent} between 0 and 50`),
  ],
);

export const operatorSessions = pgTable(
  'operator_sessions',
  {
    /** sessionKey(session id): sha256 of the cookie's id, so a database dump cannot be replayed as cookies. */
    id: text().primaryKey(),
    operatorId: requiredRef(() => operators.id, { onDelete: 'cascade' }),
    // expires_at: created_at plus the session's maximum lifetime.
    ...sessionLifetime(),
  },
  (table) => [
    index('operator_sessions_operator_idx').on(table.operatorId),
    index('operator_sessions_expires_idx').on(table.expiresAt),
  ],
);

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** sha256 of the token in the e-mailed link; the token itself is never stored. */
    tokenHash: text().notNull().unique(),
    operatorId: requiredRef(() => operators.id, { onDelete: 'cascade' }),
    createdAt: instant().notNull(),
    expiresAt: instant().notNull(),
    /** Set when the token is spent, or voided by a password change. */
    usedAt: instant(),
  },
  (table) => [index('password_reset_tokens_operator_idx').on(table.operatorId)],
);
