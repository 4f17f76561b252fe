import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bookings } from './schema/index.ts';
import { defineStatement, listPlaceholders, perKey, statementBuilder, toDate } from './statements.ts';

describe('statements rendered once', () => {
  it('renders a builder with placeholders to text and parameters, one name per distinct text', () => {
    const byId = () =>
      defineStatement(
        statementBuilder
          .select({ id: bookings.id })
          .from(bookings)
          .where(eq(bookings.id, sql.placeholder('bookingId'))),
      );
    const first = byId();
    expect(first.text).toBe('select "id" from "bookings" where "bookings"."id" = $1');
    expect(first.params).toHaveLength(1);
    expect(byId().name).toBe(first.name);
    expect(defineStatement(sql`select ${sql.placeholder('x')}::integer`).name).not.toBe(first.name);
  });

  it('builds a keyed statement on first use only', () => {
    let builds = 0;
    const lists = perKey((count) => {
      builds += 1;
      return defineStatement(sql`select 1 where 1 in ${listPlaceholders('id', count)}`);
    });
    expect(lists(3).text).toBe('select 1 where 1 in ($1, $2, $3)');
    expect(lists(3)).toBe(lists(3));
    lists(1);
    expect(builds).toBe(2);
  });

  it('reads timestamps from either driver', () => {
    const instant = new Date('2026-11-22T09:30:00.123Z');
    expect(toDate(instant)).toBe(instant);
    expect(toDate('2026-11-22 09:30:00.123+00').toISOString()).toBe(instant.toISOString());
    expect(() => toDate(42)).toThrow(TypeError);
  });
});
