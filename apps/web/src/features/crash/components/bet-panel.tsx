import { useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { CRASH_STAKE_PRESETS } from '@spm/contract';
import type { CrashBetView, CrashPanel, CrashRoundState, CrashSettingsView } from '@spm/contract';
import { formatAmount, formatCount, newIdempotencyKey } from '@spm/client';
import { requestBalance } from '@/shared/realtime';
import { PointsAmount } from '@/shared/ui/points-amount';
import { cancelCrashBet, cashOutCrashBet, placeCrashBet } from '../api/crash-api';
import { autoBetNetPaise, autoBetStop, betNetPaise } from '../lib/auto-bet';
import type { AutoBetPlan, AutoBetStop } from '../lib/auto-bet';
import type { FlightClock } from '../lib/flight-clock';
import {
  MAX_AUTO_CASH_OUT,
  MIN_AUTO_CASH_OUT,
  optional,
  parsePoints,
  parseRounds,
  parseTarget,
  stepStake,
} from '../lib/inputs';
import { cashOutPaise, formatMultiplier, toPaise } from '../lib/multiplier';

/** What the + and − buttons move the stake by, in points. */
const STAKE_STEP = 10;

/** Stake × the live multiplier, written by the flight clock on every frame (no re-render). */
function LiveReturn({
  clock,
  stake,
  maxReturn,
}: {
  clock: FlightClock;
  stake: number;
  maxReturn: number;
}) {
  const ref = useRef<HTMLSpanElement>(null);
  useEffect(
    () =>
      clock.subscribe((frame) => {
        const text = formatAmount(
          cashOutPaise(toPaise(stake), frame.hundredths, toPaise(maxReturn)) / 100,
        );
        if (ref.current && ref.current.textContent !== text) ref.current.textContent = text;
      }),
    [clock, stake, maxReturn],
  );
  return <span ref={ref} className="crash-panel__live" data-testid="crash-cashout-amount" />;
}

interface AutoBetState {
  plan: AutoBetPlan;
  /** Net result in paise of each finished auto bet, by bet id. */
  results: ReadonlyMap<string, number>;
}

/**
 * One of the two bet panels: the stake (typed, presets, + and −), the auto cash-out target,
 * auto bet, and the one button whose job follows the round: Bet, Cancel (in the betting
 * window, or a bet waiting for the next round), Cash out (in flight, with the live return).
 */
export function BetPanel({
  panel,
  round,
  settings,
  myBet,
  bettingOpen,
  clock,
  onBet,
}: {
  panel: CrashPanel;
  round: CrashRoundState;
  settings: CrashSettingsView;
  /** My bet on this panel in the round shown. */
  myBet: CrashBetView | null;
  /** The round is taking bets and its countdown has not run out. */
  bettingOpen: boolean;
  clock: FlightClock;
  /** A bet answered by the server (placed, cancelled, cashed out). */
  onBet: (bet: CrashBetView, cancelled?: boolean) => void;
}) {
  const { t } = useTranslation('crash');
  const [stakeText, setStakeText] = useState(() =>
    String(Math.max(settings.minStake, CRASH_STAKE_PRESETS[0])),
  );
  const [autoCashOutOn, setAutoCashOutOn] = useState(false);
  const [targetText, setTargetText] = useState('2.00');
  const [roundsText, setRoundsText] = useState('10');
  const [lossText, setLossText] = useState('');
  const [profitText, setProfitText] = useState('');
  const [autoBet, setAutoBet] = useState<AutoBetState | null>(null);
  const [autoStopped, setAutoStopped] = useState<{
    reason: AutoBetStop | 'refused';
    rounds: number;
    netPaise: number;
  } | null>(null);
  /**
   * A bet asked for outside the betting window (in flight, or once the countdown ran out):
   * the round it was asked in; it goes in when the next round's window opens.
   */
  const [queued, setQueued] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [cashedOut, setCashedOut] = useState<{
    betId: string;
    multiplier: number;
    payout: number;
  } | null>(null);
  /** The round this panel last placed a bet in by itself (auto bet or a queued bet). */
  const placedIn = useRef<string | null>(null);
  const autoBetIds = useRef(new Set<string>());

  const active = myBet?.status === 'active' ? myBet : null;
  const phase = round.phase;
  const id = (name: string) => `crash-${name}-${panel}`;

  const stopAutoBet = (reason: AutoBetStop | 'refused') => {
    const results = autoBet?.results ?? new Map<string, number>();
    setAutoBet(null);
    setAutoStopped({ reason, rounds: results.size, netPaise: autoBetNetPaise(results) });
  };

  const place = async (by: 'player' | 'auto') => {
    setError(null);
    const stake = parsePoints(stakeText);
    if (stake === null || stake < settings.minStake || stake > settings.maxStakePerRound) {
      setError(
        t('errors.stake', {
          min: formatAmount(settings.minStake),
          max: formatAmount(settings.maxStakePerRound),
        }),
      );
      if (by === 'auto') stopAutoBet('refused');
      return;
    }
    const target = autoCashOutOn ? parseTarget(targetText) : null;
    if (autoCashOutOn && target === null) {
      setError(t('errors.target', { min: MIN_AUTO_CASH_OUT, max: formatCount(MAX_AUTO_CASH_OUT) }));
      if (by === 'auto') stopAutoBet('refused');
      return;
    }
    setBusy(true);
    const outcome = await placeCrashBet({
      roundId: round.roundId,
      panel,
      stake,
      autoCashOut: target,
      clientBetId: newIdempotencyKey(),
    });
    setBusy(false);
    if (!outcome.ok) {
      setError(outcome.message || t('errors.refused'));
      if (by === 'auto') stopAutoBet('refused');
      return;
    }
    if (by === 'auto') autoBetIds.current.add(outcome.data.bet.id);
    onBet(outcome.data.bet);
    // The stake's update_balance is on its way; a versioned read shows it at once.
    void requestBalance();
  };

  const cancel = async () => {
    setError(null);
    if (!active) {
      setQueued(null);
      return;
    }
    setBusy(true);
    const outcome = await cancelCrashBet(active.id);
    setBusy(false);
    if (!outcome.ok) {
      setError(outcome.message || t('errors.refused'));
      return;
    }
    onBet(outcome.data.bet, true);
    void requestBalance();
  };

  const cashOut = async () => {
    if (!active) return;
    setError(null);
    setBusy(true);
    const outcome = await cashOutCrashBet(active.id);
    setBusy(false);
    if (!outcome.ok) {
      setError(outcome.message || t('errors.refused'));
      return;
    }
    const { bet, multiplier, payout } = outcome.data;
    setCashedOut({ betId: bet.id, multiplier, payout });
    onBet(bet);
    toast.success(
      t('panel.cashedOutToast', {
        amount: formatAmount(payout),
        multiplier: formatMultiplier(multiplier),
      }),
    );
    void requestBalance();
  };

  // A new round: the last one's refusal and cash-out line belong to it.
  useEffect(() => {
    setError(null);
    setCashedOut(null);
  }, [round.roundId]);

  // The betting window of a new round: auto bet places its bet, or a bet asked for during the
  // last flight goes in (once per round: a cancelled one is not placed again).
  const autoBetOn = autoBet !== null;
  const waiting = queued !== null && queued !== round.roundId;
  useEffect(() => {
    if (!bettingOpen || myBet || placedIn.current === round.roundId) return;
    if (!autoBetOn && !waiting) return;
    placedIn.current = round.roundId;
    setQueued(null);
    void place(autoBetOn ? 'auto' : 'player');
    // place reads the panel's inputs as they are now; the trigger is the round alone.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [bettingOpen, round.roundId, myBet, autoBetOn, waiting]);

  // An auto bet finished (cashed out, or lost at the crash): count it, and stop when a stop
  // is reached. A cash-out answered after the crash corrects the count it made.
  useEffect(() => {
    if (!myBet || !autoBet || !autoBetIds.current.has(myBet.id)) return;
    const net = betNetPaise(myBet, phase === 'crashed');
    if (net === null || autoBet.results.get(myBet.id) === net) return;
    const results = new Map(autoBet.results).set(myBet.id, net);
    const stop = autoBetStop(autoBet.plan, results);
    if (stop) {
      setAutoBet(null);
      setAutoStopped({ reason: stop, rounds: results.size, netPaise: autoBetNetPaise(results) });
    } else setAutoBet({ ...autoBet, results });
  }, [myBet, phase, autoBet]);

  const startAutoBet = () => {
    setError(null);
    const rounds = optional(roundsText, parseRounds);
    const stopLoss = optional(lossText, parsePoints);
    const stopProfit = optional(profitText, parsePoints);
    if (rounds === null || stopLoss === null || stopProfit === null) {
      setError(t('errors.autoBet'));
      return;
    }
    setAutoStopped(null);
    setAutoBet({
      plan: { rounds: rounds ?? null, stopLoss: stopLoss ?? null, stopProfit: stopProfit ?? null },
      results: new Map(),
    });
  };

  const stake = parsePoints(stakeText) ?? settings.minStake;
  const locked = active !== null || busy;
  const cashedOutLine =
    myBet?.status === 'cashed_out'
      ? cashedOut?.betId === myBet.id
        ? cashedOut
        : { multiplier: myBet.cashOutMultiplier ?? 0, payout: myBet.payout ?? 0 }
      : null;

  let action: ReactNode;
  if (active && phase === 'flying') {
    action = (
      <button
        type="button"
        className="button button--large crash-panel__action crash-panel__action--cashout"
        disabled={busy}
        onClick={() => void cashOut()}
        data-testid={id('cashout')}
      >
        <span>{t('panel.cashOut')}</span>
        <LiveReturn clock={clock} stake={active.stake} maxReturn={settings.maxReturn} />
      </button>
    );
  } else if (active || queued !== null) {
    action = (
      <button
        type="button"
        className="button button--large crash-panel__action crash-panel__action--cancel"
        disabled={busy || (active !== null && phase !== 'betting')}
        onClick={() => void cancel()}
        data-testid={id('cancel')}
      >
        <span>{t('panel.cancel')}</span>
        {!active && <small>{t('panel.waiting')}</small>}
      </button>
    );
  } else {
    action = (
      <button
        type="button"
        className="button button--large crash-panel__action crash-panel__action--bet"
        disabled={busy}
        onClick={() => {
          if (bettingOpen) void place('player');
          else {
            setError(null);
            setQueued(round.roundId);
          }
        }}
        data-testid={id('bet')}
      >
        <span>{t('panel.bet')}</span>
        <small>
          {bettingOpen
            ? formatAmount(stake)
            : t('panel.nextRound', { amount: formatAmount(stake) })}
        </small>
      </button>
    );
  }

  const results = autoBet?.results;
  return (
    <section
      className="crash-panel"
      aria-label={t('panel.title', { number: panel + 1 })}
      data-testid={id('panel')}
    >
      <div className="crash-panel__row">
        <div className="crash-panel__stake">
          <div className="crash-stepper">
            <button
              type="button"
              className="crash-stepper__button"
              aria-label={t('panel.less')}
              disabled={locked}
              onClick={() =>
                setStakeText(
                  String(
                    stepStake(stake, -STAKE_STEP, settings.minStake, settings.maxStakePerRound),
                  ),
                )
              }
              data-testid={id('minus')}
            >
              −
            </button>
            <input
              className="crash-stepper__input"
              inputMode="decimal"
              aria-label={t('panel.stake')}
              value={stakeText}
              disabled={locked}
              onChange={(event) => setStakeText(event.target.value)}
              data-testid={id('stake')}
            />
            <button
              type="button"
              className="crash-stepper__button"
              aria-label={t('panel.more')}
              disabled={locked}
              onClick={() =>
                setStakeText(
                  String(
                    stepStake(stake, STAKE_STEP, settings.minStake, settings.maxStakePerRound),
                  ),
                )
              }
              data-testid={id('plus')}
            >
              +
            </button>
          </div>
          <div className="crash-presets" role="group" aria-label={t('panel.presets')}>
            {CRASH_STAKE_PRESETS.map((preset) => (
              <button
                key={preset}
                type="button"
                className="crash-presets__button"
                disabled={locked}
                onClick={() => setStakeText(String(preset))}
                data-testid={id(`preset-${preset}`)}
              >
                {formatCount(preset)}
              </button>
            ))}
          </div>
        </div>
        {action}
      </div>

      {cashedOutLine && (
        <p
          className="crash-panel__result crash-panel__result--won"
          data-testid={id('cashed-out')}
          data-payout={cashedOutLine.payout}
        >
          {t('panel.cashedOutAt', { multiplier: formatMultiplier(cashedOutLine.multiplier) })}{' '}
          <strong>
            <PointsAmount amount={cashedOutLine.payout} />
          </strong>
        </p>
      )}
      {myBet?.status === 'lost' && (
        <p className="crash-panel__result crash-panel__result--lost" data-testid={id('lost')}>
          {t('panel.lost')}
        </p>
      )}

      <div className="crash-panel__auto">
        <label className="crash-toggle">
          <input
            type="checkbox"
            checked={autoCashOutOn}
            disabled={locked}
            onChange={(event) => setAutoCashOutOn(event.target.checked)}
            data-testid={id('auto-cashout')}
          />
          {t('panel.autoCashOut')}
        </label>
        <input
          className="crash-panel__target"
          inputMode="decimal"
          aria-label={t('panel.target')}
          value={targetText}
          disabled={locked || !autoCashOutOn}
          onChange={(event) => setTargetText(event.target.value)}
          data-testid={id('target')}
        />
        <span aria-hidden="true">x</span>
      </div>

      <details className="crash-panel__autobet" data-testid={id('autobet')}>
        <summary>
          {t('panel.autoBet')}
          {autoBet && (
            <span className="crash-badge" data-testid={id('autobet-on')}>
              {t('panel.autoBetOn')}
            </span>
          )}
        </summary>
        <div className="crash-autobet">
          <label className="crash-autobet__field">
            {t('panel.rounds')}
            <input
              inputMode="numeric"
              value={roundsText}
              disabled={autoBet !== null}
              onChange={(event) => setRoundsText(event.target.value)}
              data-testid={id('autobet-rounds')}
            />
          </label>
          <label className="crash-autobet__field">
            {t('panel.stopLoss')}
            <input
              inputMode="decimal"
              value={lossText}
              disabled={autoBet !== null}
              onChange={(event) => setLossText(event.target.value)}
              data-testid={id('autobet-loss')}
            />
          </label>
          <label className="crash-autobet__field">
            {t('panel.stopProfit')}
            <input
              inputMode="decimal"
              value={profitText}
              disabled={autoBet !== null}
              onChange={(event) => setProfitText(event.target.value)}
              data-testid={id('autobet-profit')}
            />
          </label>
          <p className="page__muted crash-autobet__hint">{t('panel.autoBetHint')}</p>
          {autoBet ? (
            <button
              type="button"
              className="button button--outline"
              onClick={() => setAutoBet(null)}
              data-testid={id('autobet-stop')}
            >
              {t('panel.stopAutoBet')}
            </button>
          ) : (
            <button
              type="button"
              className="button button--primary"
              onClick={startAutoBet}
              data-testid={id('autobet-start')}
            >
              {t('panel.startAutoBet')}
            </button>
          )}
          {results && (
            <p className="crash-autobet__progress" data-testid={id('autobet-progress')}>
              {t('panel.autoBetProgress', {
                rounds: results.size,
                net: formatAmount(autoBetNetPaise(results) / 100),
              })}
            </p>
          )}
        </div>
      </details>
      {autoStopped && (
        <p className="crash-autobet__stopped" role="status" data-testid={id('autobet-stopped')}>
          {t(`panel.autoBetStopped.${autoStopped.reason}`, {
            rounds: autoStopped.rounds,
            net: formatAmount(autoStopped.netPaise / 100),
          })}
        </p>
      )}

      {error && (
        <p className="form-error" role="alert" data-testid={id('error')}>
          {error}
        </p>
      )}
    </section>
  );
}
