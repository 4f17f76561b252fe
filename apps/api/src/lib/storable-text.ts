import { AppError } from './app-error.ts';

// PostgreSQL text and jsonb cannot hold U+0000, nor a UTF-16 surrogate without its partner (JSON can spell both:
// \u0000, a lone \ud800). Unchecked, such text reached the database and answered 500, and the failed query went to
// the log with every parameter. So every JSON body is checked once, where it is parsed, for every route.

export const UNSTORABLE_TEXT_MESSAGES = {
  message: 'Some of the text you entered contains characters that cannot be stored. Please retype it.',
  field: 'This text contains a character that cannot be stored. Please retype it.',
} as const;

/**
 * A JSON escape that could spell such a character: \u0000 or any surrogate (most are halves of an emoji's pair).
 * Bodies without one (nearly all) are not walked. Raw characters need no check: a raw control character is invalid
 * JSON, and UTF-8 decoding never yields a lone surrogate.
 */
const SUSPECT_ESCAPE = /\\u(?:0000|d[89a-f][0-9a-f]{2})/i;

/** A surrogate that is not half of a pair (with the u flag, a pair is one code point and does not match). */
const LONE_SURROGATE = /\p{Surrogate}/u;

const unstorable = (text: string) => text.includes('\u0000') || LONE_SURROGATE.test(text);

function pathOf(parent: string, key: string | number): string {
  return parent === '' ? String(key) : `${parent}.${key}`;
}

/**
 * The dotted path (`golfers.0.email`, as in validation errors) of the first string that PostgreSQL cannot store;
 * for an unstorable object key, the path of the object (`_` at the top). Undefined when everything is storable.
 */
export function unstorableTextPath(value: unknown, path = ''): string | undefined {
  if (typeof value === 'string') return unstorable(value) ? path || '_' : undefined;
  if (typeof value !== 'object' || value === null) return undefined;
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index += 1) {
      const found = unstorableTextPath(value[index], pathOf(path, index));
      if (found !== undefined) return found;
    }
    return undefined;
  }
  for (const [key, inner] of Object.entries(value)) {
    if (unstorable(key)) return path || '_';
    const found = unstorableTextPath(inner, pathOf(path, key));
    if (found !== undefined) return found;
  }
  return undefined;
}

/** 400 `invalid_text` naming the field when the parsed JSON `value` of `body` holds text PostgreSQL cannot store. */
export function checkStorableText(body: string, value: unknown): AppError | undefined {
  if (!SUSPECT_ESCAPE.test(body)) return undefined;
  const path = unstorableTextPath(value);
  if (path === undefined) return undefined;
  return new AppError('invalid_text', 400, UNSTORABLE_TEXT_MESSAGES.message, {
    [path]: UNSTORABLE_TEXT_MESSAGES.field,
  });
}
