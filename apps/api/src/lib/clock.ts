/**
 * The time every rule reads: "today", the slot horizon, hold and session expiry, reset links, the 24-hour caddie
 * cut-off. Passed in (the app's `clock`, a use case's `clock` dependency) rather than read from `Date`, so a test
 * pins one app's time without faking `Date` for the process (PGlite reads it for its own clock). Rate-limit windows
 * and leases use the database's clock instead, which every instance shares.
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock a test can pin to a time (or a function of time); unpinned, it reads the system time. */
export class PinnableClock implements Clock {
  #pinned: (() => Date) | undefined;

  now(): Date {
    return this.#pinned?.() ?? new Date();
  }

  /** Pins this clock; a Date stands still, a function is read at each call; undefined returns to real time. */
  pin(to: Date | (() => Date) | undefined): void {
    this.#pinned = to instanceof Date ? () => to : to;
  }
}
