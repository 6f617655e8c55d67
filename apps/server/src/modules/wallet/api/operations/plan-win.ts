import {
  playerAccount,
  splitPayout,
  spreadPlayerCash,
  transfer,
  type AccountRef,
  type FundingPart,
  type Paise,
} from '@spm/core';
import { WALLET_EVENTS } from '../../events/wallet-events.ts';
import type { LedgerContext } from '../../ledger/ledger-service.ts';
import type { WalletPolicies } from '../../policies/wallet-policies.ts';
import { roundKeyText, unsettledStakesOf } from '../../ledger/round-stakes.ts';
import { fail } from '../wallet-answers.ts';
import type { Plan, WalletFailure, WinInput } from '../wallet-types.ts';
import { counterpartyFor, roundParts } from './operation-reads.ts';
import { holdKey } from './plan-parts.ts';

/* A win: paid into the wallets the round's stakes came from. */

export async function planWin(
  policies: WalletPolicies,
  ctx: LedgerContext,
  input: WinInput,
): Promise<Plan | WalletFailure> {
  if (input.amountPaise < 0n) return fail('INVALID_AMOUNT');
  const stakes = await unsettledStakesOf(ctx.tx, [holdKey(input)]);
  const counterparty = await counterpartyFor(ctx, input.playerId);
  return planWinPayout(
    input,
    counterparty,
    await roundParts(policies, ctx, holdKey(input)),
    stakes.get(roundKeyText(holdKey(input))) ?? 0n,
  );
}

/**
 * A win paid from `counterparty` into the wallets in the proportion of `roundParts` (the
 * round's stakes; all cash when none is known); a win of 0 moves nothing but is recorded.
 * Its event settles `roundStakePaise`, the round's stakes no earlier settlement reported.
 */
export function planWinPayout(
  input: WinInput,
  counterparty: AccountRef,
  roundParts: FundingPart[],
  roundStakePaise: Paise,
): Plan {
  const player = String(input.playerId);
  return {
    kind: 'bet_settlement',
    postings:
      input.amountPaise === 0n
        ? []
        : spreadPlayerCash(
            transfer(counterparty, playerAccount(player, 'cash'), input.amountPaise),
            player,
            splitPayout(roundParts, input.amountPaise),
          ),
    amountPaise: input.amountPaise,
    holdDeltaPaise: 0n,
    stakePaise: roundStakePaise,
    payoutPaise: input.amountPaise,
    event: WALLET_EVENTS.settlement,
    closesRound: input.close === true,
  };
}
