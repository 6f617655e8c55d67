import { writeFile, chmod, mkdir } from 'node:fs/promises';
import { insertGatewaysIfAbsent, SEED_GATEWAYS } from './modules/cashier/index.ts';
import { insertCasinoCatalogueIfAbsent } from './modules/casino/index.ts';
import { dirname } from 'node:path';
import { REGISTRATION_PARENT_ID, REGISTRATION_TYPE_ID } from '@spm/contract';
import type { Db } from './db/database.ts';
import { MEDIA_PREFIX } from './http/url-prefixes.ts';
import {
  insertAnnouncements,
  insertMissingSettings,
  APP_SETTING_KEYS,
  DEFAULT_APP_SETTINGS,
} from './modules/site/index.ts';
import { insertBanners, type NewBannerRow } from './modules/site/index.ts';
import { claimSeedMark } from './db/seed-mark-repository.ts';
import { findFirstAdmin, insertStaffUserIfAbsent } from './modules/identity/index.ts';
import { insertUsersIfAbsent, type NewUserRow } from './modules/identity/index.ts';
import { hashPassword, randomSecret } from './security/password.ts';

export const ADMIN_USERNAME = 'admin';
/** Written under DATA_DIR on the embedded (PGlite) setup only. */
export const CREDENTIALS_FILE_NAME = 'first-run-credentials.txt';
export const DEMO_USERNAMES = ['demo01', 'demo02'] as const;

/**
 * Deliberately not in display order, so a client or query that forgets to sort by `order`
 * shows visibly wrong. Each leads to a built page of the player app (issue 40 item 7): no
 * Aviator banner until the crash game exists (/aviatorgames is a placeholder), the exchange
 * banner opens the cricket list rather than one match, and the bonus banner opens the deposit
 * methods, where the crypto deposit offer is.
 */
export const SEED_BANNERS: readonly NewBannerRow[] = [
  {
    title: 'Live Casino',
    imageUrl: `${MEDIA_PREFIX}banners/live-casino.svg`,
    linkUrl: '/live-casino',
    sortOrder: 3,
  },
  {
    title: 'Cricket Exchange',
    imageUrl: `${MEDIA_PREFIX}banners/cricket-exchange.svg`,
    linkUrl: '/spmsports/cricket',
    sortOrder: 1,
  },
  {
    title: 'Welcome Bonus',
    imageUrl: `${MEDIA_PREFIX}banners/welcome-bonus.svg`,
    linkUrl: '/gateways',
    sortOrder: 2,
  },
];

const SEED_ANNOUNCEMENTS = [
  'Welcome to SPM Sports. Play responsibly: players must be 18 or older.',
  'Live cricket exchange markets are open, with in-play betting.',
];

export interface SeedOptions {
  /**
   * Where to also write a generated admin password (mode 0600). The embedded setup uses
   * DATA_DIR/first-run-credentials.txt; with PostgreSQL there is no private local folder
   * that belongs to the database, so the password is only printed.
   */
  credentialsFile?: string | undefined;
}

export interface SeedResult {
  adminUsername: string;
  /** Only when this call created the admin: shown once, never stored in clear elsewhere. */
  adminPassword: string | null;
  credentialsFile: string | null;
  insertedSettings: number;
  seededBanners: boolean;
  seededAnnouncements: boolean;
  seededDemoUsers: boolean;
  seededGateways: boolean;
  seededCasino: boolean;
}

/**
 * First-run data, safe on every boot and from several processes at once: settings and the
 * admin are inserted when missing; banners, announcements and demo users only once ever
 * (seed_marks), so deleting them in the back office sticks.
 */
