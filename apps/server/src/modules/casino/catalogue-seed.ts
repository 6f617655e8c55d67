import { SPM_PROVIDER_ID, type CasinoFamily, type SpmGameKind } from '@spm/contract';
import { spmGameRtpPercent } from '@spm/core';
import type { DbHandle } from '../../db/database.ts';
import { MEDIA_PREFIX } from '../../http/url-prefixes.ts';
import { randomSecret } from '../../security/password.ts';
import { casinoGames, casinoProviders } from './tables.ts';

/** One built-in table of the default catalogue (each is a game of the lobby). */
interface SeedTable {
  id: string;
  name: string;
  kind: SpmGameKind;
  family: CasinoFamily;
  category: string;
  minBetPoints: number;
  maxBetPoints: number;
  bettingSeconds: number;
  isNew?: boolean;
  isPopular?: boolean;
}

/**
 * The default catalogue: SPM Games' tables in every family, so each lobby route has real
 * games on a fresh install. Jacktop holds the low-limit "150" tables of the game rules
 * (maximum bet 50, 150 or 1,500 points); jetfair the fast tables (short betting window).
 */
export const SEED_SPM_TABLES: readonly SeedTable[] = [
  {
    id: 'spm-andar-bahar',
    name: 'Andar Bahar',
    kind: 'andar-bahar',
    family: 'live-casino',
    category: 'Andar Bahar',
    minBetPoints: 10,
    maxBetPoints: 7500,
    bettingSeconds: 15,
    isPopular: true,
  },
  {
    id: 'spm-teen-patti-2020',
    name: 'Teen Patti 20-20',
    kind: 'teen-patti-2020',
    family: 'live-casino',
    category: 'Teen Patti',
    minBetPoints: 10,
    maxBetPoints: 7500,
    bettingSeconds: 15,
    isPopular: true,
  },
  {
    id: 'spm-dragon-tiger',
    name: 'Dragon Tiger',
    kind: 'dragon-tiger',
    family: 'live-casino',
    category: 'Dragon Tiger',
    minBetPoints: 10,
    maxBetPoints: 7500,
    bettingSeconds: 15,
  },
  {
    id: 'spm-lucky-7',
    name: 'Lucky 7',
    kind: 'lucky-7',
    family: 'live-casino',
    category: 'Lucky 7',
    minBetPoints: 10,
    maxBetPoints: 7500,
    bettingSeconds: 15,
    isNew: true,
  },
  {
    id: 'spm-lucky-wheel',
    name: 'Lucky Wheel',
    kind: 'lucky-wheel',
    family: 'live-show',
    category: 'Wheel',
    minBetPoints: 10,
    maxBetPoints: 5000,
    bettingSeconds: 20,
    isNew: true,
    isPopular: true,
  },
  {
    id: 'spm-andar-bahar-150',
    name: 'Andar Bahar 150',
    kind: 'andar-bahar',
    family: 'jacktop',
    category: 'Andar Bahar',
    minBetPoints: 1,
    maxBetPoints: 150,
    bettingSeconds: 15,
  },
  {
    id: 'spm-dragon-tiger-50',
    name: 'Dragon Tiger 50',
    kind: 'dragon-tiger',
    family: 'jacktop',
    category: 'Dragon Tiger',
    minBetPoints: 1,
    maxBetPoints: 50,
    bettingSeconds: 15,
  },
  {
    id: 'spm-lucky-7-1500',
    name: 'Lucky 7 1500',
    kind: 'lucky-7',
    family: 'jacktop',
    category: 'Lucky 7',
    minBetPoints: 5,
    maxBetPoints: 1500,
    bettingSeconds: 15,
  },
  {
    id: 'spm-teen-patti-turbo',
    name: 'Teen Patti Turbo',
    kind: 'teen-patti-2020',
    family: 'jetfair',
    category: 'Teen Patti',
    minBetPoints: 10,
    maxBetPoints: 7500,
    bettingSeconds: 8,
    isNew: true,
  },
  {
    id: 'spm-dragon-tiger-turbo',
    name: 'Dragon Tiger Turbo',
    kind: 'dragon-tiger',
    family: 'jetfair',
    category: 'Dragon Tiger',
    minBetPoints: 10,
    maxBetPoints: 7500,
    bettingSeconds: 8,
  },
  {
    id: 'spm-andar-bahar-classic',
    name: 'SPM Andar Bahar',
    kind: 'andar-bahar',
    family: 'spm',
    category: 'Andar Bahar',
    minBetPoints: 10,
    maxBetPoints: 7500,
    bettingSeconds: 20,
  },
  {
    id: 'spm-teen-patti-classic',
    name: 'SPM Teen Patti',
    kind: 'teen-patti-2020',
    family: 'spm',
    category: 'Teen Patti',
    minBetPoints: 10,
    maxBetPoints: 7500,
    bettingSeconds: 20,
    isPopular: true,
  },
  {
    id: 'spm-lucky-7-classic',
    name: 'SPM Lucky 7',
    kind: 'lucky-7',
    family: 'spm',
    category: 'Lucky 7',
    minBetPoints: 10,
    maxBetPoints: 7500,
    bettingSeconds: 20,
  },
  {
    id: 'spm-lucky-wheel-classic',
    name: 'SPM Lucky Wheel',
    kind: 'lucky-wheel',
    family: 'spm',
    category: 'Wheel',
    minBetPoints: 10,
    maxBetPoints: 5000,
    bettingSeconds: 20,
  },
];

/** Thumbnails are the server's own assets (apps/server/assets/casino/{kind}.svg). */
export const spmThumbnail = (kind: SpmGameKind): string => `${MEDIA_PREFIX}casino/${kind}.svg`;

/**
 * The built-in provider (with a fresh random secret) and its tables, once per database.
 * Rows an operator already has are left as they are.
 */
export async function insertCasinoCatalogueIfAbsent(db: DbHandle): Promise<void> {
  await db
    .insert(casinoProviders)
    .values({ id: SPM_PROVIDER_ID, name: 'SPM Games', secret: randomSecret(32), enabled: true })
    .onConflictDoNothing();
  await db
    .insert(casinoGames)
    .values(
      SEED_SPM_TABLES.map((table, index) => ({
        id: table.id,
        providerId: SPM_PROVIDER_ID,
        providerGameId: table.id,
        name: table.name,
        family: table.family,
        category: table.category,
        thumbnail: spmThumbnail(table.kind),
        minBetPaise: BigInt(table.minBetPoints) * 100n,
        maxBetPaise: BigInt(table.maxBetPoints) * 100n,
        // Not what the lobby shows: a built-in table's RTP range is read from core (game-rtp.ts).
        rtpBasisPoints: Math.round(spmGameRtpPercent(table.kind) * 100),
        isNew: table.isNew ?? false,
        isPopular: table.isPopular ?? false,
        enabled: true,
        sortOrder: (index + 1) * 10,
        spmKind: table.kind,
        bettingSeconds: table.bettingSeconds,
      })),
    )
    .onConflictDoNothing();
}
