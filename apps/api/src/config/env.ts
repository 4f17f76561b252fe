import { z } from 'zod';
import { JOB_SETTINGS, type JobSetting, MAX_JOB_INTERVAL_MS, type ScheduledJobName } from './job-settings.ts';

// Development defaults for secrets. They are public (they live in the repository), so production refuses them:
// loadConfig throws when NODE_ENV=production and any of these is missing or still set to its default.
export const DEV_DEFAULTS = {
  API_KEYS: 'dev-web-public-key',
  SESSION_SECRET: 'dev-session-secret-change-me-0123456789abcdef',
  LINK_SIGNING_SECRET: 'dev-link-signing-secret-change-me-0123456789',
  ADMIN_TOKEN: 'dev-admin-token',
  STAFF_FACTOR_KEY: 'dev-staff-factor-key-change-me-0123456789abc',
} as const;

const SECRET_NAMES = [
  'API_KEYS',
  'SESSION_SECRET',
  'LINK_SIGNING_SECRET',
  'ADMIN_TOKEN',
  'STAFF_FACTOR_KEY',
] as const;

const onOff = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.enum(['on', 'off', 'true', 'false', '1', '0']))
  .transform((value) => value === 'on' || value === 'true' || value === '1');

const optionalString = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

const optionalUrl = optionalString.pipe(z.url().optional());

const TRUST_ALL_MESSAGE =
  'trusting every proxy lets any client choose its own address in X-Forwarded-For: set the number of proxies in ' +
  'front of the server (e.g. 1 behind one load balancer) or their addresses/CIDRs (e.g. 10.0.0.0/8), or off';

/** An IPv4 or IPv6 address, optionally with a /prefix, or one of proxy-addr's named ranges. */
const PROXY_ADDRESS = /^(loopback|linklocal|uniquelocal|[0-9a-f.:]+(\/\d{1,3})?)$/i;

/**
 * TRUST_PROXY: off (no proxy: the socket address is the client), a number of proxy hops in front, or a
 * comma-separated list of the proxies' addresses/CIDRs. Fastify then takes the right-most X-Forwarded-For entry
 * not added by a trusted proxy; 'on' (trust every entry, the left-most of which the client writes) is refused.
 */
const trustProxySetting = z
  .string()
  .trim()
  .toLowerCase()
  .transform((value, context): false | number | string[] => {
    if (value === '' || value === 'off' || value === 'false' || value === '0') return false;
    if (value === 'on' || value === 'true') {
      context.addIssue({ code: 'custom', message: TRUST_ALL_MESSAGE });
      return z.NEVER;
    }
    if (/^\d+$/.test(value)) {
      const hops = Number(value);
      if (hops > 10) context.addIssue({ code: 'custom', message: 'must be at most 10 proxy hops' });
      return hops;
    }
    const proxies = value
      .split(',')
      .map((entry) => entry.trim())
      .filter((entry) => entry !== '');
    const invalid = proxies.filter((entry) => !PROXY_ADDRESS.test(entry));
    if (proxies.length === 0 || invalid.length > 0) {
      context.addIssue({
        code: 'custom',
        message: `must be off, a number of proxy hops, or proxy addresses/CIDRs (not: ${invalid.join(', ')})`,
      });
      return z.NEVER;
    }
    return proxies;
  });

// Origins are compared verbatim by browsers in CSP and CORS, so they must be scheme://host[:port] without a path.
const origin = z
  .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
  .transform((value) => new URL(value).origin);

/** Third-party origins the site loads by default (they match the web app's defaults); `none` turns one off. */
export const DEFAULT_ORIGINS = {
  restaurantWidget: 'https://widget.resdiary.com',
  ipLookup: 'https://ipapi.co',
} as const;

