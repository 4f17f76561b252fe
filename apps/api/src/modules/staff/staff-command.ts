import { type ParseArgsOptionsConfig, parseArgs } from 'node:util';
import { STAFF_ROLES, type StaffRole, type StaffUser } from '@links/shared';
import QRCode from 'qrcode';
import type { AppConfig } from '../../config/env.ts';
import type { Db } from '../../db/client.ts';
import {
  createStaffUser,
  listStaffUsers,
  resetStaffFactor,
  staffUserIdByUsername,
  updateStaffUserAccess,
} from './manage-staff-users.ts';

// `npm run staff -- <command>` (cli/staff.ts runs it on the server's database): how the resort creates its first
// admin, and the way in when no admin can sign in. Every change is audited with the actor 'cli'.

export const STAFF_USAGE = `Usage: npm run staff -- <command>
  create --username U --name "Full Name" --email a@b.example --role admin|reservations|starter [--password-stdin]
         Prints the TOTP secret and its otpauth URI (and a QR code) once. The password is read from the first
         line of standard input (--password-stdin), or STAFF_PASSWORD, or generated and printed once.
  list
  disable --username U        Disables the account and signs it out everywhere.
  enable --username U
  reset-factor --username U   Forgets the second factor and ends every session; the next sign-in enrols anew.`;

export class StaffUsageError extends Error {}

export type StaffCommandIo = {
  print(line: string): void;
  /** The first line of standard input (for --password-stdin). */
  readStdinLine(): Promise<string>;
  env: Record<string, string | undefined>;
  now(): Date;
};

function parse<T extends ParseArgsOptionsConfig>(args: string[], options: T) {
  try {
    return parseArgs({ args, options, strict: true, allowPositionals: false });
  } catch (error) {
    // node:util reports unknown or malformed options as TypeErrors; they are usage mistakes.
    throw new StaffUsageError(error instanceof Error ? error.message : String(error));
  }
}

function describeUser(user: StaffUser): string {
  return `#${user.id} ${user.username} (${user.name}) ${user.role}, ${user.status}, factor ${user.factor_enrolled ? 'enrolled' : 'not enrolled'}`;
}

function usernameOption(command: string, args: string[]): string {
  const { values } = parse(args, { username: { type: 'string' } });
  if (typeof values.username !== 'string' || values.username === '') {
    throw new StaffUsageError(`${command} needs --username.`);
  }
  return values.username;
}

export async function runStaffCommand(
  deps: { db: Db; config: Pick<AppConfig, 'staffFactorKey'> },
  argv: string[],
  io: StaffCommandIo,
): Promise<void> {
  const [command, ...rest] = argv;
  const { db } = deps;
  switch (command) {
    case 'create': {
      const { values } = parse(rest, {
        username: { type: 'string' },
        name: { type: 'string' },
        email: { type: 'string' },
        role: { type: 'string' },
        'password-stdin': { type: 'boolean', default: false },
      });
      const { username, name, email, role } = values;
      if (!username || !name || !email || !role) {
        throw new StaffUsageError('create needs --username, --name, --email and --role.');
      }
      if (!(STAFF_ROLES as readonly string[]).includes(role)) {
        throw new StaffUsageError(`--role must be one of ${STAFF_ROLES.join(', ')}.`);
      }
      const password = values['password-stdin']
        ? await io.readStdinLine()
        : io.env.STAFF_PASSWORD || undefined;
      const created = await createStaffUser(
        deps,
        { username, name, email, role: role as StaffRole, ...(password !== undefined && { password }) },
        'cli',
        io.now(),
        { withFactor: true },
      );
      io.print(`Created ${describeUser(created.user)}.`);
      if (created.generated) {
        io.print(`One-time password (shown once; change it after signing in): ${created.password}`);
      }
      if (created.enrolment) {
        io.print('Second factor (shown once): add it to an authenticator app, by the QR code or the secret.');
        io.print(`  secret: ${created.enrolment.secret}`);
        io.print(`  otpauth URI: ${created.enrolment.otpauthUri}`);
        io.print(await QRCode.toString(created.enrolment.otpauthUri, { type: 'utf8', margin: 2 }));
      }
      return;
    }
    case 'list': {
      if (rest.length > 0) throw new StaffUsageError('list takes no options.');
      const users = await listStaffUsers(db);
      if (users.length === 0) io.print('No staff users yet.');
      for (const user of users) io.print(describeUser(user));
      return;
    }
    case 'disable':
    case 'enable': {
      const id = await staffUserIdByUsername(db, usernameOption(command, rest));
      const status = command === 'disable' ? 'disabled' : 'active';
      const user = await updateStaffUserAccess(db, id, { status }, 'cli', io.now());
      io.print(`${command === 'disable' ? 'Disabled' : 'Enabled'} ${describeUser(user)}.`);
      return;
    }
    case 'reset-factor': {
      const id = await staffUserIdByUsername(db, usernameOption(command, rest));
      const user = await resetStaffFactor(db, id, 'cli', io.now());
      io.print(`Reset the second factor of ${describeUser(user)}; they enrol again at their next sign-in.`);
      return;
    }
    default:
      throw new StaffUsageError(command ? `Unknown command: ${command}` : 'No command given.');
  }
}
