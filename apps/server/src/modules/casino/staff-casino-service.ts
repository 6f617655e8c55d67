import { objectWith, paiseToPoints } from '@spm/core';
import {
  PLAYER_TIME_ZONE,
  SPM_GAME_KINDS,
  SPM_PROVIDER_ID,
  spmRoundOutcomeSchema,
  type CasinoGameTag,
  type CasinoGgrFigures,
  type SpmGameKind,
  type StaffCasinoGame,
  type StaffCasinoGameUpdateBody,
  type StaffCasinoGgr,
  type StaffCasinoGgrQuery,
  type StaffCasinoGgrRow,
  type StaffCasinoProvider,
  type StaffCasinoProviderCreateBody,
  type StaffCasinoProviderSecret,
  type StaffCasinoProviderUpdateBody,
  type StaffCasinoRound,
  type StaffCasinoRounds,
  type StaffCasinoRoundsQuery,
  type StaffSpmFairness,
} from '@spm/contract';
import { insertStaffAudit } from '../../audit/audit-repository.ts';
import type { StaffActor } from '../../http/staff-auth.ts';

export type { StaffActor };
import type { DbHandle } from '../../db/database.ts';
import type { ServiceDeps } from '../../deps.ts';
import { AppError, fieldError } from '../../http/app-error.ts';
import { randomSecret } from '../../security/password.ts';
import { catalogueRtpRange } from './game-rtp.ts';
import { visiblePlayersOf, type StaffContext } from '../identity/index.ts';
import {
  findGameWithProvider,
  findProviderWithCounts,
  ggrSums,
  insertProviderIfAbsent,
  listGamesWithProvider,
  listProvidersWithCounts,
  lockProvider,
  searchRounds,
  spmRoundsByIds,
  transactionsOfRounds,
  updateGame,
  updateProvider,
  type CasinoTransactionRow,
  type GamePatch,
  type GameWithProvider,
  type GgrSumRow,
  type ProviderWithCounts,
  type SpmRoundRow,
} from './staff-casino-repository.ts';

/*
 * The back office's casino (issue 14, item 6): the catalogue, the providers and their secrets,
 * rounds with their wallet transactions, and the casino's gross gaming revenue. Every change
 * is written with its audit row in one transaction; a provider's secret is never audited and
 * never answered whole except once, by the create or the rotation that made it.
 */

/** A provider secret: 32 random bytes, base64url (43 characters). */
const PROVIDER_SECRET_BYTES = 32;

// ------------------------------------------------------------------ games

const isSpmKind = (value: string | null): value is SpmGameKind =>
  value !== null && (SPM_GAME_KINDS as readonly string[]).includes(value);

function toStaffGame({ game, providerName }: GameWithProvider): StaffCasinoGame {
  const tags: CasinoGameTag[] = [];
  if (game.isNew) tags.push('new');
  if (game.isPopular) tags.push('popular');
  return {
    id: game.id,
    name: game.name,
    providerId: game.providerId,
    providerName,
    providerGameId: game.providerGameId,
    family: game.family as StaffCasinoGame['family'],
    category: game.category,
    thumbnail: game.thumbnail,
    minBet: paiseToPoints(game.minBetPaise),
    maxBet: paiseToPoints(game.maxBetPaise),
    rtp: catalogueRtpRange(game.spmKind, game.rtpBasisPoints),
    tags,
    enabled: game.enabled,
    sortOrder: game.sortOrder,
    kind: isSpmKind(game.spmKind) ? game.spmKind : null,
    updatedAt: game.updatedAt.toISOString(),
  };
}

/** GET /staff/casino/games */
export async function listStaffCasinoGames(deps: ServiceDeps): Promise<StaffCasinoGame[]> {
  return (await listGamesWithProvider(deps.db)).map(toStaffGame);
}

/** Points of the body (at most 2 decimals, checked by the contract) as paise. */
const toPaise = (points: number): bigint => BigInt(Math.round(points * 100));

/** The fields of a game an audit row shows (the changed ones), in points. */
function auditedGameFields(game: StaffCasinoGame, keys: readonly string[]) {
  const view: Record<string, unknown> = {
    enabled: game.enabled,
    sortOrder: game.sortOrder,
    isNew: game.tags.includes('new'),
    isPopular: game.tags.includes('popular'),
    minBet: game.minBet,
    maxBet: game.maxBet,
    name: game.name,
    category: game.category,
    thumbnail: game.thumbnail,
  };
  return Object.fromEntries(keys.map((key) => [key, view[key]]));
}

