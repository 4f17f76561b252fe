// Tour operators created for the journeys by start-server.ts with `npm run operator -- create` (the e2e server runs
// with NODE_ENV=production, which seeds no demo operators). A fresh database each run, so fixed passwords are fine.

export type JourneyOperator = {
  username: string;
  password: string;
  company: string;
  email: string;
  deposit: number;
};

/** 50 % deposit. Its password is never changed by a journey, so any number of journeys may sign in with it. */
export const DEPOSIT_OPERATOR: JourneyOperator = {
  username: 'e2e-fairway',
  password: 'Fairway-Journeys-2026!',
  company: 'Fairway Journeys Ltd',
  email: 'bookings@e2e-fairway.example',
  deposit: 50,
};

/**
 * 0 % deposit. Only the serial password journeys of operator.spec.ts sign in with it: they change its password, and
 * a password change signs its other sessions out.
 */
export const PASSWORD_OPERATOR: JourneyOperator = {
  username: 'e2e-links',
  password: 'Links-Journeys-2026!',
  company: 'Links Journeys Ltd',
  email: 'desk@e2e-links.example',
  deposit: 0,
};

export const JOURNEY_OPERATORS: readonly JourneyOperator[] = [DEPOSIT_OPERATOR, PASSWORD_OPERATOR];

/**
 * Created with no password given, so the CLI generates a one-time password (printed once), which start-server.ts
 * leaves in .cache for the journey that signs in with it and must choose its own (issue 24).
 */
export const ONE_TIME_OPERATOR = {
  username: 'e2e-one-time',
  company: 'One Time Tours Ltd',
  email: 'desk@e2e-one-time.example',
} as const;

/** ONE_TIME_OPERATOR's one-time password, as run-secrets.ts keeps it. */
export const ONE_TIME_PASSWORD_SECRET = 'e2e-one-time-password';
