import { z } from 'zod';
import { isValidDateString } from '../uk-time';
import { monthStringSchema } from './common';
import { dataEnvelope } from './envelope';

export const availabilityQuerySchema = z.object({ month: monthStringSchema('month') });
export type AvailabilityQuery = z.infer<typeof availabilityQuerySchema>;

export const availabilityStatusSchema = z.enum(['good', 'low', 'full']);
export type AvailabilityStatus = z.infer<typeof availabilityStatusSchema>;

export const dayAvailabilitySchema = z.object({ status: availabilityStatusSchema });
export type DayAvailability = z.infer<typeof dayAvailabilitySchema>;

/** Keyed by yyyy-MM-dd; every day of the requested month has an entry. */
export const monthAvailabilitySchema = z.record(
  z.string().refine(isValidDateString, { error: 'Availability keys must be dates in the form yyyy-MM-dd' }),
  dayAvailabilitySchema,
);
export type MonthAvailability = z.infer<typeof monthAvailabilitySchema>;

export const availabilityResponseSchema = dataEnvelope(monthAvailabilitySchema);