/** PATCH /staff/casino/games/{id}: the limits are checked against the stored ones too. */
export async function updateStaffCasinoGame(
  deps: ServiceDeps,
  actor: StaffActor,
  gameId: string,
  body: StaffCasinoGameUpdateBody,
): Promise<StaffCasinoGame> {
  return deps.db.transaction(async (tx) => {
    const current = await findGameWithProvider(tx, gameId, { forUpdate: true });
    if (!current) throw new AppError('NOT_FOUND', 'No such game.');
    const patch: GamePatch = {};
    if (body.enabled !== undefined) patch.enabled = body.enabled;
    if (body.sortOrder !== undefined) patch.sortOrder = body.sortOrder;
    if (body.isNew !== undefined) patch.isNew = body.isNew;
    if (body.isPopular !== undefined) patch.isPopular = body.isPopular;
    if (body.minBet !== undefined) patch.minBetPaise = toPaise(body.minBet);
    if (body.maxBet !== undefined) patch.maxBetPaise = toPaise(body.maxBet);
    if (body.name !== undefined) patch.name = body.name;
    if (body.category !== undefined) patch.category = body.category;
    if (body.thumbnail !== undefined) patch.thumbnail = body.thumbnail;
    const minPaise = patch.minBetPaise ?? current.game.minBetPaise;
    const maxPaise = patch.maxBetPaise ?? current.game.maxBetPaise;
    if (minPaise > maxPaise) {
      throw body.minBet !== undefined
        ? fieldError(
            'minBet',
            `The minimum bet cannot be above the maximum (${paiseToPoints(maxPaise)})`,
          )
        : fieldError(
            'maxBet',
            `The maximum bet cannot be below the minimum (${paiseToPoints(minPaise)})`,
          );
    }
    await updateGame(tx, gameId, patch, deps.clock.now());
    const updated = await findGameWithProvider(tx, gameId);
    if (!updated) throw new AppError('NOT_FOUND', 'No such game.');
    const before = toStaffGame(current);
    const after = toStaffGame(updated);
    const keys = Object.keys(body);
    await insertStaffAudit(tx, actor, deps.clock.now(), {
      action: 'casino.game_update',
      targetType: 'casino_game',
      targetId: gameId,
      before: auditedGameFields(before, keys),
      after: auditedGameFields(after, keys),
    });
    return after;
  });
}

// ------------------------------------------------------------------ providers

function toStaffProvider({
  provider,
  games,
  enabledGames,
}: ProviderWithCounts): StaffCasinoProvider {
  return {
    id: provider.id,
    name: provider.name,
    enabled: provider.enabled,
    winsWithoutBet: provider.winsWithoutBet,
    launchUrl: provider.launchUrl,
    secretLast4: provider.secret.slice(-4),
    builtIn: provider.id === SPM_PROVIDER_ID,
    games,
    enabledGames,
    createdAt: provider.createdAt.toISOString(),
    updatedAt: provider.updatedAt.toISOString(),
  };
}

/** What an audit row shows of a provider: never its secret, only its last 4 characters. */
function auditedProvider(provider: {
  name: string;
  enabled: boolean;
  winsWithoutBet: boolean;
  launchUrl: string | null;
  secret: string;
}) {
  return {
    name: provider.name,
    enabled: provider.enabled,
    winsWithoutBet: provider.winsWithoutBet,
    launchUrl: provider.launchUrl,
    secretLast4: provider.secret.slice(-4),
  };
}

async function providerView(db: DbHandle, providerId: string): Promise<StaffCasinoProvider> {
  const row = await findProviderWithCounts(db, providerId);
  if (!row) throw new AppError('NOT_FOUND', 'No such provider.');
  return toStaffProvider(row);
}

/** GET /staff/casino/providers */
export async function listStaffCasinoProviders(deps: ServiceDeps): Promise<StaffCasinoProvider[]> {
  return (await listProvidersWithCounts(deps.db)).map(toStaffProvider);
}

/** POST /staff/casino/providers: answers the new secret, this once. */
export async function createStaffCasinoProvider(
  deps: ServiceDeps,
  actor: StaffActor,
  body: StaffCasinoProviderCreateBody,
): Promise<StaffCasinoProviderSecret> {
  const secret = randomSecret(PROVIDER_SECRET_BYTES);
  return deps.db.transaction(async (tx) => {
    const inserted = await insertProviderIfAbsent(tx, {
      id: body.id,
      name: body.name,
      secret,
      launchUrl: body.launchUrl,
      now: deps.clock.now(),
    });
    if (!inserted) throw new AppError('CONFLICT', 'A provider with this id already exists.');
    await insertStaffAudit(tx, actor, deps.clock.now(), {
      action: 'casino.provider_create',
      targetType: 'casino_provider',
      targetId: body.id,
      before: null,
      after: auditedProvider(objectWith(body, { enabled: true, winsWithoutBet: false, secret })),
    });
    return { provider: await providerView(tx, body.id), secret };
  });
}

