/**
 * Wallet: the ledger (the only code that writes it), balances, statement and notifications.
 * Other modules and the app import this module only through this file.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { ServiceDeps } from '../../deps.ts';
import { walletRoutes } from './api/wallet-routes.ts';

/** The module's routes; registered under the API prefix by buildApp. */
export const walletModule: FastifyPluginAsync<{ deps: ServiceDeps }> = async (app, { deps }) => {
  await app.register(walletRoutes, { deps });
};

export { ensureDemoCredit } from './api/demo-money-service.ts';
export { playersBalances, playNetSince, settledNetByDay } from './ledger/ledger-repository.ts';
export { depositsCredited, stakeablePaise, stakedSince } from './ledger/bonus-reads.ts';
export {
  getVersionedWallet,
  getWallet,
  getWalletView,
  requestHash,
  toWallet,
  walletAt,
  writesLeftAtEnd,
} from './ledger/ledger-service.ts';
export {
  adjustCash,
  creditDeposit,
  creditPlayAllowance,
  creditDepositBonus,
  creditReferralReward,
  depositRefusalAhead,
  fundMarketMaker,
  grantBonusCoins,
  holdWithdrawal,
  lockBonusCoins,
  payOutWithdrawal,
  playAllowanceClaimed,
  releaseWithdrawal,
  settleBonusCoins,
  walletTransaction,
} from './api/money-operations.ts';
export type {
  DepositRefused,
  MoneyFailureCode,
  WalletContext,
  WalletTransactionOptions,
} from './api/money-operations.ts';
export { insertNotificationForAllPlayers } from './events/notification-broadcast-repository.ts';
export { storeNotification } from './events/notification-service.ts';
export { templatedNotification } from './events/notification-templates.ts';
export type { NotificationTemplateKey, TemplateValue } from './events/notification-templates.ts';
export type { NotificationInput } from './events/notification-service.ts';
export { getStatement, latestStatementEntries } from './api/wallet-service.ts';
export { WALLET_EVENTS, WalletApi } from './api/wallet-api.ts';
export type {
  BatchMoveInput,
  PlannedResult,
  WalletEventPayload,
  WalletFailure,
  WalletFailureCode,
  WalletProduct,
  WalletResult,
} from './api/wallet-api.ts';
export { allowAll, allowAllReadingTotals } from './policies/wallet-policies.ts';
export type {
  DebitRequest,
  DepositPolicy,
  DepositRequest,
  LimitPolicy,
  PolicyRefusalCode,
  PolicyVerdict,
  TotalsRead,
  WalletPlayerFacts,
} from './policies/wallet-policies.ts';
export { stakeRefusalOf, walletRefusalError } from './api/wallet-refusals.ts';
export {
  deleteWalletPlayers,
  isRealMoneyOnPlaySite,
  moneyModeOf,
  moneyModeOfNewPlayer,
  moneyModesOf,
  notRestrictedAt,
  openPlayerWallet,
  openPlayerWallets,
  PERMANENT_EXCLUSION_UNTIL,
  playerRestrictionsOf,
  playerLimitsOf,
  playersWithLimits,
  readWalletTotals,
  restrictionEndSql,
  setPlayerRestrictions,
  writePlayerLimits,
} from './ledger/wallet-player-repository.ts';
export type {
  NewWalletPlayer,
  PlayerRestrictions,
  WalletPlayerRow,
} from './ledger/wallet-player-repository.ts';
export type { WalletTotals, WindowTotals } from './totals/wallet-totals.ts';
export type { MoneyMode } from './ledger/tables.ts';
