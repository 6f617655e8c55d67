import {
  PLAYER_TIME_ZONE,
  STATEMENT_MAX_DAYS,
  type DataExport,
  type StatementEntry,
} from '@spm/contract';
import { maskAccountNumber, objectWith, paiseToPoints } from '@spm/core';
import { AppError } from '../../http/app-error.ts';
import type { ServiceDeps } from '../../deps.ts';
import { allBonusClaimsOf } from '../bonus/index.ts';
import { playerContactMessages } from '../contact/index.ts';
import { findReferralCode, findUserById } from '../identity/index.ts';
import { allPlayerBets, sportsbookBetView } from '../sportsbook/index.ts';
import { getStatement, getWallet } from '../wallet/index.ts';
import {
  playerBankDetails,
  playerCasinoRounds,
  playerCrashBets,
  playerDataRequests,
  playerDeposits,
  playerKyc,
  playerOrders,
  playerSessions,
  playerWithdrawals,
} from './privacy-repository.ts';
import { toDataRequest, updatesConsentOf } from './privacy-views.ts';

const DAY_MS = 86_400_000;
const STATEMENT_PAGE = 100;

const iso = (date: Date | null) => date?.toISOString() ?? null;

/** The player's calendar day (India) of an instant, as the statement's YYYY-MM-DD. */
function playerDay(at: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: PLAYER_TIME_ZONE }).format(at);
}

/**
 * Every statement line since the account opened, read through the wallet's own statement
 * (the only way other modules read money), window by window of the longest range it takes.
 */
async function allTransactions(
  deps: Pick<ServiceDeps, 'db'>,
  playerId: number,
  openedAt: Date,
  now: Date,
): Promise<StatementEntry[]> {
  const lines: StatementEntry[] = [];
  const last = playerDay(now);
  for (let start = openedAt.getTime(); ; start += STATEMENT_MAX_DAYS * DAY_MS) {
    const from = playerDay(new Date(start));
    if (from > last) break;
    const endAt = new Date(start + (STATEMENT_MAX_DAYS - 1) * DAY_MS);
    const to = playerDay(endAt) > last ? last : playerDay(endAt);
    for (let page = 1; ; page += 1) {
      const answer = await getStatement(
        deps,
        playerId,
        { from, to },
        { page, pageSize: STATEMENT_PAGE },
      );
      lines.push(...answer.items);
      if (page * STATEMENT_PAGE >= answer.total) break;
    }
  }
  // The statement pages newest first; the file reads oldest first, as every other section.
  return lines.sort((a, b) => a.time.localeCompare(b.time) || Number(a.id) - Number(b.id));
}

/**
 * GET /api/privacy/export (DPDP Act 2023 s. 11): what the platform holds on the signed-in
 * player and only on them. Secrets are left out (password hash, session tokens, one-time
 * codes); account, card and UPI numbers are masked to their last four characters; identity
 * documents are described, not included.
 */
export async function buildDataExport(deps: ServiceDeps, playerId: number): Promise<DataExport> {
  const user = await findUserById(deps.db, playerId);
  if (!user) throw new AppError('UNAUTHORIZED');
  const now = deps.clock.now();
  const [kyc, banks, deposits, withdrawals, orders, rounds, crash, sportsbook] = await Promise.all([
    playerKyc(deps.db, playerId),
    playerBankDetails(deps.db, playerId),
    playerDeposits(deps.db, playerId),
    playerWithdrawals(deps.db, playerId),
    playerOrders(deps.db, playerId),
    playerCasinoRounds(deps.db, playerId),
    playerCrashBets(deps.db, playerId),
    allPlayerBets(deps.db, playerId),
  ]);
  const [sessions, requests, wallet, messages, referralCode, bonuses] = await Promise.all([
    playerSessions(deps.db, playerId),
    playerDataRequests(deps.db, playerId),
    getWallet(deps.db, playerId),
    playerContactMessages(deps.db, playerId),
    findReferralCode(deps.db, playerId),
    allBonusClaimsOf(deps.db, playerId),
  ]);
  const main = {
    format: 'spm-personal-data/1' as const,
    generatedAt: now.toISOString(),
    profile: profileOf(user, referralCode?.code ?? null),
    consents: { updates: updatesConsentOf(user) },
    wallet,
    transactions: await allTransactions(deps, playerId, user.createdAt, now),
    bets: objectWith(betsOfExport(orders, rounds, crash), {
      sportsbook: sportsbook.map(sportsbookBetView),
    }),
    sessions: sessions.map((row) => ({
      createdAt: row.createdAt.toISOString(),
      lastSeenAt: row.lastSeenAt.toISOString(),
      endedAt: iso(row.revokedAt),
      endReason: row.revokeReason,
      ip: row.ip,
      userAgent: row.userAgent,
    })),
    dataRequests: requests.map(toDataRequest),
    contactMessages: messages.map((row) => ({
      id: String(row.id),
      subject: row.subject,
      body: row.body,
      status: row.status,
      createdAt: row.createdAt.toISOString(),
      ip: row.ip,
      answer: row.answer,
      answeredAt: iso(row.answeredAt),
    })),
    bonuses,
  };
  return objectWith(
    main,
    objectWith(identitySections(kyc, banks), cashierSections(deposits, withdrawals)),
  );
}

