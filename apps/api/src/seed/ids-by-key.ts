import { inArray } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Tx } from '../db/client.ts';

/**
 * The ids of the rows whose natural key (`keyColumn`, in the same table as `idColumn`) is one of `keys`: rows this
 * start inserted and rows an earlier one did, which the insert skipped.
 */
export async function idsByKey(
  tx: Tx,
  idColumn: AnyPgColumn<{ data: number; notNull: true }>,
  keyColumn: AnyPgColumn<{ data: string; notNull: true }>,
  keys: string[],
): Promise<Map<string, number>> {
  const rows = await tx
    .select({ id: idColumn, key: keyColumn })
    .from(keyColumn.table)
    .where(inArray(keyColumn, keys));
  return new Map(rows.map((row) => [row.key, row.id]));
}
