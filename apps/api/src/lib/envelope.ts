import { z } from 'zod';

/** Success envelope `{ data }` for response schemas: `200: dataEnvelope(courseSchema.array())`. */
export function dataEnvelope<T extends z.ZodType>(data: T) {
  return z.object({ data });
}

export const errorEnvelopeSchema = z.object({
  error: z.object({
    message: z.string(),
    code: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  }),
});

export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

export function errorBody(code: string, message: string, fields?: Record<string, string>): ErrorEnvelope {
  return fields ? { error: { message, code, fields } } : { error: { message, code } };
}
