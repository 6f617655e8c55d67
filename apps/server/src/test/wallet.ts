import { randomBytes } from 'node:crypto';
import { playerAccount, systemAccount, transfer } from '@spm/core';
import type { Db } from '../db/database.ts';
import { insertUser } from '../modules/identity/user-repository.ts';
import type { MoneyMode } from '../modules/wallet/index.ts';
import { post, type LedgerDeps, type PostResult } from '../modules/wallet/ledger/ledger-service.ts';

/** A player row straight in the database (no sign-up flow): for ledger tests. */
export async function insertPlayer(
  db: Db,
  isDemo = false,
  siteMoneyMode: MoneyMode = 'real',
): Promise<number> {
  const username = `w${randomBytes(6).toString('hex')}`;
  const user = await insertUser(
    db,
    { username, usernameLower: username, name: username, passwordHash: 'not-a-hash', isDemo },
    siteMoneyMode,
  );
  return user.id;
}

/** House -> player cash, as a test's opening balance. */
export function fund(deps: LedgerDeps, playerId: number, paise: bigint): Promise<PostResult> {
  return post(deps, {
    kind: 'adjustment_credit',
    postings: transfer(systemAccount('house'), playerAccount(String(playerId), 'cash'), paise),
    description: 'test funding',
    reference: 'TEST',
    playerId,
  });
}

/**
 * Bonus pool -> a player's bonus wallet (`coins`, `sports`), as a test's opening bonus
 * balance: the ledger posting the bonus issue's grant will make, without its rules.
 */
export function fundBonus(
  deps: LedgerDeps,
  playerId: number,
  wallet: 'coins' | 'sports',
  paise: bigint,
): Promise<PostResult> {
  return post(deps, {
    kind: 'bonus',
    postings: transfer(systemAccount('bonus_pool'), playerAccount(String(playerId), wallet), paise),
    description: 'test bonus funding',
    reference: 'TEST',
    playerId,
  });
}
