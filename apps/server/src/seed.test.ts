import { stat, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, openPgliteDatabase, type Db } from './db/database.ts';
import { announcements, appSettings, banners } from './modules/site/tables.ts';
import { staffUsers, users } from './modules/identity/tables.ts';
import { checkLinkTarget } from '@spm/contract';
import { ADMIN_USERNAME, SEED_BANNERS, seed } from './seed.ts';
import { verifyPassword } from './security/password.ts';
import { APP_SETTING_KEYS } from './modules/site/app-settings.ts';
import { drivers, makeTempDir } from './test/harness.ts';
import { useHarness } from './test/use-harness.ts';

async function tableCounts(db: Db) {
  const countOf = async (
    table:
      typeof users | typeof banners | typeof announcements | typeof appSettings | typeof staffUsers,
  ) => (await db.select({ n: count() }).from(table))[0]?.n;
  return {
    settings: await countOf(appSettings),
    banners: await countOf(banners),
    announcements: await countOf(announcements),
    users: await countOf(users),
    staff: await countOf(staffUsers),
  };
}

describe.each(drivers)('seed on %s', (driver) => {
  const h = useHarness(driver);

  it('seeds settings, 3 banners, 2 announcements, 2 demo players and one admin', async () => {
    expect(await tableCounts(h.db)).toEqual({
      settings: APP_SETTING_KEYS.length,
      banners: 3,
      announcements: 2,
      users: 2,
      staff: 1,
    });
    expect(h.seedResult.adminUsername).toBe(ADMIN_USERNAME);
    expect(h.seedResult.adminPassword).toEqual(expect.any(String));
    const demo = await h.db.select().from(users);
    for (const user of demo) {
      expect(user.isDemo).toBe(true);
      expect(user.typeId).toBe(3);
      expect(user.parentId).toBe(81026);
      expect(user.passwordHash).toMatch(/^\$argon2id\$/);
    }
    const [admin] = await h.db.select().from(staffUsers);
    expect(admin?.role).toBe('admin');
    expect(admin?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(admin!.passwordHash, h.seedResult.adminPassword!)).toBe(true);
  });

  // Issue 40 item 7: a seeded banner never opens a 404 or a "coming soon" page.
  it('seeds banners that each lead to a built page of the player app', async () => {
    const seeded = await h.db.select().from(banners);
    expect(seeded).toHaveLength(SEED_BANNERS.length);
    for (const banner of seeded) {
      expect(banner.linkUrl, banner.title).not.toBeNull();
      expect(checkLinkTarget(banner.linkUrl!), `${banner.title} -> ${banner.linkUrl}`).toEqual({
        ok: true,
      });
    }
  });

  it('is idempotent: seeding again inserts nothing and keeps the admin password', async () => {
    const before = await tableCounts(h.db);
    const [adminBefore] = await h.db.select().from(staffUsers);
    const again = await seed(h.db);
    const third = await seed(h.db);
    expect(await tableCounts(h.db)).toEqual(before);
    for (const result of [again, third]) {
      expect(result).toMatchObject({
        adminUsername: ADMIN_USERNAME,
        adminPassword: null,
        insertedSettings: 0,
        seededBanners: false,
        seededAnnouncements: false,
        seededDemoUsers: false,
      });
    }
    const [adminAfter] = await h.db.select().from(staffUsers);
    expect(adminAfter?.passwordHash).toBe(adminBefore?.passwordHash);
  });

  it('keeps operator deletions and restores only missing settings', async () => {
    await h.db.delete(banners);
    await h.db.delete(appSettings);
    const result = await seed(h.db);
    expect(result.seededBanners).toBe(false);
    expect(result.insertedSettings).toBe(APP_SETTING_KEYS.length);
    const counts = await tableCounts(h.db);
    expect(counts.banners).toBe(0);
    expect(counts.settings).toBe(APP_SETTING_KEYS.length);
  });
});

describe('first run on a PGlite data dir', () => {
  let temp: { dir: string; remove: () => Promise<void> };
  beforeAll(async () => {
    temp = await makeTempDir('spm-seed-');
  });
  afterAll(async () => {
    await temp?.remove();
  });

  it('writes the admin password once to a 0600 file, and a second boot keeps it', async () => {
    const credentialsFile = join(temp.dir, 'first-run-credentials.txt');

    const first = await openPgliteDatabase(temp.dir);
    await migrate(first);
    const firstSeed = await seed(first.db, { credentialsFile });
    const [adminFirst] = await first.db.select().from(staffUsers);
    const countsFirst = await tableCounts(first.db);
    await first.close();

    expect(firstSeed.adminPassword).toEqual(expect.any(String));
    expect(firstSeed.credentialsFile).toBe(credentialsFile);
    const text = await readFile(credentialsFile, 'utf8');
    expect(text).toContain(`username: ${ADMIN_USERNAME}`);
    expect(text).toContain(`password: ${firstSeed.adminPassword}`);
    // It says how to change it, in the console and offline.
    expect(text).toContain('"Change password"');
    expect(text).toContain(`set-staff-password ${ADMIN_USERNAME}`);
    expect((await stat(credentialsFile)).mode & 0o777).toBe(0o600);

    const second = await openPgliteDatabase(temp.dir);
    await migrate(second);
    const secondSeed = await seed(second.db, { credentialsFile });
    const [adminSecond] = await second.db.select().from(staffUsers);
    expect(await tableCounts(second.db)).toEqual(countsFirst);
    await second.close();

    expect(secondSeed.adminPassword).toBeNull();
    expect(secondSeed.credentialsFile).toBeNull();
    expect(adminSecond?.passwordHash).toBe(adminFirst?.passwordHash);
    expect(await readFile(credentialsFile, 'utf8')).toBe(text);
  });
});
