import { describe, expect, it } from 'vitest';
import { ConfigError, DEV_DEFAULTS, followListeningPort, loadConfig } from './env.ts';

const productionSecrets = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://book.example.com',
  API_KEYS: 'prod-key-1, prod-key-2',
  SESSION_SECRET: 's'.repeat(40),
  LINK_SIGNING_SECRET: 'l'.repeat(40),
  ADMIN_TOKEN: 'a'.repeat(20),
  STAFF_FACTOR_KEY: 'f'.repeat(40),
};

describe('loadConfig', () => {
  it('has documented development defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      nodeEnv: 'development',
      port: 3000,
      host: '0.0.0.0',
      dataDir: './data',
      databaseUrl: undefined,
      apiKeys: ['dev-web-public-key'],
      sessionSecret: DEV_DEFAULTS.SESSION_SECRET,
      adminToken: DEV_DEFAULTS.ADMIN_TOKEN,
      publicUrl: 'http://localhost:3000',
      secureCookies: false,
      maintenanceForced: false,
      maintenanceCacheMs: 2000,
      trustProxy: false,
      stripe: undefined,
      logLevel: 'info',
      restaurantWidgetOrigin: 'https://widget.resdiary.com',
      ipLookupOrigin: 'https://ipapi.co',
    });
  });

  it('names the resort and its reservations desk as configured (one brand for e-mails, calendars, the payment page)', () => {
    expect(loadConfig({ NODE_ENV: 'development' }).brand).toEqual({
      resortName: 'The Links',
      reservationsPhone: '+44 1241 802270',
      reservationsEmail: 'golf@example.com',
    });
    const configured = loadConfig({
      NODE_ENV: 'development',
      RESORT_NAME: 'Old Tom Links',
      RESERVATIONS_PHONE: '+44 1334 466666',
      RESERVATIONS_EMAIL: 'reservations@oldtom.example',
    });
    expect(configured.brand).toEqual({
      resortName: 'Old Tom Links',
      reservationsPhone: '+44 1334 466666',
      reservationsEmail: 'reservations@oldtom.example',
    });
    expect(() => loadConfig({ NODE_ENV: 'development', RESERVATIONS_EMAIL: 'not an address' })).toThrow();
  });

  it('parses numbers, lists, switches and URLs', () => {
    const config = loadConfig({
      PORT: '8080',
      API_KEYS: ' one ,two,, ',
      MAINTENANCE_MODE: 'ON',
      TRUST_PROXY: '2',
      MAINTENANCE_CACHE_MS: '0',
      PUBLIC_URL: 'https://book.example.com/',
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test',
      RESTAURANT_WIDGET_ORIGIN: 'https://widget.example.com/embed/path',
      SMTP_URL: '',
    });
    expect(config.port).toBe(8080);
    expect(config.apiKeys).toEqual(['one', 'two']);
    expect(config.maintenanceForced).toBe(true);
    expect(config.trustProxy).toBe(2);
    expect(config.maintenanceCacheMs).toBe(0);
    expect(config.publicUrl).toBe('https://book.example.com');
    expect(config.secureCookies).toBe(true);
    expect(config.databaseUrl).toBe('postgres://postgres@127.0.0.1:5432/test');
    expect(config.restaurantWidgetOrigin).toBe('https://widget.example.com');
    expect(config.smtpUrl).toBeUndefined();
  });

  it('sends payment reminders 14 and 3 days before a deadline unless told otherwise, furthest first', () => {
    expect(loadConfig({}).bookings.paymentReminderDays).toEqual([14, 3]);
    expect(loadConfig({ PAYMENT_REMINDER_DAYS: ' 3, 21 ,7,3' }).bookings.paymentReminderDays).toEqual([
      21, 7, 3,
    ]);
    expect(loadConfig({ PAYMENT_REMINDER_DAYS: '5' }).bookings.paymentReminderDays).toEqual([5]);
    for (const bad of ['', 'none', '0', '14,', '91', '2.5', '-3']) {
      expect(() => loadConfig({ PAYMENT_REMINDER_DAYS: bad }), bad).toThrow(/PAYMENT_REMINDER_DAYS/);
    }
  });

  it('trusts proxies by hop count or address list, never all of them', () => {
    expect(loadConfig({ TRUST_PROXY: 'off' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: ' 10.0.0.0/8 , 127.0.0.1,loopback, fd00::/8' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      'loopback',
      'fd00::/8',
    ]);
    for (const trustAll of ['on', 'TRUE']) {
      expect(() => loadConfig({ TRUST_PROXY: trustAll })).toThrow(/set the number of proxies in front/);
    }
    expect(() => loadConfig({ TRUST_PROXY: '11' })).toThrow(/at most 10/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/8, proxy.example.com' })).toThrow(
      /not: proxy.example.com/,
    );
  });

  it('turns a third-party origin off with none or an empty value', () => {
    expect(loadConfig({ RESTAURANT_WIDGET_ORIGIN: 'none' }).restaurantWidgetOrigin).toBeUndefined();
    expect(loadConfig({ IP_LOOKUP_ORIGIN: '' }).ipLookupOrigin).toBeUndefined();
    expect(() => loadConfig({ IP_LOOKUP_ORIGIN: 'ftp:/x' })).toThrow('IP_LOOKUP_ORIGIN');
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ MAINTENANCE_MODE: 'maybe' }, 'MAINTENANCE_MODE'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ SESSION_SECRET: 'short' }, 'SESSION_SECRET'],
    [{ PUBLIC_URL: 'not a url' }, 'PUBLIC_URL'],
    [{ STRIPE_SECRET_KEY: 'sk_test_x' }, 'STRIPE_SECRET_KEY'],
  ])('rejects %o naming the variable', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(name);
  });

  it('refuses to start in production without private secrets', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/SESSION_SECRET.*production/s);
    for (const name of [
      'API_KEYS',
      'SESSION_SECRET',
      'LINK_SIGNING_SECRET',
      'ADMIN_TOKEN',
      'STAFF_FACTOR_KEY',
    ] as const) {
      expect(() => loadConfig({ ...productionSecrets, [name]: DEV_DEFAULTS[name] }), name).toThrow(name);
      const { [name]: _unset, ...without } = productionSecrets;
      expect(() => loadConfig(without), `${name} unset`).toThrow(`${name}: must be set to a private value`);
    }
    expect(() => loadConfig({ STAFF_FACTOR_KEY: 'too-short' })).toThrow('STAFF_FACTOR_KEY');
    expect(() => loadConfig({ ...productionSecrets, API_KEYS: 'prod-key,dev-web-public-key' })).toThrow(
      'API_KEYS',
    );
    const config = loadConfig(productionSecrets);
    expect(config.isProduction).toBe(true);
    expect(config.apiKeys).toEqual(['prod-key-1', 'prod-key-2']);
  });

  it('requires PUBLIC_URL in production, where links in e-mails must reach the real site', () => {
    const { PUBLIC_URL: _unset, ...withoutPublicUrl } = productionSecrets;
    expect(() => loadConfig(withoutPublicUrl)).toThrow(ConfigError);
    expect(() => loadConfig(withoutPublicUrl)).toThrow(
      'PUBLIC_URL: required in production: the address visitors use (e.g. https://book.example.com); links in ' +
        'e-mails and calendar files point there',
    );
    expect(loadConfig(productionSecrets)).toMatchObject({
      publicUrl: 'https://book.example.com',
      publicUrlFollowsPort: false,
    });
  });

  it('without PUBLIC_URL outside production, points links at this server and follows the port it listens on', () => {
    const config = loadConfig({ PORT: '0' });
    expect(config).toMatchObject({ publicUrl: 'http://localhost:0', publicUrlFollowsPort: true });
    followListeningPort(config, { address: '0.0.0.0', port: 41234 });
    expect(config.publicUrl).toBe('http://localhost:41234');
    const onLoopback = loadConfig({ PORT: '3200', HOST: '127.0.0.1' });
    expect(onLoopback.publicUrl).toBe('http://127.0.0.1:3200');
    const onIpv6 = loadConfig({ HOST: '::1' });
    followListeningPort(onIpv6, { address: '::1', port: 3300 });
    expect(onIpv6.publicUrl).toBe('http://[::1]:3300');
    // A PUBLIC_URL that was set is never replaced.
    const set = loadConfig({ PUBLIC_URL: 'http://localhost:5173' });
    followListeningPort(set, { address: '::', port: 3001 });
    expect(set.publicUrl).toBe('http://localhost:5173');
  });

  it('requires the Stripe webhook secret in production when Stripe is on', () => {
    const stripe = { STRIPE_SECRET_KEY: 'sk_live_x', STRIPE_PUBLISHABLE_KEY: 'pk_live_x' };
    expect(() => loadConfig({ ...productionSecrets, ...stripe })).toThrow('STRIPE_WEBHOOK_SECRET');
    expect(loadConfig({ ...productionSecrets, ...stripe, STRIPE_WEBHOOK_SECRET: 'whsec_x' }).stripe).toEqual({
      secretKey: 'sk_live_x',
      publishableKey: 'pk_live_x',
      webhookSecret: 'whsec_x',
    });
  });

  it("reads each background job's interval, 0 turning it off, and the hold sweep's former variable", () => {
    expect(loadConfig({}).jobs).toEqual({
      runInBackground: true,
      intervalsMs: {
        'hold-sweep': 30_000,
        'payment-reconciliation': 60_000,
        'payment-schedule': 300_000,
        'mail-outbox': 5_000,
        'mail-purge': 3_600_000,
        'rate-limit-purge': 3_600_000,
        'access-grant-purge': 3_600_000,
        'spent-challenge-purge': 3_600_000,
        'planner-statistics': 60_000,
      },
    });
    const jobs = (env: Record<string, string>) => loadConfig(env).jobs.intervalsMs;
    expect(jobs({ JOB_MAIL_OUTBOX_INTERVAL_MS: '0' })['mail-outbox']).toBe(0);
    expect(jobs({ HOLD_SWEEP_INTERVAL_MS: '100' })['hold-sweep']).toBe(100);
    expect(jobs({ HOLD_SWEEP_INTERVAL_MS: '100', JOB_HOLD_SWEEP_INTERVAL_MS: '250' })['hold-sweep']).toBe(
      250,
    );
    expect(jobs({ JOB_HOLD_SWEEP_INTERVAL_MS: ' ', HOLD_SWEEP_INTERVAL_MS: '0' })['hold-sweep']).toBe(0);
    expect(() => loadConfig({ HOLD_SWEEP_INTERVAL_MS: 'soon' })).toThrow(/HOLD_SWEEP_INTERVAL_MS/);
    expect(() => loadConfig({ JOB_MAIL_PURGE_INTERVAL_MS: '-1' })).toThrow(/JOB_MAIL_PURGE_INTERVAL_MS/);
    expect(() => loadConfig({ JOB_MAIL_PURGE_INTERVAL_MS: String(2 * 86_400_000) })).toThrow(
      /JOB_MAIL_PURGE_INTERVAL_MS/,
    );
  });
});