/**
 * POST /staff/casino/providers/{id}/rotate-secret: the old secret stops working at once (a
 * provider's callbacks signed with it are refused from now on); answers the new one, once.
 * The built-in provider's secret never leaves the server, so there is nothing to rotate.
 */
export async function rotateStaffCasinoProviderSecret(
  deps: ServiceDeps,
  actor: StaffActor,
  providerId: string,
): Promise<StaffCasinoProviderSecret> {
  const secret = randomSecret(PROVIDER_SECRET_BYTES);
  return deps.db.transaction(async (tx) => {
    const current = await lockProvider(tx, providerId);
    if (!current) throw new AppError('NOT_FOUND', 'No such provider.');
    if (current.id === SPM_PROVIDER_ID) {
      throw new AppError(
        'CONFLICT',
        "The built-in provider's secret never leaves the server: it is not rotated here.",
      );
    }
    await updateProvider(tx, providerId, { secret }, deps.clock.now());
    await insertStaffAudit(tx, actor, deps.clock.now(), {
      action: 'casino.provider_rotate_secret',
      targetType: 'casino_provider',
      targetId: providerId,
      before: { secretLast4: current.secret.slice(-4) },
      after: { secretLast4: secret.slice(-4) },
    });
    return { provider: await providerView(tx, providerId), secret };
  });
}

/** PATCH /staff/casino/providers/{id}: name, launch address, enabled, wins without a bet. */
export async function updateStaffCasinoProvider(
  deps: ServiceDeps,
  actor: StaffActor,
  providerId: string,
  body: StaffCasinoProviderUpdateBody,
): Promise<StaffCasinoProvider> {
  return deps.db.transaction(async (tx) => {
    const current = await lockProvider(tx, providerId);
    if (!current) throw new AppError('NOT_FOUND', 'No such provider.');
    if (body.launchUrl !== undefined && current.id === SPM_PROVIDER_ID) {
      throw fieldError('launchUrl', "The built-in provider's games open in the app: no address.");
    }
    const after = objectWith(current, body);
    await updateProvider(tx, providerId, body, deps.clock.now());
    await insertStaffAudit(tx, actor, deps.clock.now(), {
      action:
        body.enabled === undefined || body.enabled === current.enabled
          ? 'casino.provider_update'
          : body.enabled
            ? 'casino.provider_enable'
            : 'casino.provider_disable',
      targetType: 'casino_provider',
      targetId: providerId,
      before: auditedProvider(current),
      after: auditedProvider(after),
    });
    return providerView(tx, providerId);
  });
}

// ------------------------------------------------------------------ rounds

function toStaffTransaction(row: CasinoTransactionRow): StaffCasinoRound['transactions'][number] {
  return {
    id: String(row.id),
    kind: row.kind,
    providerTransactionId: row.providerTransactionId,
    referenceTransactionId: row.referenceTransactionId,
    amount: paiseToPoints(row.amountPaise),
    applied: paiseToPoints(row.appliedPaise),
    status: row.status,
    walletOperationId: row.walletOperationId === null ? null : String(row.walletOperationId),
    createdAt: row.createdAt.toISOString(),
  };
}

/** The fairness data staff may see: the server seed only once the round is settled. */
function toFairness(row: SpmRoundRow): StaffSpmFairness {
  const settled = row.phase === 'settled';
  const outcome = spmRoundOutcomeSchema.safeParse(row.outcome);
  return {
    spmRoundId: row.id,
    tableId: row.tableId,
    number: row.number,
    phase: row.phase,
    serverSeedHash: row.serverSeedHash,
    serverSeed: settled ? row.serverSeed : null,
    clientSeed: row.clientSeed,
    nonce: row.nonce,
    outcome: outcome.success ? outcome.data : null,
  };
}

/**
 * GET /staff/casino/rounds: newest first, each with its transactions (and, for SPM Games, its
 * fairness data). Agents see only their downline's players' rounds.
 */
