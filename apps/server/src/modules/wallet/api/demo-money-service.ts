import { playerAccount, systemAccount, transfer } from '@spm/core';
import { post, type LedgerDeps } from '../ledger/ledger-service.ts';
import { moneyModeOf } from '../ledger/wallet-player-repository.ts';

/** Play money a demo account starts with, once (docs/decisions.md "Demo play money"). */
export const DEMO_CREDIT_PAISE = 1_000_000n;

/**
 * Credits a demo player 10,000 points of play money from the `play_money` system account,
 * once ever: the key `demo-credit:{userId}` makes every later call a replay. Only to a
 * player who plays for points: play money never reaches a real-money wallet.
 */
export async function ensureDemoCredit(deps: LedgerDeps, userId: number): Promise<void> {
  const moneyMode = await moneyModeOf(deps.db, userId);
  if (moneyMode !== 'play') throw new Error(`demo credit to a ${moneyMode ?? 'missing'} wallet`);
  const result = await post(deps, {
    kind: 'demo_credit',
    postings: transfer(
      systemAccount('play_money'),
      playerAccount(String(userId), 'cash'),
      DEMO_CREDIT_PAISE,
    ),
    idempotencyKey: `demo-credit:${userId}`,
    requestHash: 'demo-credit',
    description: 'Demo play money',
    reference: `DEMO-${userId}`,
    playerId: userId,
  });
  if (!result.ok) throw new Error(`demo credit refused: ${result.code}`);
}
