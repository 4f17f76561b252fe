import { sql } from 'drizzle-orm';
import type { DbOrTx } from './client.ts';

/**
 * Refreshes the query planner's statistics (ANALYZE) of every table of the app's schema that has changed by more than
 * autovacuum's default threshold since it was last analysed: 50 rows and a tenth of the table. PostgreSQL servers run
 * this in autovacuum; PGlite runs no background worker, so without it the embedded database plans every query with
 * the estimates of the empty tables it was migrated with (a hold's limit check then reads every live hold instead of
 * the holder's few, on the request path). Returns the tables analysed, in name order.
 */
export async function analyseChangedTables(db: DbOrTx): Promise<string[]> {
  const { rows } = await db.execute<{ table: string }>(sql`
    select s.relname as "table"
      from pg_stat_user_tables s
      join pg_class c on c.oid = s.relid
     where s.schemaname = current_schema()
       and s.n_mod_since_analyze > 50 + 0.1 * greatest(c.reltuples, 0)
     order by s.relname`);
  const tables = rows.map((row) => row.table);
  if (tables.length > 0) {
    await db.execute(
      sql`analyze ${sql.join(
        tables.map((table) => sql.identifier(table)),
        sql`, `,
      )}`,
    );
  }
  return tables;
}
