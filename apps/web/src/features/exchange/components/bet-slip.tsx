import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { toast } from 'react-toastify';
import { useQueryClient } from '@tanstack/react-query';
import type { OrderAnswer } from '@spm/contract';
import {
  formatPoints,
  formatPrice,
  nextTickDown,
  nextTickUp,
  percentToBasisPoints,
  priceToOdds,
  settlementCommissionBasisPoints,
} from '@spm/core';
import { formatAmount } from '@spm/client';
import { exchangeKeys, placeOrder } from '../api/exchange-api';
import type { PlaceOrder } from '../api/exchange-api';
import { priceTextToHundredths, slipOutcome, stakeToPaise } from '../lib/bet-maths';
import type { Selection } from '../lib/bet-maths';
import { NetProfit } from './net-profit';
import { useAuthStore } from '@/shared/stores/auth-store';
import { StakePresets } from '@/shared/ui/stake-presets';

export interface SlipDraft {
  selection: Selection;
  priceText: string;
  stakeText: string;
}

export interface StakeLimits {
  minStake: number;
  maxStake: number;
  /** The market's commission (GET /sports/match/settings), in percent. */
  commissionPercent?: number;
}

/** A fresh key per placement attempt, so a retried click is a new order and a resend is not. */
function newIdempotencyKey(): string {
  return crypto.randomUUID();
}

function buildOrder(selection: Selection, price: number, stake: number): PlaceOrder {
  const idempotencyKey = newIdempotencyKey();
  switch (selection.kind) {
    case 'match_odds':
      return {
        kind: 'match_odds',
        body: {
          marketId: selection.marketId,
          runnerId: selection.runnerId,
          side: selection.side,
          price,
          stake,
          idempotencyKey,
        },
      };
    case 'bookmaker':
      return {
        kind: 'bookmaker',
        body: {
          marketId: selection.marketId,
          runnerId: selection.runnerId,
          side: selection.side,
          rate: selection.rate,
          stake,
          idempotencyKey,
        },
      };
    case 'fancy':
      return {
        kind: 'fancy',
        body: {
          marketId: selection.marketId,
          side: selection.side,
          line: selection.line,
          rate: selection.rate,
          stake,
          idempotencyKey,
        },
      };
  }
}

type StakeProblem = 'required' | 'min' | 'max';

function stakeProblem(stakeText: string, limits: StakeLimits | undefined): StakeProblem | null {
  if (stakeToPaise(stakeText) === null) return 'required';
  const stake = Number(stakeText);
  if (limits && stake < limits.minStake) return 'min';
  if (limits && stake > limits.maxStake) return 'max';
  return null;
}

function resultToast(answer: OrderAnswer, t: TFunction): void {
  const amounts = {
    matched: formatAmount(answer.matchedStake),
    unmatched: formatAmount(answer.unmatchedStake),
  };
  switch (answer.status) {
    case 'matched':
      toast.success(t('exchange.result.matched', amounts));
      return;
    case 'partially_matched':
      toast.info(t('exchange.result.partial', amounts));
      return;
    case 'unmatched':
      toast.info(t('exchange.result.unmatched', amounts));
      return;
    case 'pending':
      toast.info(t('exchange.result.pending'));
      return;
    default:
      toast.error(t('exchange.result.rejected'));
  }
}

/**
 * The bet slip: a side panel on wide screens and a bottom sheet on phones (CSS). Prices are
 * edited on the ladder only; the win or liability comes from @spm/core.
 */
