import { z } from 'zod';
import { dataEnvelope } from './envelope';

// The proof-of-work challenge the booking flow asks for above normal use (docs/decisions/009-fair-holds.md): the
// API's answer when one is needed, where the browser gets it, and the header that carries the solution back.

/** The error code of a hold that needs a solved challenge (403). */
export const CHALLENGE_REQUIRED = 'challenge_required';
/** The error code of a solution that did not pass (forged, expired, used, another session's). */
export const CHALLENGE_INVALID = 'challenge_invalid';
/** Request header carrying base64(JSON({ challenge, solution })). */
export const PROOF_OF_WORK_HEADER = 'X-Proof-Of-Work';

/**
 * An ALTCHA challenge as the API signed it. The browser sends `parameters` back byte for byte (their signature covers
 * them), so the schema keeps every key.
 */
export const challengeSchema = z.object({
  parameters: z.record(z.string(), z.unknown()),
  signature: z.string(),
});

export const challengeResponseSchema = dataEnvelope(z.object({ challenge: challengeSchema }));
export type ChallengeResponse = z.infer<typeof challengeResponseSchema>;
