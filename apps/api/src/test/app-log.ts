// The log of the apps a test file builds (createTestApp writes to it, log-privacy.setup.ts reads it). A module of
// its own, importing nothing: the setup file runs before the test file, and anything it imports is loaded before
// the test file's vi.mock calls could replace it.

const lines: string[] = [];

/** pino's destination: every line the app logs, kept in memory for this test file. */
export const appLogStream = { write: (line: string) => void lines.push(line) };

export function capturedAppLog(): string {
  return lines.join('');
}
