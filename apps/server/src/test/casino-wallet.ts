import type { CasinoProviderOperation, ProviderAnswer } from '@spm/contract';
import { expect } from 'vitest';
import { callProviderWallet } from '../modules/casino/provider-wallet-routes.ts';
import { insertLaunch, type TestProvider } from '../modules/casino/provider-wallet-fixtures.ts';
import { getWalletView } from '../modules/wallet/index.ts';
import { ledgerTotals } from '../modules/wallet/ledger/ledger-repository.ts';
import type { Harness } from './harness.ts';
import { fund, insertPlayer } from './wallet.ts';

/** The provider wallet's test kit over a running harness: signed calls, sessions, checks. */
export function providerWalletKit(h: Harness) {
  const nowMs = () => h.clock.now().getTime();
  const deps = () => ({ db: h.db, clock: h.clock, realtime: h.app.realtime });

  const call = (
    provider: TestProvider,
    operation: CasinoProviderOperation,
    body: unknown,
  ): Promise<ProviderAnswer> =>
    callProviderWallet(h.app, {
      providerId: provider.providerId,
      secret: provider.secret,
      operation,
      body,
      timestampMs: nowMs(),
    });

  async function fundedPlayer(paise: bigint, isDemo = false): Promise<number> {
    const player = await insertPlayer(h.db, isDemo);
    if (paise > 0n) expect((await fund(deps(), player, paise)).ok).toBe(true);
    return player;
  }

  /** A player launched at the provider's game and authenticated: the callbacks' session. */
  async function session(provider: TestProvider, paise = 100_000n, isDemo = false) {
    const playerId = await fundedPlayer(paise, isDemo);
    const { launchToken } = await insertLaunch(h.db, {
      ...provider,
      playerId,
      playMoney: isDemo,
      now: h.clock.now(),
    });
    const answer = await call(provider, 'authenticate', { requestId: 'auth', launchToken });
    expect(answer.status).toBe('RS_OK');
    return {
      playerId,
      base: {
        token: answer.token!,
        user: String(playerId),
        gameId: provider.gameId,
        currency: answer.currency!,
      },
    };
  }

  const cash = async (playerId: number) => (await getWalletView(h.db, playerId)).balancePaise;

  async function expectLedgerBalanced() {
    const totals = await ledgerTotals(h.db);
    expect(totals.postingsSum).toBe(0n);
    expect(totals.playerRowsSum + totals.systemPostingsSum).toBe(0n);
    expect(totals.playerRowsDisagreeing).toBe(0);
    expect(totals.unbalancedTransactions).toBe(0);
  }

  return { nowMs, deps, call, fundedPlayer, session, cash, expectLedgerBalanced };
}
