// Debian's Chromium (scripts/ensure-chromium.sh installs it) and the flags for a sandbox-less, quiet run on a CI
// machine: one list for the Playwright journeys, the web's screenshot scripts and the bench's Lighthouse runs.

export const DEBIAN_CHROMIUM = '/usr/bin/chromium';

/** No sandbox, GPU, QUIC, first-run, background networking, component updates or sync. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