type ExportUser = NonNullable<Awaited<ReturnType<typeof findUserById>>>;

/** The export's profile: the account as registered, with its referral facts. */
function profileOf(user: ExportUser, referralCode: string | null): DataExport['profile'] {
  return {
    id: String(user.id),
    username: user.username,
    name: user.name,
    email: user.email,
    mobile: user.mobile,
    countryCode: user.countryCode,
    agentCode: user.agentCode,
    referralCode,
    invitedByPlayer: user.referrerId !== null,
    source: user.source,
    registrationIp: user.registrationIp,
    status: user.status,
    createdAt: user.createdAt.toISOString(),
    lastLoginAt: iso(user.lastLoginAt),
  };
}

/** The export's KYC submissions and bank details, their numbers masked. */
function identitySections(
  kyc: Awaited<ReturnType<typeof playerKyc>>,
  banks: Awaited<ReturnType<typeof playerBankDetails>>,
): Pick<DataExport, 'kyc' | 'bankDetails'> {
  return {
    kyc: kyc.map((row) => ({
      id: String(row.id),
      docType: row.docType,
      docId: row.docId === null ? null : maskAccountNumber(row.docId),
      status: row.status,
      reason: row.reason,
      createdAt: row.createdAt.toISOString(),
      decidedAt: iso(row.decidedAt),
    })),
    bankDetails: banks.map((row) => ({
      id: String(row.id),
      type: row.type,
      accountNo: maskAccountNumber(row.accountNo),
      accountName: row.accountName,
      ifscCode: row.ifscCode,
      bankName: row.bankName,
      createdAt: row.createdAt.toISOString(),
      deletedAt: iso(row.deletedAt),
    })),
  };
}

/** The export's deposit and withdrawal requests, in points, destinations masked. */
function cashierSections(
  deposits: Awaited<ReturnType<typeof playerDeposits>>,
  withdrawals: Awaited<ReturnType<typeof playerWithdrawals>>,
): Pick<DataExport, 'deposits' | 'withdrawals'> {
  return {
    deposits: deposits.map((row) => ({
      id: String(row.id),
      gateway: row.gatewayCode,
      amount: paiseToPoints(row.amountPaise),
      status: row.status,
      reference: row.reference,
      createdAt: row.createdAt.toISOString(),
    })),
    withdrawals: withdrawals.map((row) => ({
      id: String(row.id),
      amount: paiseToPoints(row.amountPaise),
      status: row.status,
      destinationType: row.destinationType,
      destination: maskAccountNumber(
        row.destination.accountNo ?? row.destination.address ?? row.destination.upiId ?? '',
      ),
      createdAt: row.createdAt.toISOString(),
    })),
  };
}

/** The export's bets: exchange orders, casino rounds and crash bets, in points (the sportsbook's are its own view). */
function betsOfExport(
  orders: Awaited<ReturnType<typeof playerOrders>>,
  rounds: Awaited<ReturnType<typeof playerCasinoRounds>>,
  crash: Awaited<ReturnType<typeof playerCrashBets>>,
): Omit<DataExport['bets'], 'sportsbook'> {
  return {
    exchange: orders.map(({ order, marketName }) => ({
      id: String(order.id),
      marketId: String(order.marketId),
      marketName,
      side: order.side,
      price: order.priceHundredths !== null ? order.priceHundredths / 100 : (order.rate ?? null),
      stake: paiseToPoints(order.stakePaise),
      matched: paiseToPoints(order.matchedPaise),
      status: order.status,
      profitLoss: order.profitLossPaise === null ? null : paiseToPoints(order.profitLossPaise),
      createdAt: order.createdAt.toISOString(),
      settledAt: iso(order.settledAt),
    })),
    casino: rounds.map((row) => ({
      id: String(row.id),
      provider: row.providerId,
      gameId: row.gameId,
      status: row.status,
      staked: paiseToPoints(row.stakedPaise),
      won: paiseToPoints(row.wonPaise),
      startedAt: row.startedAt.toISOString(),
      closedAt: iso(row.closedAt),
    })),
    crash: crash.map(({ bet, crashPointHundredths, phase }) => ({
      id: bet.id,
      roundId: String(bet.roundId),
      panel: bet.panel,
      stake: paiseToPoints(bet.stakePaise),
      autoCashOut: bet.autoCashOutHundredths === null ? null : bet.autoCashOutHundredths / 100,
      status: bet.status,
      cashOutMultiplier: bet.cashOutHundredths === null ? null : bet.cashOutHundredths / 100,
      payout: bet.payoutPaise === null ? null : paiseToPoints(bet.payoutPaise),
      crashPoint: phase === 'crashed' ? crashPointHundredths / 100 : null,
      placedAt: bet.placedAt.toISOString(),
      settledAt: iso(bet.settledAt),
    })),
  };
}
