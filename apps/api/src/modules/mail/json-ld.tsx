/** @jsxRuntime automatic */

/**
 * JSON for the inside of a <script> element: '<', '>' and '&' (and the line separators U+2028/2029) written as
 * \u escapes, which JSON reads back as the same characters, so no value (a golfer's name) can close the element
 * or open a comment in it.
 */
export function scriptSafeJson(data: unknown): string {
  return JSON.stringify(data).replace(
    /[<>&\u2028\u2029]/g,
    (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** Structured data (schema.org JSON-LD) for a message's <head>. */
export function JsonLd({ data }: { data: unknown }) {
  return <script type="application/ld+json">{scriptSafeJson(data)}</script>;
}
