import { z } from 'zod';
import { dataEnvelope } from './envelope';

const typesError = 'types must be a comma-separated list of player type ids, such as 1,3';

export const playersQuerySchema = z.object({
  /** '1,3' -> [1, 3]; absent means every player type. Duplicates are dropped. */
  types: z
    .string({ error: typesError })
    .regex(/^[1-9]\d{0,8}(,[1-9]\d{0,8}){0,19}$/, { error: typesError })
    .transform((text) => [...new Set(text.split(',').map(Number))])
    .optional(),
});
export type PlayersQuery = z.infer<typeof playersQuerySchema>;

export const playerTypeSchema = z.object({ id: z.number().int().positive(), name: z.string() });
export type PlayerType = z.infer<typeof playerTypeSchema>;

export const playersResponseSchema = dataEnvelope(z.array(playerTypeSchema));
