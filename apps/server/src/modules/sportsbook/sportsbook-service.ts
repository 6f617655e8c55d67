import type { Language, SportsbookBet, SportsbookBets, SportsbookLaunch } from '@spm/contract';
import { objectWith } from '@spm/core';
import { SignJWT } from 'jose';
import type { ServiceDeps } from '../../deps.ts';
import { AppError } from '../../http/app-error.ts';
import type { AuthContext } from '../identity/index.ts';
import { isRealMoneyOnPlaySite, moneyModeOf } from '../wallet/index.ts';
import { listPlayerBets } from './sportsbook-repository.ts';
import { STAND_IN_BRAND_ID, type SportsbookKeys } from './sportsbook-keys.ts';
import type { SportsbookBetRow } from './tables.ts';

/** Where the stand-in's renderer is served, under the API prefix (docs/sportsbook.md). */
export const STAND_IN_SCRIPT_PATH = '/sportsbook/stand-in/bt-renderer.js';
/** A player's token lives this long; Betby asks the page for a new one (onTokenExpired). */
const PLAYER_TOKEN_SECONDS = 60 * 60;

export interface SportsbookSetup {
  brandId: string;
  scriptUrl: string;
  standIn: boolean;
}

export function sportsbookSetup(
  deps: Pick<ServiceDeps, 'config'>,
  apiPrefix: string,
): SportsbookSetup {
  const { betby } = deps.config.sportsbook;
  return betby
    ? { brandId: betby.brandId, scriptUrl: betby.scriptUrl, standIn: false }
    : {
        brandId: STAND_IN_BRAND_ID,
        scriptUrl: `${apiPrefix}${STAND_IN_SCRIPT_PATH}`,
        standIn: true,
      };
}

/**
 * What the page starts Betby's renderer with. A visitor gets no token (Betby shows its lines
 * and asks to sign in to bet); a player an ES256 token with their id, name, language and
 * currency, as Betby's integration asks.
 */
export async function launchSportsbook(
  deps: ServiceDeps,
  setup: SportsbookSetup,
  keys: () => Promise<SportsbookKeys>,
  player: AuthContext | null,
  language: Language,
): Promise<SportsbookLaunch> {
  const base = { brandId: setup.brandId, scriptUrl: setup.scriptUrl, standIn: setup.standIn };
  if (!player)
    return objectWith(base, { token: null, playMoney: deps.config.moneyMode === 'play' });
  const mode = await moneyModeOf(deps.db, player.userId);
  if (mode === undefined) throw new AppError('PLAYER_NOT_FOUND');
  // A real-money wallet left on a points site bets nothing, as the casino's launch refuses it.
  if (isRealMoneyOnPlaySite(mode, deps.config.moneyMode)) throw new AppError('FORBIDDEN');
  const playMoney = mode === 'play';
  const nowSeconds = Math.floor(deps.clock.now().getTime() / 1000);
  const { operator } = await keys();
  const token = await new SignJWT({
    name: player.username,
    lang: language,
    currency: playMoney ? 'PTS' : 'INR',
    odds_format: 'decimal',
  })
    .setProtectedHeader({ alg: 'ES256' })
    .setSubject(String(player.userId))
    .setAudience(setup.brandId)
    .setIssuedAt(nowSeconds)
    .setExpirationTime(nowSeconds + PLAYER_TOKEN_SECONDS)
    .sign(operator.privateKey);
  return objectWith(base, { token, playMoney });
}

const points = (paise: bigint) => Number(paise) / 100;

export function sportsbookBetView(row: SportsbookBetRow): SportsbookBet {
  return {
    id: row.id,
    betId: row.betTransactionId,
    status: row.status,
    slipType: row.slipType,
    totalOdds: row.totalOdds,
    stakePoints: points(row.stakePaise),
    potentialWinPoints: points(row.potentialWinPaise),
    payoutPoints: row.payoutPaise === null ? null : points(row.payoutPaise),
    playMoney: row.playMoney,
    legs: row.legs,
    placedAt: row.placedAt.toISOString(),
    settledAt: row.settledAt?.toISOString() ?? null,
  };
}

export async function playerSportsbookBets(
  deps: Pick<ServiceDeps, 'db'>,
  player: AuthContext,
  query: { status: 'open' | 'settled'; page: number },
): Promise<SportsbookBets> {
  const { rows, hasMore } = await listPlayerBets(deps.db, player.userId, query);
  return { bets: rows.map(sportsbookBetView), page: query.page, hasMore };
}
