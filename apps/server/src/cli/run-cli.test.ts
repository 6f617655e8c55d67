import { APP_DETAILS_MAX_LENGTH } from '@spm/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, openPgliteDatabase } from '../db/database.ts';
import { appSettings } from '../modules/site/tables.ts';
import { auditLog } from '../audit/audit-tables.ts';
import { staffSessions } from '../modules/identity/tables.ts';
import { insertStaffSession } from '../modules/identity/staff-session-repository.ts';
import { findStaffUserByUsername } from '../modules/identity/staff-user-repository.ts';
import { verifyPassword } from '../security/password.ts';
import { hashToken, randomToken } from '../security/tokens.ts';
import { seed } from '../seed.ts';
import { parseSettingValue } from '../modules/site/app-settings.ts';
import { makeTempDir } from '../test/harness.ts';
import { EXIT_FAILURE, EXIT_OK, EXIT_USAGE, runCli } from './run-cli.ts';

describe('parseSettingValue (set-setting validation)', () => {
  it('accepts an organisation status from the contract', () => {
    expect(parseSettingValue('organisationStatus', 'maintenance')).toEqual({
      ok: true,
      key: 'organisationStatus',
      value: 'maintenance',
    });
    expect(parseSettingValue('organisationStatus', '"suspended"')).toMatchObject({
      ok: true,
      value: 'suspended',
    });
  });

  it('rejects an organisation status outside the contract', () => {
    const result = parseSettingValue('organisationStatus', 'closed');
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).toMatch(/organisationStatus/);
  });

  it('rejects unknown keys, listing the known ones', () => {
    const result = parseSettingValue('COLOUR', 'red');
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.message).toContain('COLOUR');
      expect(result.message).toContain('organisationStatus');
    }
  });

  it('holds text settings to the same length limits as the staff route', () => {
    const { url, brandName } = APP_DETAILS_MAX_LENGTH;
    expect(parseSettingValue('BRAND_NAME', 'B'.repeat(brandName)).ok).toBe(true);
    expect(parseSettingValue('BRAND_NAME', 'B'.repeat(brandName + 1)).ok).toBe(false);
    expect(parseSettingValue('TELEGRAM', `https://t.me/${'a'.repeat(url)}`).ok).toBe(false);
  });

  it('reads JSON numbers for numeric settings and keeps text for text settings', () => {
    expect(parseSettingValue('OTP', '1')).toMatchObject({ ok: true, value: 1 });
    expect(parseSettingValue('OTP', 'on').ok).toBe(false);
    expect(parseSettingValue('IS_EMAIL', '0.5').ok).toBe(false);
    expect(parseSettingValue('BRAND_NAME', '123')).toMatchObject({ ok: true, value: '123' });
    expect(parseSettingValue('BRAND_NAME', 'SPM Sports Live')).toMatchObject({
      ok: true,
      value: 'SPM Sports Live',
    });
  });
});

describe('runCli', () => {
  let temp: { dir: string; remove: () => Promise<void> };
  const out: string[] = [];
  const err: string[] = [];
  const io = { out: (line: string) => out.push(line), err: (line: string) => err.push(line) };

  beforeAll(async () => {
    temp = await makeTempDir('spm-cli-');
  });
  afterAll(async () => {
    await temp?.remove();
  });

  it('exits 2 on usage errors without touching a database', async () => {
    const env = { DATA_DIR: '/nonexistent/never-created' };
    expect(await runCli([], env, io)).toBe(EXIT_USAGE);
    expect(await runCli(['drop-everything'], env, io)).toBe(EXIT_USAGE);
    expect(await runCli(['set-setting', 'organisationStatus'], env, io)).toBe(EXIT_USAGE);
    expect(await runCli(['set-setting', 'NOPE', '1'], env, io)).toBe(EXIT_USAGE);
    expect(await runCli(['set-setting', 'organisationStatus', 'closed'], env, io)).toBe(EXIT_USAGE);
    expect(err.join('\n')).toContain('Unknown setting "NOPE"');
  });

  it('stores a setting in the PGlite data dir, migrating a fresh one first', async () => {
    const env = { DATA_DIR: temp.dir, LOG_LEVEL: 'silent' };
    expect(await runCli(['set-setting', 'organisationStatus', 'maintenance'], env, io)).toBe(
      EXIT_OK,
    );
    expect(await runCli(['set-setting', 'OTP', '1'], env, io)).toBe(EXIT_OK);
    const database = await openPgliteDatabase(temp.dir);
    try {
      const rows = await database.db
        .select()
        .from(appSettings)
        .where(eq(appSettings.key, 'organisationStatus'));
      expect(rows[0]?.value).toBe('maintenance');
      const otp = await database.db.select().from(appSettings).where(eq(appSettings.key, 'OTP'));
      expect(otp[0]?.value).toBe(1);

      // The data dir is open here, as it would be under a running server: refuse.
      err.length = 0;
      expect(await runCli(['set-setting', 'OTP', '0'], env, io)).toBe(EXIT_FAILURE);
      expect(err.join('\n')).toMatch(/in use by process/);
    } finally {
      await database.close();
    }
    // Migrates a fresh PGlite in this process: over a minute on 2 loaded cores.
  }, 180_000);
});

