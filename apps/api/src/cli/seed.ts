import { sql } from 'drizzle-orm';
import { runDatabaseCommand } from '../db/database-command.ts';
import { migrate } from '../db/migrate.ts';
import { seedDemoOperators } from '../modules/operators/seed-demo-operators.ts';
import { seedDemoStaff } from '../modules/staff/seed-demo-staff.ts';
import { seedDatabase } from '../seed/index.ts';

// `npm run db:seed`: migrates, then loads reference data and, unless this is production, demo data (bookings, blocked
// periods, tour operators and a staff admin with public passwords; the admin never in production). SEED_DEMO=1|0
// overrides: demo bookings would take real tee times and demo
// operators' passwords are in the README, so production gets them only when asked. Safe to run again (idempotent).
await runDatabaseCommand('db:seed', async (database, config) => {
  await migrate(database);
  const demo = process.env.SEED_DEMO === undefined ? !config.isProduction : process.env.SEED_DEMO === '1';
  await seedDatabase(database.db, { demo });
  if (demo) await seedDemoOperators(database.db);
  // Never in production, not even with SEED_DEMO=1: a public admin password would open the staff area.
  if (demo && !config.isProduction) await seedDemoStaff(database.db, config);
  // As after any bulk load: the planner's statistics, so the first requests are not planned for empty tables (on
  // PGlite nothing else would gather them until the planner-statistics job's first pass).
  await database.db.execute(sql`analyze`);
  console.info(`db:seed: ${database.kind} database seeded with reference${demo ? ' and demo' : ''} data`);
});
