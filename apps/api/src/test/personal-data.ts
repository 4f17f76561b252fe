// What counts as personal data when a test searches log output: the kinds the booking form collects (spec section
// 5) in the shapes the fixtures use and the API stores. Deliberately broad: a false alarm costs a look at one log
// line, a miss would put a golfer's address in every log shipper the resort uses.

const PATTERNS: ReadonlyArray<{ kind: string; pattern: RegExp }> = [
  { kind: 'e-mail address', pattern: /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g },
  // UK postcodes (the fixtures are in Angus), with or without the space, in either case.
  { kind: 'postcode', pattern: /\b[A-Z]{1,2}\d[A-Z\d]? ?\d[ABD-HJLNP-UW-Z]{2}\b/gi },
  // UK numbers as typed (07400 123456, 01241 853789) and any number in international form (+447400123456).
  { kind: 'telephone number', pattern: /(?<![\d.])0\d{4} ?\d{6}(?!\d)/g },
  { kind: 'telephone number', pattern: /\+\d[\d ]{9,17}\d/g },
];

/** Every piece of personal data found in `text`, as `kind: match` (empty when there is none). */
export function findPersonalData(text: string): string[] {
  const found: string[] = [];
  for (const { kind, pattern } of PATTERNS) {
    for (const match of text.matchAll(pattern)) found.push(`${kind}: ${match[0]}`);
  }
  return found;
}
