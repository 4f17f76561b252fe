import { createHash, createHmac } from 'node:crypto';
import {
  CHALLENGE_INVALID,
  CHALLENGE_REQUIRED,
  PROOF_OF_WORK_HEADER as PROOF_OF_WORK_HEADER_NAME,
} from '@links/shared/schemas/proof-of-work';
import { type Challenge, createChallenge, randomInt, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { sql } from 'drizzle-orm';
import { spentChallenges } from '../db/schema/index.ts';
import { defineStatement, type Queryable, runStatement } from '../db/statements.ts';
import { AppError } from './app-error.ts';

// A proof-of-work challenge (ALTCHA, served and checked by this API: no third-party service, works offline) that the
// booking flow asks for only when a session, address or network is above normal use (docs/decisions/009). Solving
// costs an honest browser about a second; a bot holding tee times in a loop pays it for every hold, more the more it
// holds. The work is PBKDF2/SHA-256: WebCrypto does it natively in every browser, and checking a solution is one
// derivation on the server.

/** The request header that carries a solved challenge (as Node reads it: lower case). */
export const PROOF_OF_WORK_HEADER = PROOF_OF_WORK_HEADER_NAME.toLowerCase();
export const CHALLENGE_ALGORITHM = 'PBKDF2/SHA-256';
/** PBKDF2 iterations per attempt. */
const COST = 1000;
/** Attempts an honest visitor makes on average at level 0: the counter is drawn from [BASE / 2, BASE]. */
const BASE_COUNTER = 2000;
const MAX_LEVEL = 5;
const CHALLENGE_TTL_SECONDS = 10 * 60;
const MAX_HEADER_LENGTH = 4096;

export const PROOF_OF_WORK_MESSAGES = {
  required:
    'We need to check that this browser is not an automated program before holding more tee times. ' +
    'Please try again: your browser will do this in a few seconds.',
  invalid: 'The browser check did not pass. Please try again.',
} as const;

export const challengeRequired = () => new AppError(CHALLENGE_REQUIRED, 403, PROOF_OF_WORK_MESSAGES.required);
const challengeInvalid = () => new AppError(CHALLENGE_INVALID, 403, PROOF_OF_WORK_MESSAGES.invalid);

/** Keys of their own, derived from SESSION_SECRET, so no new secret has to be configured. */
function keys(secret: string) {
  const derive = (label: string) =>
    createHmac('sha256', secret).update(`proof-of-work:${label}`).digest('hex');
  return { signature: derive('signature'), keySignature: derive('key-signature') };
}

/** What binds a challenge to the browser session it was issued to (a stranger's solved challenge is useless). */
function sessionTag(sessionKey: string): string {
  return createHash('sha256').update(`challenge-session:${sessionKey}`).digest('base64url').slice(0, 16);
}

/**
 * A signed challenge for this session. `level` (0..5) doubles the expected work per step: the further above normal
 * use the caller is, the dearer each further hold.
 */
export async function issueChallenge(secret: string, sessionKey: string, level: number): Promise<Challenge> {
  const { signature, keySignature } = keys(secret);
  const ceiling = BASE_COUNTER * 2 ** Math.min(MAX_LEVEL, Math.max(0, Math.floor(level)));
  return createChallenge({
    algorithm: CHALLENGE_ALGORITHM,
    cost: COST,
    counter: randomInt(ceiling, Math.floor(ceiling / 2)),
    deriveKey,
    data: { session: sessionTag(sessionKey) },
    expiresAt: Math.floor(Date.now() / 1000) + CHALLENGE_TTL_SECONDS,
    hmacSignatureSecret: signature,
    hmacKeySignatureSecret: keySignature,
  });
}

export type SolvedChallenge = { id: string; expiresAt: Date };

/**
 * The solved challenge a request carries, checked (signature, expiry, solution, session), or undefined when it
 * carries none. A malformed or failed one answers 403 challenge_invalid. Not yet spent: see spendChallenge.
 */
export async function readSolvedChallenge(
  secret: string,
  sessionKey: string,
  header: string | string[] | undefined,
): Promise<SolvedChallenge | undefined> {
  if (header === undefined) return undefined;
  if (typeof header !== 'string' || header.length > MAX_HEADER_LENGTH) throw challengeInvalid();
  let payload: { challenge?: Challenge; solution?: { counter: number; derivedKey: string } };
  try {
    payload = JSON.parse(Buffer.from(header, 'base64').toString('utf8'));
  } catch {
    throw challengeInvalid();
  }
  const { challenge, solution } = payload ?? {};
  if (
    !challenge ||
    !solution ||
    typeof challenge !== 'object' ||
    typeof challenge.parameters !== 'object' ||
    challenge.parameters === null ||
    challenge.parameters.algorithm !== CHALLENGE_ALGORITHM ||
    challenge.parameters.cost !== COST ||
    challenge.parameters.data?.session !== sessionTag(sessionKey) ||
    typeof challenge.signature !== 'string'
  ) {
    throw challengeInvalid();
  }
  const { signature, keySignature } = keys(secret);
  const result = await verifySolution({
    challenge,
    solution,
    deriveKey,
    hmacSignatureSecret: signature,
    hmacKeySignatureSecret: keySignature,
  }).catch(() => undefined);
  if (!result?.verified) throw challengeInvalid();
  return {
    id: createHash('sha256').update(challenge.signature).digest('hex'),
    expiresAt: new Date((challenge.parameters.expiresAt ?? 0) * 1000),
  };
}

const spendStatement = defineStatement(
  sql`insert into ${spentChallenges} (id, expires_at) values (${sql.placeholder('id')}, ${sql.placeholder('expiresAt')})
      on conflict (id) do nothing returning id`,
);

/**
 * Marks the challenge used, in the caller's transaction (a booking refused after it rolls the spend back, so the
 * visitor need not solve again); 403 challenge_invalid when it was already used, on any instance.
 */
export async function spendChallenge(tx: Queryable, solved: SolvedChallenge): Promise<void> {
  const rows = await runStatement(tx, spendStatement, {
    id: solved.id,
    expiresAt: solved.expiresAt.toISOString(),
  });
  if (rows.length === 0) throw challengeInvalid();
}

const purgeStatement = defineStatement(
  sql`delete from ${spentChallenges} where expires_at < now() returning id`,
);

/** Forgets used challenges that have expired anyway (they could no longer be replayed). */
export async function purgeSpentChallenges(db: Queryable): Promise<number> {
  return (await runStatement(db, purgeStatement)).length;
}