export function BetSlip({
  draft,
  limits,
  eventId,
  onChange,
  onClose,
}: {
  draft: SlipDraft;
  limits: StakeLimits | undefined;
  eventId: string;
  onChange: (draft: SlipDraft) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const { selection, priceText, stakeText } = draft;
  const isExchange = selection.kind === 'match_odds';
  // Play money stays off the peer-to-peer exchange (docs/decisions.md); say so before submit.
  const isDemo = useAuthStore((state) => state.user?.isDemo === true);
  const demoRefused = isExchange && isDemo;
  const priceHundredths = isExchange ? priceTextToHundredths(priceText) : null;
  const priceInvalid = isExchange && priceHundredths === null;
  const stakePaise = stakeToPaise(stakeText);
  const problem = stakeProblem(stakeText, limits);
  const showProblem =
    problem !== null && (submitted || (stakeText !== '' && problem !== 'required'));
  const outcome = stakePaise === null ? null : slipOutcome(selection, stakePaise, priceHundredths);
  // The rate settlement will take from a win on this market (none on bookmaker and fancy).
  const commissionBasisPoints = settlementCommissionBasisPoints(
    selection.kind,
    percentToBasisPoints(limits?.commissionPercent ?? 0),
  );
  const outcomeKind =
    selection.kind === 'fancy'
      ? selection.side === 'yes'
        ? 'profit'
        : 'liability'
      : selection.side === 'back'
        ? 'profit'
        : 'liability';

  const step = (direction: 'up' | 'down') => {
    // Off-ladder text is snapped back on by the next tick in that direction.
    const current = Math.round(Number(priceText) * 100);
    const base = Number.isFinite(current) && current > 0 ? current : 200;
    const next = direction === 'up' ? nextTickUp(base) : nextTickDown(base);
    if (next !== null) onChange({ ...draft, priceText: formatPrice(next) });
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (busy || problem || priceInvalid) return;
    const price = priceHundredths === null ? 0 : priceToOdds(priceHundredths);
    setBusy(true);
    const answer = await placeOrder(buildOrder(selection, price, Number(stakeText)));
    setBusy(false);
    void queryClient.invalidateQueries({ queryKey: exchangeKeys.bets });
    void queryClient.invalidateQueries({ queryKey: exchangeKeys.pnl(eventId) });
    if (!answer) return;
    resultToast(answer, t);
    if (answer.status !== 'rejected') onClose();
  };

  const sideKey =
    selection.kind === 'fancy' ? `exchange.${selection.side}` : `exchange.${selection.side}`;
  const title =
    selection.kind === 'fancy'
      ? `${selection.marketName} · ${selection.line}`
      : selection.runnerName;

  return (
    <aside
      className={`bet-slip bet-slip--${selection.side}`}
      data-testid="bet-slip"
      aria-label={t('exchange.slip.title')}
    >
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <header className="bet-slip__header">
          <h2 className="bet-slip__title">{t('exchange.slip.title')}</h2>
          <span
            className={`bet-slip__side bet-slip__side--${selection.side}`}
            data-testid="slip-side"
          >
            {t(sideKey)}
          </span>
        </header>
        <p className="bet-slip__selection" data-testid="slip-selection">
          {title}
        </p>
        {isExchange ? (
          <div className="bet-slip__field">
            <span className="form-field__label">{t('exchange.slip.price')}</span>
            <div className="bet-slip__price">
              <button
                type="button"
                className="button button--ghost"
                aria-label={t('exchange.slip.priceDown')}
                onClick={() => step('down')}
                data-testid="slip-price-down"
              >
                −
              </button>
              <input
                className="bet-slip__input"
                inputMode="decimal"
                aria-label={t('exchange.slip.price')}
                aria-invalid={priceInvalid}
                value={priceText}
                onChange={(event) => onChange({ ...draft, priceText: event.target.value })}
                data-testid="slip-price"
              />
              <button
                type="button"
                className="button button--ghost"
                aria-label={t('exchange.slip.priceUp')}
                onClick={() => step('up')}
                data-testid="slip-price-up"
              >
                +
              </button>
            </div>
            {priceInvalid && (
              <p className="form-error" role="alert" data-testid="slip-price-error">
                {t('exchange.slip.invalidPrice')}
              </p>
            )}
          </div>
        ) : (
          <p className="bet-slip__rate" data-testid="slip-rate">
            {t('exchange.slip.rate')}: {selection.rate}
          </p>
        )}
        <label className="bet-slip__field">
          <span className="form-field__label">{t('exchange.slip.stake')}</span>
          <input
            className="bet-slip__input"
            inputMode="decimal"
            value={stakeText}
            aria-invalid={showProblem}
            onChange={(event) => onChange({ ...draft, stakeText: event.target.value })}
            data-testid="slip-stake"
          />
        </label>
        <StakePresets onPick={(stake) => onChange({ ...draft, stakeText: String(stake) })} />
        {showProblem && (
          <p className="form-error" role="alert" data-testid="slip-stake-error">
            {problem === 'min'
              ? t('exchange.slip.minStake', { min: formatAmount(limits?.minStake ?? 0) })
              : problem === 'max'
                ? t('exchange.slip.maxStake', { max: formatAmount(limits?.maxStake ?? 0) })
                : t('exchange.slip.stakeRequired')}
          </p>
        )}
        {outcomeKind === 'profit' ? (
          <NetProfit
            grossPaise={outcome ? outcome.paise : 0n}
            commissionBasisPoints={commissionBasisPoints}
            testIdPrefix="slip"
          />
        ) : (
          <p className="bet-slip__outcome">
            <span>{t('exchange.slip.liability')}</span>
            <strong className="pnl pnl--down" data-testid="slip-liability">
              {outcome ? formatPoints(outcome.paise) : '0.00'}
            </strong>
          </p>
        )}
        {demoRefused && (
          <p className="form-error" role="alert" data-testid="slip-demo-refused">
            {t('exchange.slip.demoRefused')}
          </p>
        )}
        <div className="bet-slip__actions">
          <button
            type="button"
            className="button button--ghost"
            onClick={onClose}
            data-testid="slip-cancel"
          >
            {t('exchange.slip.cancel')}
          </button>
          <button
            type="submit"
            className="button button--primary"
            disabled={busy || demoRefused}
            aria-busy={busy}
            data-testid="slip-place"
          >
            {busy ? t('exchange.slip.placing') : t('exchange.slip.place')}
          </button>
        </div>
      </form>
    </aside>
  );
}
