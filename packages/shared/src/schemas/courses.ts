import { z } from 'zod';
import { dateStringSchema } from './common';
import { dataEnvelope } from './envelope';

export const courseSchema = z.object({
  id: z.number().int().positive(),
  name: z.string(),
  slug: z.string(),
  /** URL or site-relative path of the course artwork. */
  image: z.string(),
  /** Hours a round takes; drives the time-conflict rule between courses. */
  course_completion_time: z.number().positive(),
  /** Last bookable date, yyyy-MM-dd; null when the course has no closing date. */
  closing_date: dateStringSchema('closing_date').nullable(),
});
export type Course = z.infer<typeof courseSchema>;

export const coursesResponseSchema = dataEnvelope(z.array(courseSchema));
