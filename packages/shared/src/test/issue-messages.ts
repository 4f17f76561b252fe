// Tests only: what a failed parse says, read the two ways the schemas' tests compare it.

type ParseResult = { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } };

/** Every message of a failed parse, in the order the schema raised them ([] for a success). */
export function messagesOf(result: ParseResult): string[] {
  return result.error?.issues.map((issue) => issue.message) ?? [];
}

/** The first message per field, keyed by its dotted path ('golfers.1.id'), as the API's error answer lists them. */
export function fieldMessagesOf(result: ParseResult): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) out[issue.path.join('.')] ??= issue.message;
  return out;
}
