import { hash, verify } from '@node-rs/argon2';

// argon2id (the library's default algorithm) at OWASP's first recommended setting: 19 MiB, 2 passes, 1 lane.
// About 20-40 ms per hash on a server core: cheap enough for sign-in, expensive for an offline guesser.
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

/** False for a wrong password and for a hash this library cannot read (never throws for either). */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the same argon2 work as a real check and answers false. Sign-in calls it for unknown usernames so the
 * response time does not reveal whether an account exists.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword('dummy password that matches no account');
  await verifyPassword(await dummyHash, password);
  return false;
}