function thirdPartyOrigin(fallback: string) {
  return z
    .string()
    .trim()
    .default(fallback)
    .transform((value) => (value === '' || value.toLowerCase() === 'none' ? undefined : value))
    .pipe(origin.optional());
}

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().trim().min(1).default('0.0.0.0'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATABASE_URL: optionalString.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// connection string')
      .optional(),
  ),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  API_KEYS: optionalString,
  SESSION_SECRET: optionalString.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  LINK_SIGNING_SECRET: optionalString.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  ADMIN_TOKEN: optionalString.pipe(z.string().min(12, 'must be at least 12 characters').optional()),
  STAFF_FACTOR_KEY: optionalString.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  PUBLIC_URL: optionalUrl,
  TRUST_PROXY: trustProxySetting.default(false),
  MAINTENANCE_MODE: onOff.default(false),
  MAINTENANCE_CACHE_MS: z.coerce.number().int().min(0).max(600_000).default(2000),
  DIARY_CACHE_MS: z.coerce.number().int().min(0).max(10_000).default(1000),
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_PUBLISHABLE_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  // Point stripe-node at another endpoint (a local fake of Stripe's API in tests and offline runs).
  STRIPE_API_HOST: optionalString,
  STRIPE_API_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  STRIPE_API_PROTOCOL: optionalString.pipe(z.enum(['http', 'https']).optional()),
  SMTP_URL: optionalUrl,
  // A placeholder domain by default: mail sent as a domain the operator does not own fails SPF and DMARC. Set it to an
  // address of the resort's own domain (.env.example).
  MAIL_FROM: z.string().trim().min(3).default('The Links <bookings@example.com>'),
  RESORT_NAME: z.string().trim().min(1).max(80).default('The Links'),
  RESERVATIONS_PHONE: z.string().trim().min(3).max(40).default('+44 1241 802270'),
  RESERVATIONS_EMAIL: z.email().default('golf@example.com'),
  // The supplier on VAT invoices and credit notes. Demo values: a deployment sets the operating company's own.
  COMPANY_NAME: z.string().trim().min(1).max(120).default('The Links Golf Management Ltd'),
  COMPANY_ADDRESS: z
    .string()
    .trim()
    .min(1)
    .max(300)
    .default('Links Parade, Carnoustie, Angus DD7 7JE, United Kingdom'),
  VAT_NUMBER: z.string().trim().min(1).max(40).default('GB 123 4567 89'),
  RESTAURANT_WIDGET_ORIGIN: thirdPartyOrigin(DEFAULT_ORIGINS.restaurantWidget),
  IP_LOOKUP_ORIGIN: thirdPartyOrigin(DEFAULT_ORIGINS.ipLookup),
  WEB_DIST_DIR: optionalString,
  MAX_LIVE_HOLDS_PER_SESSION: z.coerce.number().int().min(1).max(1_000_000).default(2),
  MAX_LIVE_HOLDS_PER_ADDRESS: z.coerce.number().int().min(1).max(1000).default(12),
  MAX_LIVE_HOLDS_PER_NETWORK: z.coerce.number().int().min(1).max(10_000).default(24),
  MAX_LIVE_HOLDS_PER_OPERATOR: z.coerce.number().int().min(1).max(1000).default(20),
  HOLD_SHARE_PER_NETWORK_PERCENT: z.coerce.number().int().min(1).max(100).default(25),
  HOLD_CHALLENGE: onOff.default(true),
  CANCEL_UNPAID_TERMS: onOff.default(false),
  NAMES_DEADLINE_DAYS: z.coerce.number().int().min(1).max(90).default(14),
  PAYMENT_REMINDER_DAYS: z
    .string()
    .trim()
    .default('14,3')
    .transform((value, context) => {
      const days = value.split(',').map((entry) => entry.trim());
      const numbers = days.map(Number);
      if (days.some((entry) => !/^\d+$/.test(entry)) || numbers.some((day) => day < 1 || day > 90)) {
        context.addIssue({ code: 'custom', message: 'must be whole days from 1 to 90, comma separated' });
        return z.NEVER;
      }
      // Furthest first, each once: the job sends them in that order.
      return [...new Set(numbers)].sort((a, b) => b - a);
    }),
  BOOKING_RATE_LIMIT_MAX: z.coerce.number().int().min(1).max(10_000).default(60),
  BOOKING_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).max(86_400).default(600),
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
  MAX_CONNECTIONS_PER_ADDRESS: z.coerce.number().int().min(0).max(100_000).default(128),
});

