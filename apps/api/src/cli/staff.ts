import { readStdinLine, runDatabaseCommand } from '../lib/database-command.ts';
import { runStaffCommand, STAFF_USAGE, StaffUsageError } from '../modules/staff/staff-command.ts';

// `npm run staff -- <command>`: the resort's staff accounts, on the same database the server uses. PGlite allows one
// process per data directory, so with PGlite this refuses to run while a server owns it.

runDatabaseCommand(
  'npm run staff',
  { text: STAFF_USAGE, isUsageError: (error) => error instanceof StaffUsageError },
  (database, config) =>
    runStaffCommand({ db: database.db, config }, process.argv.slice(2), {
      print: (line) => console.info(line),
      readStdinLine,
      env: process.env,
      now: () => new Date(),
    }),
);
