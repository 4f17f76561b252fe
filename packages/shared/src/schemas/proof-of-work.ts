import { z } from 'zod';
import { dataEnvelope } from './envelope';

export {
  CHALLENGE_INVALID,
  CHALLENGE_PATH,
  CHALLENGE_REQUIRED,
  PROOF_OF_WORK_HEADER,
} from '../proof-of-work';

/**
 * An ALTCHA challenge as the API signed it. The browser sends `parameters` back byte for byte (their signature covers
 * them), so the schema keeps every key.
 */
export const challengeSchema = z.object({
  parameters: z.record(z.string(), z.unknown()),
  signature: z.string(),
});

export const challengeResponseSchema = dataEnvelope(z.object({ challenge: challengeSchema }));
