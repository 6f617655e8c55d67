import type { MarketResultBody, SettlementAnswer } from '@spm/contract';
import {
  createOrderBook,
  paiseToPoints,
  settlementPostings,
  systemAccount,
  type MarketSettlement,
  type Paise,
  type Posting,
} from '@spm/core';
import { AppError } from '../../http/app-error.ts';
import { insertAudit } from '../../audit/audit-repository.ts';
import { moneyModesOf, storeNotification, templatedNotification } from '../wallet/index.ts';
import * as repo from './exchange-repository.ts';
import {
  moneyTransaction,
  postSettlement,
  postSettlementReversal,
  type LedgerContext,
} from './exchange-money.ts';
import type { ExchangeContext } from './exchange-context.ts';
import type { MarketState, SettleActor } from './exchange-types.ts';
import { marketKind } from './market-kinds/index.ts';
import { ledgerError } from './placement-support.ts';

/** What a settlement stored per player, so a corrected result can reverse it exactly. */
interface StoredPlayerPostings {
  playerId: string;
  heldPaise: string;
  postings: { kind: string; owner: string; amountPaise: string }[];
}

interface Settling {
  market: MarketState;
  result: MarketResultBody;
  version: number;
  actor: SettleActor;
}

const sameResult = (a: MarketResultBody | null, b: MarketResultBody) =>
  a !== null && JSON.stringify(a) === JSON.stringify(b);

const isFinished = (market: MarketState) =>
  market.status === 'settled' || market.status === 'voided';

/**
 * Settles a market (idempotent: the same result again pays nothing). Unmatched orders are
 * cancelled first; each player's hold is released and the P&L paid or collected in one
 * ledger transaction per player keyed `settle:{market}:v{version}:p{player}`.
 */
export async function settleMarket(
  cx: ExchangeContext,
  marketId: string,
  result: MarketResultBody,
  actor: SettleActor,
): Promise<SettlementAnswer> {
  const market = await cx.catalogue.market(marketId);
  marketKind(market.type).validateResult(market, result);
  return cx.serial(market.id, async () => {
    if (isFinished(market)) {
      if (sameResult(market.result, result)) return settledAnswer(market, 0, true);
      throw new AppError('MARKET_ALREADY_SETTLED');
    }
    const settling = { market, result, version: market.settledVersion + 1, actor };
    const outcome = await moneyTransaction(cx.deps, async (ctx) => {
      await cx.fence(ctx.tx, [market.id]);
      await repo.cancelUnmatchedOfMarket(ctx.tx, Number(market.id));
      const players = await settleWithin(cx, ctx, settling);
      await auditSettlement(ctx, settling, 'market.settle');
      return { ok: true as const, players };
    });
    if (!outcome.ok) throw ledgerError(outcome.code);
    for (const runner of market.runners) runner.book = createOrderBook();
    applySettled(cx, settling);
    return settledAnswer(market, outcome.players, false);
  });
}

/** A corrected result: reverse the last settlement with new transactions, then settle again. */
export async function resettleMarket(
  cx: ExchangeContext,
  marketId: string,
  result: MarketResultBody,
  actor: SettleActor,
): Promise<SettlementAnswer> {
  const market = await cx.catalogue.market(marketId);
  marketKind(market.type).validateResult(market, result);
  return cx.serial(market.id, async () => {
    if (!isFinished(market)) throw new AppError('MARKET_NOT_SETTLED');
    if (sameResult(market.result, result)) return settledAnswer(market, 0, true);
    const settling = { market, result, version: market.settledVersion + 1, actor };
    const outcome = await moneyTransaction(cx.deps, async (ctx) => {
      await cx.fence(ctx.tx, [market.id]);
      await reverseSettlement(cx, ctx, market, market.settledVersion);
      const players = await settleWithin(cx, ctx, settling);
      await auditSettlement(ctx, settling, 'market.resettle');
      return { ok: true as const, players };
    });
    if (!outcome.ok) throw ledgerError(outcome.code);
    applySettled(cx, settling);
    return settledAnswer(market, outcome.players, false);
  });
}

/** Undoes every player's settlement of one version through the wallet and restores their holds. */
async function reverseSettlement(
  cx: ExchangeContext,
  ctx: LedgerContext,
  market: MarketState,
  previousVersion: number,
): Promise<void> {
  const previous = await repo.findSettlement(ctx.tx, Number(market.id), previousVersion);
  if (!previous) throw new Error(`settlement ${market.id} v${previousVersion} missing`);
  for (const entry of previous.playerPostings as StoredPlayerPostings[]) {
    const heldPaise = BigInt(entry.heldPaise);
    const amountOf = (owner: string, kind: string) =>
      entry.postings
        .filter((p) => p.owner === owner && p.kind === kind)
        .reduce((sum, p) => sum + BigInt(p.amountPaise), 0n);
    if (entry.postings.length >= 2) {
      await postSettlementReversal(cx.deps, ctx, {
        marketId: market.id,
        version: previousVersion,
        playerId: entry.playerId,
        payoutPaise: amountOf('player', 'cash'),
        commissionPaise: amountOf('system', 'commission'),
        heldPaise,
        marketName: market.name,
      });
    }
    await repo.setExposure(ctx.tx, Number(entry.playerId), Number(market.id), heldPaise);
  }
  await repo.markSettlementReversed(ctx.tx, previous.id, ctx.now);
}

function applySettled(cx: ExchangeContext, { market, result, version }: Settling): void {
  market.status = 'void' in result ? 'voided' : 'settled';
  market.suspensions += 1;
  market.result = result;
  market.settledVersion = version;
  market.version += 1;
  cx.changed(market.id);
  cx.catalogue.finish(market.id);
}

