import { z } from 'zod';
import type { CaddiePriceRange } from '../caddies';
import { dateStringSchema } from './common';
import { dataEnvelope } from './envelope';

export const caddiePricesBodySchema = z.object({ startDate: dateStringSchema('startDate') });
export type CaddiePricesBody = z.infer<typeof caddiePricesBodySchema>;

export const caddiePriceRangeSchema = z.object({
  id: z.number().int().positive(),
  start_date: dateStringSchema('start_date'),
  end_date: dateStringSchema('end_date'),
  /** Pence per caddie. */
  price: z.number().int().nonnegative(),
}) satisfies z.ZodType<CaddiePriceRange>;

export const caddiePricesResponseSchema = dataEnvelope(z.array(caddiePriceRangeSchema));
