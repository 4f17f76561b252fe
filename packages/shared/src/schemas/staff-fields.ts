import { z } from 'zod';
import { positiveInt } from './answer-fields';

// Fields several of the staff area's answers share. Kept out of answer-fields.ts, which the public pages' schemas
// load: these would only add to their JavaScript.

/** A course, player type or season as the staff pages list it and offer it in their pickers. */
export const namedSchema = z.object({ id: positiveInt, name: z.string() });

/** A refund to the card that a desk change made: 'succeeded' once the provider made it, 'pending' while it is retried. */
export const deskRefundSchema = z.object({ amount: positiveInt, status: z.enum(['pending', 'succeeded']) });
