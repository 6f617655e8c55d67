import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CRASH_PANELS } from '@spm/contract';
import type { CrashBetView, CrashRoundState, CrashState } from '@spm/contract';
import type { PageProps } from '@/shared/lib/route-paths';
import { PageLoader } from '@/shared/ui/page-loader';
import { PointsAmount } from '@/shared/ui/points-amount';
import { useWalletFigures } from '@/shared/ui/wallet-figures';
import { useCrashState } from './api/crash-api';
import { BetPanel } from './components/bet-panel';
import { BetsList } from './components/bets-list';
import { FairnessPanel } from './components/fairness-panel';
import { FlightCanvas } from './components/flight-canvas';
import { HistoryStrip } from './components/history-strip';
import { MyBetsHistory } from './components/my-bets-history';
import { RulesPanel } from './components/rules-panel';
import { useCrashRoom } from './hooks/use-crash-room';
import { useSecondsLeft } from './hooks/use-seconds-left';
import {
  applyMine,
  applyMyBet,
  applyRound,
  applyState,
  applySummary,
  applyTickPhase,
  myPanelBet,
} from './lib/crash-state';
import { FlightClock } from './lib/flight-clock';
import './crash.css';

/** How far the server's clock runs ahead of this device's (0 when its time is unreadable). */
const offsetOf = (round: CrashRoundState) => {
  const offset = Date.parse(round.serverTime) - Date.now();
  return Number.isFinite(offset) ? offset : 0;
};

/** Seconds left to bet, on the server's clock (each state the server sends carries its time). */
function useServerCountdown(round: CrashRoundState): number {
  const [serverOffsetMs, setServerOffsetMs] = useState(() => offsetOf(round));
  // Keyed by the state's time: a state rebuilt here from a tick keeps an old one.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(() => setServerOffsetMs(offsetOf(round)), [round.serverTime]);
  return useSecondsLeft(round.bettingEndsAt, serverOffsetMs, round.phase === 'betting');
}

function CrashHeader() {
  const { t } = useTranslation('crash');
  const { balance } = useWalletFigures();
  return (
    <header className="crash-header">
      <h1 className="page__title crash-header__title" data-testid="page-title">
        {t('title')}
      </h1>
      <span className="crash-header__balance">
        {t('balance')}{' '}
        <strong data-testid="crash-balance">
          <PointsAmount amount={balance} />
        </strong>
      </span>
    </header>
  );
}

/** The live game once its first state is in. */
function CrashGame({
  state,
  clock,
  onBet,
}: {
  state: CrashState;
  clock: FlightClock;
  onBet: (bet: CrashBetView, cancelled?: boolean) => void;
}) {
  const [fairnessOpen, setFairnessOpen] = useState(false);
  const [fairnessRoundId, setFairnessRoundId] = useState<string | null>(null);
  const { round, settings, history, summary, mine } = state;
  const secondsLeft = useServerCountdown(round);
  const lastCrashId = history[0]?.roundId ?? null;

  const pickRound = (roundId: string) => {
    setFairnessRoundId(roundId);
    setFairnessOpen(true);
  };

  return (
    <section className="page crash-page" data-testid="crash-page" data-round-id={round.roundId}>
      <CrashHeader />
      <HistoryStrip history={history} onPick={pickRound} />
      <div className="crash-layout">
        <div className="crash-layout__main">
          <FlightCanvas clock={clock} phase={round.phase} secondsLeft={secondsLeft} />
          <div className="crash-panels">
            {CRASH_PANELS.map((panel) => (
              <BetPanel
                key={panel}
                panel={panel}
                round={round}
                settings={settings}
                myBet={myPanelBet(state, panel)}
                bettingOpen={round.phase === 'betting' && secondsLeft > 0}
                clock={clock}
                onBet={onBet}
              />
            ))}
          </div>
        </div>
        <div className="crash-layout__side">
          <BetsList
            summary={summary}
            mine={mine}
            roundId={round.roundId}
            lastRoundId={lastCrashId}
          />
        </div>
      </div>
      <MyBetsHistory lastCrashId={lastCrashId} />
      <FairnessPanel
        settings={settings}
        open={fairnessOpen}
        onToggle={setFairnessOpen}
        chosenRoundId={fairnessRoundId}
        onChoose={setFairnessRoundId}
        lastCrashId={lastCrashId}
      />
      <RulesPanel settings={settings} />
    </section>
  );
}

/**
 * /aviatorgames: the crash game (issue 43). The first picture comes from GET
 * /api/crash/state or the room's join, whichever answers; then the room's pushes keep it
 * current: `crash:round` at each phase, `crash:tick` in flight, `crash:bets` (the round's
 * bets in summary) as bets come and go, and `crash:mine` (my own bets) to my own room. The flight itself is drawn outside React by the flight clock.
 */
export function CrashPage(_props: PageProps) {
  const { t } = useTranslation('crash');
  const initial = useCrashState();
  const [clock] = useState(() => new FlightClock());
  const [state, setState] = useState<CrashState | null>(null);
  // The state every handler works from: pushes may come faster than React renders.
  const current = useRef<CrashState | null>(null);

  const commit = useCallback(
    (next: CrashState | null) => {
      if (!next || next === current.current) return;
      current.current = next;
      clock.sync(next.round);
      setState(next);
    },
    [clock],
  );

  const takeState = useCallback(
    (incoming: CrashState) => commit(applyState(current.current, incoming)),
    [commit],
  );

  useEffect(() => {
    if (initial.data) takeState(initial.data);
  }, [initial.data, takeState]);

  useCrashRoom({
    onState: takeState,
    onRound: (round) => {
      if (current.current) commit(applyRound(current.current, round));
    },
    onTick: (tick) => {
      if (!current.current) return;
      commit(applyTickPhase(current.current, tick.roundId));
      clock.tick(tick);
    },
    onSummary: (summary) => {
      if (current.current) commit(applySummary(current.current, summary));
    },
    onMine: (events) => {
      if (current.current) commit(applyMine(current.current, events));
    },
  });

  const onBet = useCallback(
    (bet: CrashBetView, cancelled = false) => {
      if (current.current) commit(applyMyBet(current.current, bet, cancelled));
    },
    [commit],
  );

  if (state) return <CrashGame state={state} clock={clock} onBet={onBet} />;
  if (initial.isError) {
    return (
      <section className="page page--centered crash-page" data-testid="crash-problem">
        <p role="alert">{t('loadError')}</p>
        <button
          type="button"
          className="button button--primary"
          onClick={() => void initial.refetch()}
        >
          {t('retry')}
        </button>
      </section>
    );
  }
  return <PageLoader />;
}
