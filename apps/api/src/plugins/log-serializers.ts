import { DrizzleQueryError } from 'drizzle-orm';

// What an error may put in the log. pino's standard serialiser copies every enumerable property and folds the
// causes' messages into the message, and a database error carries the data it was given: drizzle's
// DrizzleQueryError has the parameters in `params` and in its message ("Failed query: ...\nparams: ..."), and the
// driver's error has the row in `detail` ("Failing row contains (..., ada@example.com, ...)") and the value in its
// message ('invalid input syntax for type integer: "..."'). So errors are rebuilt from an allow-list: type,
// message, stack and the fields that name what failed (codes, table, column, constraint), never the values.

/** Fields that say what failed without carrying request data (SQLSTATE, names from the schema, HTTP status). */
const SAFE_FIELDS = [
  'code',
  'statusCode',
  'status',
  'errno',
  'syscall',
  'severity',
  'routine',
  'schema',
  'table',
  'column',
  'dataType',
  'constraint',
  'decline_code',
  'requestId',
] as const;

const MAX_CAUSE_DEPTH = 5;

export type LoggedError = {
  type: string;
  message: string;
  stack: string;
  query?: string;
  cause?: LoggedError;
  errors?: LoggedError[];
  [field: string]: unknown;
};

/** A PostgreSQL error from either driver (pg's DatabaseError, PGlite's): a severity and a five-character SQLSTATE. */
function isDatabaseError(error: Record<string, unknown>): boolean {
  return typeof error.severity === 'string' && typeof error.code === 'string' && error.code.length === 5;
}

// Quoted names PostgreSQL writes in its messages ('relation "bookings"', 'constraint "x"') are kept; any other
// quoted text is a value it echoes ('for type integer: "..."', 'value "..." is out of range').
const NAMED_BY =
  /(?:relation|column|constraint|table|type|function|schema|index|sequence|database|role|encoding|extension|trigger|view|cursor|savepoint|statement|parameter|attribute|operator|enum)\s*$/i;

function withoutQuotedValues(message: string): string {
  return message.replace(/"(?:[^"]|"")*"/g, (quoted, offset: number) =>
    NAMED_BY.test(message.slice(Math.max(0, offset - 40), offset)) ? quoted : '"[redacted]"',
  );
}

/** The stack's frames under a new first line: the original first lines repeat the message, values and all. */
function restack(stack: unknown, headline: string): string {
  if (typeof stack !== 'string') return headline;
  const firstFrame = stack.search(/\n\s+at /);
  return firstFrame === -1 ? headline : `${headline}${stack.slice(firstFrame)}`;
}

function serialize(error: unknown, depth: number): LoggedError {
  if (typeof error !== 'object' || error === null) {
    const message = String(error);
    return { type: typeof error, message, stack: message };
  }
  const source = error as Record<string, unknown>;
  const drizzle = error instanceof DrizzleQueryError;
  const database = !drizzle && isDatabaseError(source);
  // PGlite's error class has a minified name.
  const type = database ? 'DatabaseError' : ((error as object).constructor?.name ?? 'Object');
  const original = typeof source.message === 'string' ? source.message : '';
  // drizzle's SQL text has placeholders ($1, $2): the values are only in params and in its message.
  const message = drizzle
    ? `Failed query: ${error.query}`
    : database
      ? withoutQuotedValues(original)
      : original;
  const logged: LoggedError = { type, message, stack: restack(source.stack, `${type}: ${message}`) };
  if (drizzle) logged.query = error.query;

  for (const field of SAFE_FIELDS) {
    const value = source[field];
    if (typeof value === 'string' || typeof value === 'number') logged[field] = value;
  }
  if (depth < MAX_CAUSE_DEPTH) {
    if (source.cause !== undefined) logged.cause = serialize(source.cause, depth + 1);
    if (Array.isArray(source.errors))
      logged.errors = source.errors.map((inner) => serialize(inner, depth + 1));
  }
  return logged;
}

/** The logger's `err` serialiser, for every error logged anywhere (request failures, jobs, start-up). */
export function serializeError(error: unknown): LoggedError {
  return serialize(error, 0);
}
