// The proof-of-work check the booking flow asks for above normal use (docs/decisions/009-fair-holds.md): the names
// web and API share. Kept free of zod so the web's first bundle can import them.

/** The error code of a hold that needs a solved challenge (403). */
export const CHALLENGE_REQUIRED = 'challenge_required';
/** The error code of a solution that did not pass (forged, expired, used, another session's). */
export const CHALLENGE_INVALID = 'challenge_invalid';
/** Request header carrying base64(JSON({ challenge, solution })). */
export const PROOF_OF_WORK_HEADER = 'X-Proof-Of-Work';
/** Where the browser gets a challenge (under /v1). */
export const CHALLENGE_PATH = '/challenge';
