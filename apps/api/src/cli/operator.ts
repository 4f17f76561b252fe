import { parseArgs } from 'node:util';
import type { Db } from '../db/client.ts';
import { readStdinLine, runDatabaseCommand } from '../lib/database-command.ts';
import {
  createOperator,
  disableOperator,
  enableOperator,
  listOperators,
  type OperatorSummary,
  setOperatorDeposit,
} from '../modules/operators/manage-operators.ts';

// `npm run operator -- <command>`: the resort's tour-operator administration, on the same database the server
// uses. PGlite allows one process per data directory, so with PGlite this refuses to run while a server owns it.

const USAGE = `Usage: npm run operator -- <command>
  create --company "Company Ltd" --username name --email a@b.example [--deposit 50] [--password-stdin]
         Prints a one-time generated password, which the operator must replace with their own at first
         sign-in before booking; or takes one from OPERATOR_PASSWORD or (with --password-stdin) the first line
         of standard input.
  disable <username>        Disables the account and signs it out everywhere.
  enable <username>         Re-activates a disabled account.
  set-deposit <username> <percent>
  list`;

class UsageError extends Error {}

function describe(operator: OperatorSummary): string {
  return `#${operator.id} ${operator.username} (${operator.companyName}) ${operator.status}, deposit ${operator.depositAmount}%`;
}

function parsePercent(text: string | undefined): number {
  if (text === undefined || !/^\d{1,3}$/.test(text)) {
    throw new UsageError('The deposit must be a whole percentage from 0 to 100.');
  }
  return Number(text);
}

function parseCreateOptions(args: string[]) {
  try {
    return parseArgs({
      args,
      options: {
        company: { type: 'string' },
        username: { type: 'string' },
        email: { type: 'string' },
        deposit: { type: 'string' },
        'password-stdin': { type: 'boolean', default: false },
      },
      strict: true,
    });
  } catch (error) {
    // node:util reports unknown or malformed options as TypeErrors; they are usage mistakes.
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
}

async function run(db: Db, argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  switch (command) {
    case 'create': {
      const { values } = parseCreateOptions(rest);
      if (!values.company || !values.username || !values.email) {
        throw new UsageError('create needs --company, --username and --email.');
      }
      const password = values['password-stdin']
        ? await readStdinLine()
        : process.env.OPERATOR_PASSWORD || undefined;
      const result = await createOperator(db, {
        companyName: values.company,
        username: values.username,
        email: values.email,
        depositAmount: values.deposit === undefined ? undefined : parsePercent(values.deposit),
        password,
      });
      console.info(`Created ${describe(result.operator)}.`);
      if (result.generated) {
        console.info(
          `One-time password (shown once; the operator must choose their own at first sign-in): ${result.password}`,
        );
      }
      return;
    }
    case 'disable':
    case 'enable': {
      const [username] = rest;
      if (!username || rest.length !== 1) throw new UsageError(`${command} needs exactly one username.`);
      const operator =
        command === 'disable' ? await disableOperator(db, username) : await enableOperator(db, username);
      console.info(`${command === 'disable' ? 'Disabled' : 'Enabled'} ${describe(operator)}.`);
      return;
    }
    case 'set-deposit': {
      const [username, percent] = rest;
      if (!username || rest.length !== 2)
        throw new UsageError('set-deposit needs a username and a percentage.');
      console.info(`Updated ${describe(await setOperatorDeposit(db, username, parsePercent(percent)))}.`);
      return;
    }
    case 'list': {
      const operators = await listOperators(db);
      if (operators.length === 0) console.info('No tour operators yet.');
      for (const operator of operators) console.info(`${describe(operator)} <${operator.email}>`);
      return;
    }
    default:
      throw new UsageError(command ? `Unknown command: ${command}` : 'No command given.');
  }
}

runDatabaseCommand(
  'npm run operator',
  { text: USAGE, isUsageError: (error) => error instanceof UsageError },
  (database) => run(database.db, process.argv.slice(2)),
);