describe('runCli set-staff-password', () => {
  let temp: { dir: string; remove: () => Promise<void> };
  const out: string[] = [];
  const err: string[] = [];
  const withInput = (line: string) => ({
    out: (text: string) => out.push(text),
    err: (text: string) => err.push(text),
    readLine: async () => line,
  });
  const NEW_PASSWORD = 'operator-chosen-passphrase';

  beforeAll(async () => {
    temp = await makeTempDir('spm-cli-staff-');
  });
  afterAll(async () => {
    await temp?.remove();
  });

  it('sets the password from stdin, ends the sessions and audits it', async () => {
    const env = { DATA_DIR: temp.dir, LOG_LEVEL: 'silent' };
    let adminUsername: string;
    let oldPassword: string | null;
    {
      const database = await openPgliteDatabase(temp.dir);
      try {
        await migrate(database);
        const seeded = await seed(database.db);
        adminUsername = seeded.adminUsername;
        oldPassword = seeded.adminPassword;
        const admin = await findStaffUserByUsername(database.db, adminUsername);
        const now = new Date();
        await insertStaffSession(database.db, {
          staffId: admin!.id,
          tokenHash: hashToken(randomToken()),
          createdAt: now,
          lastSeenAt: now,
          idleExpiresAt: new Date(now.getTime() + 60_000),
          absoluteExpiresAt: new Date(now.getTime() + 60_000),
          ip: '127.0.0.1',
        });
      } finally {
        await database.close();
      }
    }
    expect(oldPassword).not.toBeNull();

    // Usage errors: no username, a weak password, an unknown member.
    expect(await runCli(['set-staff-password'], env, withInput(NEW_PASSWORD))).toBe(EXIT_USAGE);
    expect(
      await runCli(['set-staff-password', adminUsername, NEW_PASSWORD], env, withInput('')),
    ).toBe(EXIT_USAGE);
    expect(await runCli(['set-staff-password', adminUsername], env, withInput('short'))).toBe(
      EXIT_USAGE,
    );
    expect(err.join('\n')).toContain('At least 12 characters');
    expect(await runCli(['set-staff-password', 'nobody-here'], env, withInput(NEW_PASSWORD))).toBe(
      EXIT_USAGE,
    );
    expect(err.join('\n')).toContain('No staff member named "nobody-here"');

    expect(
      await runCli(['set-staff-password', adminUsername], env, withInput(`${NEW_PASSWORD}\r`)),
    ).toBe(EXIT_OK);
    expect(out.join('\n')).toContain('1 session(s) ended');
    expect(out.join('\n')).not.toContain(NEW_PASSWORD);

    const database = await openPgliteDatabase(temp.dir);
    try {
      const admin = await findStaffUserByUsername(database.db, adminUsername);
      expect(await verifyPassword(admin!.passwordHash, NEW_PASSWORD)).toBe(true);
      expect(await verifyPassword(admin!.passwordHash, oldPassword!)).toBe(false);
      const sessions = await database.db.select().from(staffSessions);
      expect(sessions.every((session) => session.revokedAt !== null)).toBe(true);
      const audit = await database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.action, 'staff.password_changed'));
      expect(audit).toMatchObject([
        { actorType: 'system', actorId: 'cli', targetId: String(admin!.id) },
      ]);
    } finally {
      await database.close();
    }
  }, 180_000);
});
