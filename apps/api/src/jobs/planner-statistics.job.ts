import { analyseChangedTables } from '../db/planner-statistics.ts';
import type { Job } from './job.ts';

/**
 * Keeps the embedded database's planner statistics current (db/planner-statistics.ts): the work PostgreSQL's
 * autovacuum does on a server, so the job is off when DATABASE_URL is set. Several instances: PGlite has one
 * process per data directory, so only one instance ever runs it.
 */
export const plannerStatisticsJob: Job<string[]> = {
  name: 'planner-statistics',
  intervalMs: (config) => (config.databaseUrl ? 0 : config.jobs.intervalsMs['planner-statistics']),
  run: (app) => analyseChangedTables(app.db),
  report: (tables) =>
    tables.length > 0
      ? { message: 'planner statistics refreshed', fields: { tables: tables.length } }
      : undefined,
};
