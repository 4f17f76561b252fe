import { z } from 'zod';

/** Every successful `/v1` answer: `{ data: ... }`. */
export function dataEnvelope<T extends z.ZodType>(schema: T) {
  return z.object({ data: schema });
}

/** Every failed `/v1` answer: a person-readable message, a stable code, and per-field messages when known. */
export const errorEnvelopeSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    /** Messages per field, keyed by the dotted path of the field ('golfers.1.id'). */
    fields: z.record(z.string(), z.array(z.string())).optional(),
    /** The main field at fault, when there is one (spec section 7: "a message and an optional param"). */
    param: z.string().optional(),
  }),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;
export type ApiError = ErrorEnvelope['error'];

export type ValidationSummary = { message: string; fields: Record<string, string[]>; param?: string };

/**
 * Turns zod issues into what the error envelope carries: the first message as the headline (the schemas here
 * word every message as a sentence), all messages per dotted field path, and the first field as `param`.
 */
export function summarizeValidationIssues(issues: readonly z.core.$ZodIssue[]): ValidationSummary {
  const fields: Record<string, string[]> = {};
  for (const issue of issues) {
    if (issue.path.length === 0) continue; // about the request as a whole: the headline message covers it
    const key = issue.path.map(String).join('.');
    const messages = fields[key] ?? [];
    if (!messages.includes(issue.message)) messages.push(issue.message);
    fields[key] = messages;
  }
  const first = issues[0];
  const param = first && first.path.length > 0 ? first.path.map(String).join('.') : undefined;
  return {
    message: first?.message ?? 'The request is not valid.',
    fields,
    ...(param === undefined ? {} : { param }),
  };
}