export async function seed(db: Db, options: SeedOptions = {}): Promise<SeedResult> {
  const insertedSettings = await insertMissingSettings(
    db,
    APP_SETTING_KEYS.map((key) => ({ key, value: DEFAULT_APP_SETTINGS[key] })),
  );

  const seededBanners = await db.transaction(async (tx) => {
    if (!(await claimSeedMark(tx, 'banners'))) return false;
    await insertBanners(tx, [...SEED_BANNERS]);
    return true;
  });

  const seededAnnouncements = await db.transaction(async (tx) => {
    if (!(await claimSeedMark(tx, 'announcements'))) return false;
    // One transaction shares one now(): spread the times so "newest first" is defined.
    const nowMs = Date.now();
    await insertAnnouncements(
      tx,
      SEED_ANNOUNCEMENTS.map((message, index) => ({
        message,
        createdAt: new Date(nowMs - (SEED_ANNOUNCEMENTS.length - index) * 60_000),
      })),
    );
    return true;
  });

  const seededDemoUsers = await db.transaction(async (tx) => {
    if (!(await claimSeedMark(tx, 'demo-users'))) return false;
    // Demo rows only: they play for points whatever the site's MONEY_MODE.
    await insertUsersIfAbsent(tx, await demoUserRows(), 'play');
    return true;
  });

  const seededGateways = await db.transaction(async (tx) => {
    if (!(await claimSeedMark(tx, 'payment-gateways'))) return false;
    await insertGatewaysIfAbsent(tx, SEED_GATEWAYS);
    return true;
  });

  const seededCasino = await db.transaction(async (tx) => {
    if (!(await claimSeedMark(tx, 'casino-catalogue'))) return false;
    await insertCasinoCatalogueIfAbsent(tx);
    return true;
  });

  const existingAdmin = await findFirstAdmin(db);
  let adminUsername = existingAdmin?.username ?? ADMIN_USERNAME;
  let adminPassword: string | null = null;
  let credentialsFile: string | null = null;
  if (!existingAdmin) {
    const password = randomSecret();
    const created = await insertStaffUserIfAbsent(db, {
      username: ADMIN_USERNAME,
      passwordHash: await hashPassword(password),
      role: 'admin',
    });
    // Undefined: another booting process won the insert and shows its own password.
    if (created) {
      adminUsername = created.username;
      adminPassword = password;
      if (options.credentialsFile) {
        await writeCredentialsFile(options.credentialsFile, created.username, password);
        credentialsFile = options.credentialsFile;
      }
    }
  }

  return {
    adminUsername,
    adminPassword,
    credentialsFile,
    insertedSettings,
    seededBanners,
    seededAnnouncements,
    seededDemoUsers,
    seededGateways,
    seededCasino,
  };
}

/**
 * Demo users sign in through POST /login/demo only; their password is a hash of a secret
 * nobody keeps, so the password form can never open them.
 */
function demoUserRows(): Promise<NewUserRow[]> {
  return Promise.all(
    DEMO_USERNAMES.map(async (username) => ({
      username,
      usernameLower: username.toLowerCase(),
      name: username,
      passwordHash: await hashPassword(randomSecret(32)),
      countryCode: '91',
      typeId: REGISTRATION_TYPE_ID,
      parentId: REGISTRATION_PARENT_ID,
      isDemo: true,
      source: 'seed',
    })),
  );
}

async function writeCredentialsFile(path: string, username: string, password: string) {
  await mkdir(dirname(path), { recursive: true });
  const text = [
    'SPM back office: first-run administrator',
    `username: ${username}`,
    `password: ${password}`,
    `created:  ${new Date().toISOString()}`,
    '',
    'Sign in at /backoffice/ and change this password: the "Change password" button in the',
    "console's header (it asks for this password and a code from your authenticator app).",
    'Or, with the server stopped:',
    `  printf '%s\\n' 'NEW-PASSWORD' | node apps/server/dist/cli.js set-staff-password ${username}`,
    'Then delete this file.',
    '',
  ].join('\n');
  await writeFile(path, text, { mode: 0o600 });
  // `mode` only applies when the file is created; a leftover file keeps its old mode.
  await chmod(path, 0o600);
}
