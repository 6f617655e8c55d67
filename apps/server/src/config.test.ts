import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, moneyModeBootLine } from './config.ts';
import { repoRootDir } from './paths.ts';
import { PRODUCTION_ENV } from './test/production-env.ts';

describe('loadConfig', () => {
  it('refuses to boot in production on the console SMS provider, naming SMS_PROVIDER', () => {
    for (const env of [
      { NODE_ENV: 'production' },
      { NODE_ENV: 'production', SMS_PROVIDER: 'console' },
    ]) {
      expect(() => loadConfig(env)).toThrow(ConfigError);
      expect(() => loadConfig(env)).toThrow(/SMS_PROVIDER: .*SMS_PROVIDER=http/);
    }
    expect(loadConfig(PRODUCTION_ENV).sms.provider).toBe('http');
    // Development keeps working offline with the console provider.
    expect(loadConfig({}).sms.provider).toBe('console');
  });

  it('refuses to boot in production until MONEY_MODE is set; elsewhere real by default, said in the log', () => {
    const { MONEY_MODE: _set, ...withoutMode } = PRODUCTION_ENV;
    expect(() => loadConfig(withoutMode)).toThrow(ConfigError);
    expect(() => loadConfig(withoutMode)).toThrow(/MONEY_MODE: required when NODE_ENV=production/);
    expect(() => loadConfig({ ...withoutMode, MONEY_MODE: '' })).toThrow(/MONEY_MODE/);
    expect(loadConfig({ ...withoutMode, MONEY_MODE: 'play' }).moneyMode).toBe('play');
    expect(loadConfig(PRODUCTION_ENV)).toMatchObject({
      moneyMode: 'real',
      moneyModeExplicit: true,
    });
    expect(moneyModeBootLine(loadConfig(PRODUCTION_ENV))).toEqual({
      level: 'info',
      message:
        'money mode: real (for licensed markets only), with no automated gateway until a real ' +
        'one is configured',
    });

    // The embedded default: real money with the simulated gateways, and a warning saying so.
    const embedded = loadConfig({});
    expect(embedded).toMatchObject({ moneyMode: 'real', moneyModeExplicit: false });
    const line = moneyModeBootLine(embedded);
    expect(line.level).toBe('warn');
    expect(line.message).toMatch(
      /^money mode: real, the embedded default \(MONEY_MODE is not set\)/,
    );
    expect(line.message).toContain('the simulated payment gateways');

    const play = loadConfig({ MONEY_MODE: 'play', PLAY_ALLOWANCE_POINTS: '500' });
    expect(play.playAllowancePoints).toBe(500);
    expect(moneyModeBootLine(play).message).toContain('a daily allowance of 500 points');
    expect(loadConfig({}).playAllowancePoints).toBe(1000);
    expect(() => loadConfig({ PLAY_ALLOWANCE_POINTS: '0' })).toThrow(/PLAY_ALLOWANCE_POINTS/);
  });

  it('applies the defaults', () => {
    const config = loadConfig({}, '/srv/somewhere');
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      databaseUrl: undefined,
      redisUrl: undefined,
      dataDir: '/srv/somewhere/data',
      logLevel: 'info',
      nodeEnv: 'development',
      trustProxy: false,
    });
  });

  it('listens on this machine only unless HOST says otherwise', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '' }).host).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(loadConfig({ HOST: '::' }).host).toBe('::');
  });

  it('applies the cashier defaults; the gateway simulator is off in production unless asked', () => {
    const config = loadConfig({}, '/srv/somewhere');
    expect(config.cashier).toMatchObject({
      depositExpiryMinutes: 1440,
      gatewayPaymentExpiryMinutes: 30,
      withdrawMinPoints: 100,
      withdrawMaxPoints: 200_000,
      kycRequiredAbovePoints: 10_000,
      uploadMaxBytes: 5 * 1024 * 1024,
      uploadDir: '/srv/somewhere/data/uploads',
      fastpaySecret: undefined,
      gatewaySimulator: true,
    });
    expect(loadConfig(PRODUCTION_ENV).cashier.gatewaySimulator).toBe(false);
    expect(
      loadConfig({ ...PRODUCTION_ENV, GATEWAY_SIMULATOR: 'on' }).cashier.gatewaySimulator,
    ).toBe(true);
    expect(() => loadConfig({ FASTPAY_SECRET: 'short' })).toThrow(/FASTPAY_SECRET/);
  });

  it('logs readable lines at a terminal outside production, JSON otherwise; LOG_FORMAT wins', () => {
    expect(loadConfig({}, '/srv', true).logFormat).toBe('pretty');
    expect(loadConfig({}, '/srv', false).logFormat).toBe('json');
    expect(loadConfig(PRODUCTION_ENV, '/srv', true).logFormat).toBe('json');
    expect(loadConfig({ LOG_FORMAT: 'pretty' }, '/srv', false).logFormat).toBe('pretty');
    expect(loadConfig({ LOG_FORMAT: 'json' }, '/srv', true).logFormat).toBe('json');
    expect(() => loadConfig({ LOG_FORMAT: 'xml' })).toThrow(/LOG_FORMAT/);
  });

  it('finds the SPA builds from the repo root whatever the cwd', () => {
    for (const cwd of ['/', tmpdir(), '/work']) {
      const config = loadConfig({}, cwd);
      expect(config.webDistDir).toBe(join(repoRootDir, 'apps/web/dist'));
      expect(config.backofficeDistDir).toBe(join(repoRootDir, 'apps/backoffice/dist'));
    }
    const explicit = loadConfig({ WEB_DIST: 'build/web' }, '/opt/spm');
    expect(explicit.webDistDir).toBe(resolve('/opt/spm', 'build/web'));
  });

  it('rejects a bad PORT with a message naming the key', () => {
    for (const PORT of ['abc', '70000', '-1', '80.5']) {
      expect(() => loadConfig({ PORT })).toThrow(ConfigError);
      expect(() => loadConfig({ PORT })).toThrow(/PORT/);
    }
  });

  it('names every bad key and never echoes a database password', () => {
    let message = '';
    try {
      loadConfig({
        LOG_LEVEL: 'loud',
        DATABASE_URL: 'mysql://user:s3cret@host/db',
        NODE_ENV: 'staging',
      });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/LOG_LEVEL/);
    expect(message).toMatch(/DATABASE_URL/);
    expect(message).toMatch(/NODE_ENV/);
    expect(message).not.toContain('s3cret');
  });

  it('reads PostgreSQL and Redis URLs and treats empty values as unset', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test',
      REDIS_URL: 'redis://127.0.0.1:6379',
      PORT: '',
    });
    expect(config.databaseUrl).toBe('postgres://postgres@127.0.0.1:5432/test');
    expect(config.redisUrl).toBe('redis://127.0.0.1:6379');
    expect(config.port).toBe(8080);
  });

  it('parses TRUST_PROXY as a flag, a hop count or an address list', () => {
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
    ]);
    expect(() => loadConfig({ TRUST_PROXY: 'yes please' })).toThrow(/TRUST_PROXY/);
  });

  it('applies the identity defaults', () => {
    const config = loadConfig({});
    expect(config.session).toEqual({ idleMinutes: 60, absoluteHours: 24 });
    expect(config.sms).toEqual({ provider: 'console' });
    expect(config.otp).toEqual({
      ttlMinutes: 10,
      maxAttempts: 5,
      resendCooldownSeconds: 30,
      maxPerPhonePerHour: 5,
      maxPerIpPerHour: 20,
    });
    expect(config.login).toEqual({ maxFailures: 5, lockMinutes: 15 });
    expect(config.redisPrefix).toBe('spm:');
  });

  it('reads the identity keys', () => {
    const config = loadConfig({
      SESSION_IDLE_MINUTES: '30',
      SESSION_ABSOLUTE_HOURS: '12',
      OTP_TTL_MINUTES: '5',
      OTP_MAX_ATTEMPTS: '3',
      OTP_RESEND_COOLDOWN_SECONDS: '60',
      OTP_MAX_PER_PHONE_PER_HOUR: '4',
      OTP_MAX_PER_IP_PER_HOUR: '50',
      LOGIN_MAX_FAILURES: '10',
      LOGIN_LOCK_MINUTES: '30',
      REDIS_PREFIX: 'site-a:',
    });
    expect(config.session).toEqual({ idleMinutes: 30, absoluteHours: 12 });
    expect(config.otp).toEqual({
      ttlMinutes: 5,
      maxAttempts: 3,
      resendCooldownSeconds: 60,
      maxPerPhonePerHour: 4,
      maxPerIpPerHour: 50,
    });
    expect(config.login).toEqual({ maxFailures: 10, lockMinutes: 30 });
    expect(config.redisPrefix).toBe('site-a:');
  });

  it('rejects out-of-range identity values naming the key', () => {
    for (const [key, value] of [
      ['SESSION_IDLE_MINUTES', '0'],
      ['SESSION_ABSOLUTE_HOURS', 'day'],
      ['OTP_TTL_MINUTES', '0'],
      ['OTP_MAX_ATTEMPTS', '1.5'],
      ['LOGIN_MAX_FAILURES', '-1'],
      ['SMS_PROVIDER', 'pigeon'],
      ['REDIS_PREFIX', 'has space'],
    ] as const) {
      expect(() => loadConfig({ [key]: value })).toThrow(new RegExp(key));
    }
  });

  it('requires URL, key and sender for SMS_PROVIDER=http and never echoes the key', () => {
    let message = '';
    try {
      loadConfig({ SMS_PROVIDER: 'http' });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/SMS_HTTP_URL: required when SMS_PROVIDER=http/);
    expect(message).toMatch(/SMS_HTTP_API_KEY: required when SMS_PROVIDER=http/);
    expect(message).toMatch(/SMS_HTTP_SENDER: required when SMS_PROVIDER=http/);

    expect(() =>
      loadConfig({
        SMS_PROVIDER: 'http',
        SMS_HTTP_URL: 'ftp://gateway',
        SMS_HTTP_API_KEY: 'k3y-s3cret',
        SMS_HTTP_SENDER: 'SPM',
      }),
    ).toThrow(/SMS_HTTP_URL/);
    try {
      loadConfig({ SMS_PROVIDER: 'http', SMS_HTTP_API_KEY: 'k3y-s3cret', SMS_HTTP_URL: 'x' });
    } catch (error) {
      expect((error as Error).message).not.toContain('k3y-s3cret');
    }

    const config = loadConfig({
      SMS_PROVIDER: 'http',
      SMS_HTTP_URL: 'https://sms.example/send',
      SMS_HTTP_API_KEY: 'k3y-s3cret',
      SMS_HTTP_SENDER: 'SPM',
    });
    expect(config.sms).toEqual({
      provider: 'http',
      url: 'https://sms.example/send',
      apiKey: 'k3y-s3cret',
      sender: 'SPM',
    });
  });

  it('times the SPM Games tables: defaults, the e2e overrides, bad values named', () => {
    expect(loadConfig({}).spm).toEqual({
      run: true,
      bettingSecondsOverride: undefined,
      dealStepMs: 800,
      settledPauseMs: 5000,
    });
    expect(
      loadConfig({
        SPM_BETTING_SECONDS_OVERRIDE: '3',
        SPM_DEAL_STEP_MS: '100',
        SPM_SETTLED_PAUSE_MS: '0',
        SPM_TABLES: 'off',
      }).spm,
    ).toEqual({ run: false, bettingSecondsOverride: 3, dealStepMs: 100, settledPauseMs: 0 });
    // One process runs the tables: a cluster node runs them only when told.
    const cluster = {
      CLUSTER: 'on',
      DATABASE_URL: 'postgres://db/spm',
      REDIS_URL: 'redis://cache',
    };
    expect(loadConfig(cluster).spm.run).toBe(false);
    expect(loadConfig({ ...cluster, SPM_TABLES: 'on' }).spm.run).toBe(true);
    expect(() => loadConfig({ SPM_BETTING_SECONDS_OVERRIDE: '0' })).toThrow(
      /SPM_BETTING_SECONDS_OVERRIDE/,
    );
    expect(() => loadConfig({ SPM_DEAL_STEP_MS: '10' })).toThrow(/SPM_DEAL_STEP_MS/);
  });

  it('reads MONEY_MODE: real by default, play when asked, anything else a named start error', () => {
    expect(loadConfig({}).moneyMode).toBe('real');
    expect(loadConfig({ MONEY_MODE: 'play' }).moneyMode).toBe('play');
    expect(loadConfig({ MONEY_MODE: 'real' }).moneyMode).toBe('real');
    for (const MONEY_MODE of ['points', 'PLAY', 'demo']) {
      expect(() => loadConfig({ MONEY_MODE })).toThrow(ConfigError);
      expect(() => loadConfig({ MONEY_MODE })).toThrow(/MONEY_MODE: must be real or play/);
    }
  });
});