function settledAnswer(market: MarketState, players: number, replay: boolean): SettlementAnswer {
  return {
    marketId: market.id,
    status: market.status,
    settlementVersion: market.settledVersion,
    players,
    replay,
  };
}

async function auditSettlement(ctx: LedgerContext, s: Settling, action: string): Promise<void> {
  await insertAudit(ctx.tx, {
    actorType: s.actor.staffId === null ? 'system' : 'staff',
    actorId: s.actor.staffId === null ? null : String(s.actor.staffId),
    action,
    targetType: 'market',
    targetId: s.market.id,
    before: {
      status: s.market.status,
      result: s.market.result,
      version: s.market.settledVersion,
    },
    after: { result: s.result, version: s.version },
    reason: null,
    ip: s.actor.ip,
    createdAt: ctx.now,
  });
}

/** Pays every player of the market, settles each order, records the settlement: one version. */
async function settleWithin(cx: ExchangeContext, ctx: LedgerContext, s: Settling): Promise<number> {
  const marketId = Number(s.market.id);
  const { settlement, orderPnl } = await marketKind(s.market.type).settleBets(
    ctx.tx,
    s.market,
    s.result,
  );
  const { stored, players } = await payPlayers(cx, ctx, s, settlement);
  const isVoid = 'void' in s.result;
  for (const [orderId, pnl] of orderPnl) {
    await repo.settleOrder(ctx.tx, orderId, isVoid ? 'voided' : 'settled', pnl, ctx.now);
  }
  const inserted = await repo.insertSettlement(ctx.tx, {
    marketId,
    version: s.version,
    result: s.result,
    playerPostings: stored,
    actorStaffId: s.actor.staffId,
    createdAt: ctx.now,
  });
  if (!inserted) throw new AppError('CONFLICT');
  await repo.updateMarket(ctx.tx, marketId, {
    status: isVoid ? 'voided' : 'settled',
    settledVersion: s.version,
    resultVoid: isVoid,
    resultRunnerId: 'winnerRunnerId' in s.result ? Number(s.result.winnerRunnerId) : null,
    resultValue: 'resultValue' in s.result ? s.result.resultValue : null,
    settledAt: ctx.now,
    version: s.market.version + 1,
  });
  return players;
}

/** Every player who held exposure or had a bet: hold released, P&L posted, exposure zeroed. */
async function payPlayers(
  cx: ExchangeContext,
  ctx: LedgerContext,
  s: Settling,
  settlement: MarketSettlement,
): Promise<{ stored: StoredPlayerPostings[]; players: number }> {
  const marketId = Number(s.market.id);
  const exposures = await repo.exposuresOfMarket(ctx.tx, marketId);
  const held = new Map(exposures.map((e) => [String(e.playerId), e.exposurePaise]));
  const byPlayer = new Map(settlement.players.map((p) => [p.playerId, p]));
  const playerIds = new Set([...held.keys(), ...byPlayer.keys()]);
  // Who plays for points is the wallet's money mode (its row), not identity's demo flag: the
  // stored postings name the account the wallet's settle moves (play money for points).
  const modes = await moneyModesOf(ctx.tx, [...playerIds].map(Number));
  const eventName = cx.catalogue.events.get(s.market.eventId)?.name ?? 'Event';
  const stored: StoredPlayerPostings[] = [];
  for (const playerId of playerIds) {
    const heldPaise = held.get(playerId) ?? 0n;
    const p = byPlayer.get(playerId);
    const postings = settlementPostings({
      playerId,
      heldExposurePaise: heldPaise,
      grossPnlPaise: p?.grossPnlPaise ?? 0n,
      commissionPaise: p?.commissionPaise ?? 0n,
      ...(modes.get(Number(playerId)) === 'play'
        ? { counterparty: systemAccount('play_money') }
        : {}),
    });
    if (postings.length >= 2) {
      const commissionPaise = p?.commissionPaise ?? 0n;
      await postSettlement(cx.deps, ctx, {
        marketId: s.market.id,
        version: s.version,
        playerId,
        payoutPaise: heldPaise + (p?.grossPnlPaise ?? 0n) - commissionPaise,
        commissionPaise,
        description: `${eventName} - ${s.market.name}`,
        actorStaffId: s.actor.staffId,
      });
    }
    stored.push(storedPostings(playerId, heldPaise, postings));
    await repo.setExposure(ctx.tx, Number(playerId), marketId, 0n);
    if (p) await notifyPlayer(cx, ctx, s, playerId, p.netPnlPaise);
  }
  return { stored, players: playerIds.size };
}

function storedPostings(
  playerId: string,
  heldPaise: Paise,
  postings: Posting[],
): StoredPlayerPostings {
  return {
    playerId,
    heldPaise: heldPaise.toString(),
    postings: postings.map((posting) => ({
      owner: posting.account.owner,
      kind: posting.account.kind,
      amountPaise: posting.amountPaise.toString(),
    })),
  };
}

async function notifyPlayer(
  cx: ExchangeContext,
  ctx: LedgerContext,
  s: Settling,
  playerId: string,
  net: Paise,
): Promise<void> {
  const isVoid = 'void' in s.result;
  const amount = paiseToPoints(net >= 0n ? net : -net).toFixed(2);
  // The market's name as staff translated it, in each player's language.
  const market = { english: s.market.name, translations: cx.names.of('market', s.market.id) };
  ctx.afterCommit.push(
    await storeNotification(
      ctx.tx,
      cx.deps,
      Number(playerId),
      isVoid
        ? templatedNotification('marketVoided', { market }, 'info')
        : net >= 0n
          ? templatedNotification('marketWon', { market, amount }, 'success')
          : templatedNotification('marketLost', { market, amount }, 'info'),
    ),
  );
}