export async function searchStaffCasinoRounds(
  deps: ServiceDeps,
  staff: StaffContext,
  query: StaffCasinoRoundsQuery,
): Promise<StaffCasinoRounds> {
  if (query.from !== undefined && query.to !== undefined && query.from > query.to) {
    throw fieldError('from', 'The start cannot be after the end');
  }
  const { rows, total } = await searchRounds(deps.db, {
    providerRoundId: query.providerRoundId,
    roundId: query.roundId === undefined ? undefined : Number(query.roundId),
    player: query.playerId,
    fromDate: query.from,
    toDate: query.to,
    timeZone: PLAYER_TIME_ZONE,
    visible: visiblePlayersOf(staff),
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
  });
  const [transactions, spm] = await Promise.all([
    transactionsOfRounds(
      deps.db,
      rows.map((row) => row.round.id),
    ),
    spmRoundsByIds(
      deps.db,
      rows
        .filter((row) => row.round.providerId === SPM_PROVIDER_ID)
        .map((row) => row.round.providerRoundId),
    ),
  ]);
  const spmById = new Map(spm.map((row) => [row.id, row]));
  const items = rows.map(({ round, gameName, providerName, playerUsername }): StaffCasinoRound => {
    const spmRound =
      round.providerId === SPM_PROVIDER_ID ? spmById.get(round.providerRoundId) : undefined;
    return {
      id: String(round.id),
      providerId: round.providerId,
      providerName,
      providerRoundId: round.providerRoundId,
      gameId: round.gameId,
      gameName,
      playerId: String(round.playerId),
      playerUsername,
      status: round.status,
      playMoney: round.playMoney,
      staked: paiseToPoints(round.stakedPaise),
      won: paiseToPoints(round.wonPaise),
      refunded: paiseToPoints(round.refundedPaise),
      startedAt: round.startedAt.toISOString(),
      closedAt: round.closedAt === null ? null : round.closedAt.toISOString(),
      transactions: transactions
        .filter((transaction) => transaction.roundId === round.id)
        .map(toStaffTransaction),
      fairness: spmRound ? toFairness(spmRound) : null,
    };
  });
  return { items, page: query.page, pageSize: query.pageSize, total };
}

// ------------------------------------------------------------------ GGR

interface Sums {
  stakesPaise: bigint;
  winsPaise: bigint;
  refundsPaise: bigint;
  rounds: number;
  players: number;
}

const NO_SUMS: Sums = { stakesPaise: 0n, winsPaise: 0n, refundsPaise: 0n, rounds: 0, players: 0 };

function toFigures(sums: Sums): CasinoGgrFigures {
  return {
    stakes: paiseToPoints(sums.stakesPaise),
    wins: paiseToPoints(sums.winsPaise),
    refunds: paiseToPoints(sums.refundsPaise),
    ggr: paiseToPoints(sums.stakesPaise - sums.winsPaise - sums.refundsPaise),
    rounds: sums.rounds,
    players: sums.players,
  };
}

/** Every day of [from, to] (YYYY-MM-DD), so a quiet day shows as zeros. */
function daysOf(from: string, to: string): string[] {
  const days: string[] = [];
  for (
    let at = Date.parse(`${from}T00:00:00Z`);
    at <= Date.parse(`${to}T00:00:00Z`);
    at += 86_400_000
  ) {
    days.push(new Date(at).toISOString().slice(0, 10));
  }
  return days;
}

/**
 * GET /staff/casino/ggr: stakes − wins − refunds of real money per game, provider or Indian
 * day, counted when the money moved; play money apart; totals over the whole range.
 */
export async function staffCasinoGgr(
  deps: ServiceDeps,
  query: StaffCasinoGgrQuery,
): Promise<StaffCasinoGgr> {
  const range = { fromDate: query.from, toDate: query.to, timeZone: PLAYER_TIME_ZONE };
  const [grouped, totals] = await Promise.all([
    ggrSums(deps.db, objectWith(range, { group: query.groupBy })),
    ggrSums(deps.db, objectWith(range, { group: null })),
  ]);
  const byKey = new Map<string, { label: string; real: Sums; playMoney: Sums }>();
  const entry = (key: string, label: string) => {
    let found = byKey.get(key);
    if (!found) {
      found = { label, real: NO_SUMS, playMoney: NO_SUMS };
      byKey.set(key, found);
    }
    return found;
  };
  if (query.groupBy === 'day') for (const day of daysOf(query.from, query.to)) entry(day, day);
  for (const row of grouped) {
    const found = entry(row.key, row.label);
    if (row.playMoney) found.playMoney = row;
    else found.real = row;
  }
  const rows: StaffCasinoGgrRow[] = [...byKey.entries()].map(([key, value]) => ({
    key,
    label: value.label,
    real: toFigures(value.real),
    playMoney: toFigures(value.playMoney),
  }));
  if (query.groupBy === 'day') rows.sort((a, b) => a.key.localeCompare(b.key));
  else rows.sort((a, b) => b.real.stakes - a.real.stakes || a.label.localeCompare(b.label));
  const total = (playMoney: boolean): Sums =>
    totals.find((row: GgrSumRow) => row.playMoney === playMoney) ?? NO_SUMS;
  return {
    from: query.from,
    to: query.to,
    groupBy: query.groupBy,
    rows,
    totals: { real: toFigures(total(false)), playMoney: toFigures(total(true)) },
  };
}