const jobInterval = z.coerce.number().int().min(0).max(MAX_JOB_INTERVAL_MS);

/** Each job's JOB_*_INTERVAL_MS (or the older name it replaced), problems added to `problems`. */
function jobIntervals(
  env: Record<string, string | undefined>,
  problems: string[],
): Record<ScheduledJobName, number> {
  const intervals = {} as Record<ScheduledJobName, number>;
  for (const [name, setting] of Object.entries(JOB_SETTINGS) as Array<[ScheduledJobName, JobSetting]>) {
    const given = [setting.env, setting.formerEnv].find(
      (variable) => variable !== undefined && (env[variable] ?? '').trim() !== '',
    );
    const parsed = jobInterval.safeParse(given === undefined ? setting.defaultMs : env[given]);
    if (parsed.success) intervals[name] = parsed.data;
    else problems.push(`${given}: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
  }
  return intervals;
}

export type StripeApiEndpoint = { host: string; port: number; protocol: 'http' | 'https' };

export type AppConfig = {
  nodeEnv: 'development' | 'test' | 'production';
  isProduction: boolean;
  port: number;
  host: string;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** PostgreSQL connection string; undefined means embedded PGlite in dataDir. */
  databaseUrl: string | undefined;
  dataDir: string;
  apiKeys: readonly string[];
  sessionSecret: string;
  linkSigningSecret: string;
  adminToken: string;
  /**
   * STAFF_FACTOR_KEY: the key material from which the key that encrypts staff TOTP secrets at rest is derived
   * (modules/staff/factor-secret.ts). Its own secret, so rotating SESSION_SECRET never loses every staff factor.
   */
  staffFactorKey: string;
  /**
   * The site's address, for links in e-mails and calendar files and for payment return addresses: PUBLIC_URL, or
   * outside production (where it is required) this server's own address, http://localhost:<port>, which follows the
   * port it actually listens on once it does (followListeningPort; PORT=0 included).
   */
  publicUrl: string;
  /** PUBLIC_URL was not set: publicUrl is this server's own address (development and tests). */
  publicUrlFollowsPort: boolean;
  /** True when PUBLIC_URL is https: cookies get Secure and HSTS is sent. */
  secureCookies: boolean;
  /**
   * Behind reverse proxies: how many hops, or which addresses, to trust for X-Forwarded-For/-Proto (Fastify's
   * trustProxy); false when clients connect directly.
   */
  trustProxy: false | number | string[];
  /** A request (headers and body) must arrive whole within this, else 408 and the connection is closed. */
  requestTimeoutMs: number;
  /**
   * Connections one address (an IPv6 /64) may hold open at once; more are closed as they arrive. 0 = no cap. Not
   * applied behind a trusted proxy, whose own address every connection has: there the proxy owns the cap.
   */
  maxConnectionsPerAddress: number;
  /** MAINTENANCE_MODE=on forces maintenance regardless of the database flag. */
  maintenanceForced: boolean;
  maintenanceCacheMs: number;
  /** How long a built public diary answer is reused (decision 006); 0 turns the micro-cache off. */
  diaryCacheMs: number;
  stripe:
    | {
        secretKey: string;
        publishableKey: string;
        webhookSecret: string | undefined;
        /** Another API endpoint than api.stripe.com (a local fake); unset in real deployments. */
        api?: StripeApiEndpoint;
      }
    | undefined;
  /** STRIPE_WEBHOOK_SECRET whichever provider runs: the sandbox verifies signed test events with it too. */
  stripeWebhookSecret: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** The resort as e-mails, calendar files and the sandbox payment page name it, and how to reach reservations. */
  brand: { resortName: string; reservationsPhone: string; reservationsEmail: string };
  /** The supplier VAT invoices and credit notes name (COMPANY_NAME, COMPANY_ADDRESS, VAT_NUMBER). */
  invoicing: { companyName: string; address: string; vatNumber: string };
  restaurantWidgetOrigin: string | undefined;
  ipLookupOrigin: string | undefined;
  /** Built web app served in production; undefined means resolve apps/web/dist relative to the bundle. */
  webDistDir: string | undefined;
  bookings: {
    /**
     * Live (unpaid) holds at once: per browser session, per client address, per network (IPv4 /24, IPv6 /64) and,
     * for tour operators instead of the three, per operator account (docs/decisions/009-fair-holds.md).
     */
    maxLiveHolds: { session: number; address: number; network: number; operator: number };
    /** The share (percent) of a course-day's places that unpaid holds from one network may take at once. */
    holdSharePerNetworkPercent: number;
    /** Ask for a proof-of-work challenge once a session, address or network is above normal use. */
    holdChallenge: boolean;
    /**
     * Whether the payment-schedule job cancels a booking on terms once its deadline has passed (spec section 9). Off
     * until payments taken by phone can be recorded: it would otherwise cancel bookings that were paid.
     */
    cancelUnpaidTerms: boolean;
    /**
     * How many days before a deadline on terms each payment reminder goes, furthest first (default 14 and 3). The
     * last always goes, however close the deadline was when the booking was made.
     */
    paymentReminderDays: number[];
    /**
     * Tour operators give their golfers' names until the end of the UK day this many days before the first round
     * (default 14); a reminder goes a week before that deadline.
     */
    namesDeadlineDays: number;
    /** Booking creations per client address in any window of windowSeconds (sliding). */
    createRateLimit: { max: number; windowSeconds: number };
  };
  /** Background work (`src/jobs`). */
  jobs: {
    /** Each job on its timer in this process; false in the API tests, which run passes with app.jobs.runOnce. */
    runInBackground: boolean;
    /** How often each instance runs each job; 0 turns a job off. */
    intervalsMs: Record<ScheduledJobName, number>;
  };
};

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

export function loadConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  const values = parsed.data;
  const isProduction = values.NODE_ENV === 'production';
  const problems: string[] = [];

  const secret = (name: (typeof SECRET_NAMES)[number]): string => {
    const value = values[name];
    if (isProduction && (value === undefined || value === DEV_DEFAULTS[name])) {
      problems.push(`${name}: must be set to a private value in production`);
    }
    return value ?? DEV_DEFAULTS[name];
  };

  const apiKeys = secret('API_KEYS')
    .split(',')
    .map((key) => key.trim())
    .filter((key) => key.length > 0);
  if (apiKeys.length === 0) problems.push('API_KEYS: must list at least one key');
  if (isProduction && apiKeys.includes(DEV_DEFAULTS.API_KEYS)) {
    problems.push(`API_KEYS: the development key ${DEV_DEFAULTS.API_KEYS} is not accepted in production`);
  }
  const sessionSecret = secret('SESSION_SECRET');
  const linkSigningSecret = secret('LINK_SIGNING_SECRET');
  const adminToken = secret('ADMIN_TOKEN');
  const staffFactorKey = secret('STAFF_FACTOR_KEY');

  let stripe: AppConfig['stripe'];
  if (values.STRIPE_SECRET_KEY || values.STRIPE_PUBLISHABLE_KEY) {
    if (!values.STRIPE_SECRET_KEY || !values.STRIPE_PUBLISHABLE_KEY) {
      problems.push('STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY must be set together');
    } else {
      if (isProduction && !values.STRIPE_WEBHOOK_SECRET) {
        problems.push('STRIPE_WEBHOOK_SECRET: required in production when Stripe is configured');
      }
      stripe = {
        secretKey: values.STRIPE_SECRET_KEY,
        publishableKey: values.STRIPE_PUBLISHABLE_KEY,
        webhookSecret: values.STRIPE_WEBHOOK_SECRET,
        ...(values.STRIPE_API_HOST && {
          api: {
            host: values.STRIPE_API_HOST,
            port: values.STRIPE_API_PORT ?? (values.STRIPE_API_PROTOCOL === 'http' ? 80 : 443),
            protocol: values.STRIPE_API_PROTOCOL ?? 'https',
          },
        }),
      };
    }
  }

  const intervalsMs = jobIntervals(env, problems);
  if (isProduction && values.PUBLIC_URL === undefined) {
    problems.push(
      'PUBLIC_URL: required in production: the address visitors use (e.g. https://book.example.com); links in ' +
        'e-mails and calendar files point there',
    );
  }

  if (problems.length > 0) throw new ConfigError(problems);

  const publicUrl = values.PUBLIC_URL?.replace(/\/+$/, '') ?? ownAddress(values.HOST, values.PORT);
  return {
    nodeEnv: values.NODE_ENV,
    isProduction,
    port: values.PORT,
    host: values.HOST,
    logLevel: values.LOG_LEVEL,
    databaseUrl: values.DATABASE_URL,
    dataDir: values.DATA_DIR,
    apiKeys,
    sessionSecret,
    linkSigningSecret,
    adminToken,
    staffFactorKey,
    publicUrl,
    publicUrlFollowsPort: values.PUBLIC_URL === undefined,
    secureCookies: publicUrl.startsWith('https://'),
    trustProxy: values.TRUST_PROXY,
    requestTimeoutMs: values.REQUEST_TIMEOUT_MS,
    maxConnectionsPerAddress: values.MAX_CONNECTIONS_PER_ADDRESS,
    maintenanceForced: values.MAINTENANCE_MODE,
    maintenanceCacheMs: values.MAINTENANCE_CACHE_MS,
    diaryCacheMs: values.DIARY_CACHE_MS,
    stripe,
    stripeWebhookSecret: values.STRIPE_WEBHOOK_SECRET,
    smtpUrl: values.SMTP_URL,
    mailFrom: values.MAIL_FROM,
    brand: {
      resortName: values.RESORT_NAME,
      reservationsPhone: values.RESERVATIONS_PHONE,
      reservationsEmail: values.RESERVATIONS_EMAIL,
    },
    invoicing: {
      companyName: values.COMPANY_NAME,
      address: values.COMPANY_ADDRESS,
      vatNumber: values.VAT_NUMBER,
    },
    restaurantWidgetOrigin: values.RESTAURANT_WIDGET_ORIGIN,
    ipLookupOrigin: values.IP_LOOKUP_ORIGIN,
    webDistDir: values.WEB_DIST_DIR,
    bookings: {
      maxLiveHolds: {
        session: values.MAX_LIVE_HOLDS_PER_SESSION,
        address: values.MAX_LIVE_HOLDS_PER_ADDRESS,
        network: values.MAX_LIVE_HOLDS_PER_NETWORK,
        operator: values.MAX_LIVE_HOLDS_PER_OPERATOR,
      },
      holdSharePerNetworkPercent: values.HOLD_SHARE_PER_NETWORK_PERCENT,
      holdChallenge: values.HOLD_CHALLENGE,
      cancelUnpaidTerms: values.CANCEL_UNPAID_TERMS,
      paymentReminderDays: values.PAYMENT_REMINDER_DAYS,
      namesDeadlineDays: values.NAMES_DEADLINE_DAYS,
      createRateLimit: {
        max: values.BOOKING_RATE_LIMIT_MAX,
        windowSeconds: values.BOOKING_RATE_LIMIT_WINDOW_SECONDS,
      },
    },
    jobs: { runInBackground: true, intervalsMs },
  };
}

/** http://<host>:<port> for a server listening on `host` (any address: localhost; an IPv6 literal in brackets). */
function ownAddress(host: string, port: number): string {
  const name =
    host === '0.0.0.0' || host === '::' || host === '' || host === 'localhost' ? 'localhost' : host;
  return `http://${name.includes(':') ? `[${name}]` : name}:${port}`;
}

/**
 * Once the server listens: without PUBLIC_URL, links point at the port it really has (PORT=0 lets the system choose
 * one, and PORT is not what the links had before the server started).
 */
export function followListeningPort(config: AppConfig, listening: { address: string; port: number }): void {
  if (config.publicUrlFollowsPort) config.publicUrl = ownAddress(listening.address, listening.port);
}
