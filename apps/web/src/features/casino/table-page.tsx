import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { toast } from 'react-toastify';
import { useQueryClient } from '@tanstack/react-query';
import { CASINO_FAMILY_ROUTES } from '@spm/contract';
import type {
  GameRoundEvent,
  SpmBet,
  SpmGameKind,
  SpmRound,
  SpmSession,
  SpmTable,
} from '@spm/contract';
import { spmWinningSpots } from '@spm/core';
import { formatAmount, newIdempotencyKey } from '@spm/client';
import type { PageProps } from '@/shared/lib/route-paths';
import { requestBalance } from '@/shared/realtime';
import { PageLoader } from '@/shared/ui/page-loader';
import { ExposureAmount, useWalletFigures } from '@/shared/ui/wallet-figures';
import { casinoKeys, placeSpmBet, useSpmTable } from './api/casino-api';
import { BetSpots } from './components/bet-spots';
import { ChipRack, firstChip } from './components/chip-rack';
import { FairnessPanel } from './components/fairness-panel';
import { ResultBadge, ResultsStrip } from './components/results-strip';
import { RulesPanel } from './components/rules-panel';
import { TableHistory } from './components/table-history';
import { TableVisual } from './components/table-visual';
import { useGameRounds } from './hooks/use-game-rounds';
import { useSecondsLeft } from './hooks/use-seconds-left';
import { mergeBets, newerRound, roundWinnings } from './lib/round-state';
import { spotLabel } from './lib/spot-label';
import { forgetSpmSession, resolveSpmSession } from './lib/spm-session';
import './casino.css';

const LOBBY_PATH = CASINO_FAMILY_ROUTES.spm;
/** How often a settled round with my bets still open asks for their result. */
const SETTLEMENT_POLL_MS = 1000;

function PhaseLine({
  kind,
  round,
  secondsLeft,
}: {
  kind: SpmGameKind;
  round: SpmRound;
  secondsLeft: number;
}) {
  const { t } = useTranslation();
  if (round.phase === 'betting' && secondsLeft > 0) {
    return (
      <p
        className="table-phase table-phase--betting"
        data-testid="table-phase"
        data-phase="betting"
      >
        {t('casino.table.bettingCloses')}{' '}
        <strong className="table-countdown" data-testid="table-countdown">
          {secondsLeft}
        </strong>
      </p>
    );
  }
  if (round.phase === 'settled') {
    return (
      <p
        className="table-phase table-phase--settled"
        data-testid="table-phase"
        data-phase="settled"
      >
        {t('casino.table.result')}{' '}
        <strong data-testid="table-result">
          {round.outcome.resultCode === null ? (
            '—'
          ) : (
            <ResultBadge kind={kind} code={round.outcome.resultCode} />
          )}
        </strong>
      </p>
    );
  }
  return (
    <p className="table-phase" data-testid="table-phase" data-phase={round.phase}>
      {round.phase === 'betting' ? t('casino.table.bettingClosed') : t('casino.table.dealing')}
    </p>
  );
}

function MyBets({ bets }: { bets: readonly SpmBet[] }) {
  const { t } = useTranslation();
  return (
    <section className="table-section" aria-labelledby="my-round-bets">
      <h2 id="my-round-bets" className="table-section__title">
        {t('casino.table.myBets')}
      </h2>
      {bets.length === 0 ? (
        <p className="page__muted" data-testid="table-no-bets">
          {t('casino.table.noBets')}
        </p>
      ) : (
        <ul className="table-bets" data-testid="table-bets">
          {bets.map((bet) => (
            <li
              key={bet.id}
              className={`table-bet table-bet--${bet.status}`}
              data-testid="table-bet"
              data-status={bet.status}
            >
              <span>{spotLabel(t, bet.spot)}</span>
              <span>{formatAmount(bet.stake)}</span>
              <span data-testid="table-bet-status">
                {bet.status === 'won' || bet.status === 'refunded'
                  ? t(`casino.betStatus.${bet.status}Amount`, {
                      amount: formatAmount(bet.payout ?? 0),
                    })
                  : t(`casino.betStatus.${bet.status}`)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The live table of one game session. */
function LiveTable({ session, initial }: { session: SpmSession; initial: SpmTable }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { tableId, sessionToken } = session;
  const table = useSpmTable(tableId, sessionToken);
  const current = table.data ?? initial;
  const [live, setLive] = useState<SpmRound | null>(null);
  const [serverOffsetMs, setServerOffsetMs] = useState(0);
  const [recentResults, setRecentResults] = useState<{ roundId: string; resultCode: string }[]>([]);
  const [placed, setPlaced] = useState<SpmBet[]>([]);
  // The header's figures, never the table's own: the `balance` of the table and bet answers
  // is SPM Games' read through its session, unversioned, and another open table's bets or
  // settlements never reach it, so two tables of one player drifted apart (issue 40 item 6).
  const { balance, exposure, coins } = useWalletFigures();
  const [stake, setStake] = useState(() => firstChip(current.minBet, current.maxBet));
  const [placing, setPlacing] = useState<string | null>(null);
  const [betError, setBetError] = useState<string | null>(null);
  /** Rounds this page saw the player bet in, and those whose win was already toasted. */
  const betRounds = useRef(new Set<string>());
  const toastedRounds = useRef(new Set<string>());

  const round = newerRound(live, current.round);
  const bets = mergeBets(placed, current.myBets);
  const roundBets = bets.filter((bet) => bet.roundId === round.id);
  const secondsLeft = useSecondsLeft(
    round.bettingClosesAt,
    serverOffsetMs,
    round.phase === 'betting',
  );
  const bettingOpen = round.phase === 'betting' && secondsLeft > 0;

  // A refusal belongs to the round it happened in.
  useEffect(() => setBetError(null), [round.id]);

  const refreshTable = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: casinoKeys.table(tableId) }),
    [queryClient, tableId],
  );

  useGameRounds(tableId, (event: GameRoundEvent) => {
    setServerOffsetMs(event.sentAt - Date.now());
    setLive((previous) => newerRound(previous, event.round));
    const { round: pushed } = event;
    if (pushed.phase === 'settled' && pushed.outcome.resultCode) {
      const entry = { roundId: pushed.id, resultCode: pushed.outcome.resultCode };
      setRecentResults((previous) =>
        previous.some((item) => item.roundId === pushed.id) ? previous : [entry, ...previous],
      );
      // The settled bets come from the table (the balance after them from the wallet push).
      if (betRounds.current.has(pushed.id)) refreshTable();
    } else if (pushed.phase === 'betting' && pushed.id !== current.round.id) {
      refreshTable();
    }
  });

  // Settled but my bets not yet: the wallet's win may land just after the result; ask again.
  const awaitingSettlement =
    round.phase === 'settled' && roundBets.some((bet) => bet.status === 'accepted');
  useEffect(() => {
    if (!awaitingSettlement) return;
    const timer = setInterval(refreshTable, SETTLEMENT_POLL_MS);
    return () => clearInterval(timer);
  }, [awaitingSettlement, refreshTable]);

  // A win toast once per round the player bet in here, when the server says the bets won.
  useEffect(() => {
    for (const bet of bets) if (bet.status === 'accepted') betRounds.current.add(bet.roundId);
    for (const roundId of betRounds.current) {
      if (toastedRounds.current.has(roundId)) continue;
      const won = roundWinnings(bets, roundId);
      if (won > 0) {
        toastedRounds.current.add(roundId);
        toast.success(t('casino.table.youWon', { amount: formatAmount(won) }));
      }
    }
  });

  const place = async (spot: string) => {
    setBetError(null);
    if (!bettingOpen) {
      setBetError(t('casino.table.errors.bettingClosed'));
      return;
    }
    if (stake < current.minBet || stake > current.maxBet) {
      setBetError(
        t('casino.table.errors.limits', {
          min: formatAmount(current.minBet),
          max: formatAmount(current.maxBet),
        }),
      );
      return;
    }
    setPlacing(spot);
    const outcome = await placeSpmBet(tableId, sessionToken, {
      roundId: round.id,
      spot,
      stake,
      idempotencyKey: newIdempotencyKey(),
    });
    setPlacing(null);
    if (!outcome.ok) {
      setBetError(outcome.message || t('casino.table.errors.refused'));
      return;
    }
    betRounds.current.add(outcome.data.bet.roundId);
    setPlaced((previous) => [...previous, outcome.data.bet]);
    // The stake's update_balance is on its way; reading the wallet with its version as well
    // shows the bet at once even if that push is slow, and can never go back past a newer one.
    void requestBalance();
  };

  const winners = new Set(
    round.phase === 'settled' ? spmWinningSpots(current.kind, round.outcome) : [],
  );
  const stakeOn = (spot: string) =>
    roundBets.filter((bet) => bet.spot === spot).reduce((total, bet) => total + bet.stake, 0);
  const results = [
    ...recentResults,
    ...current.lastResults.filter(
      (result) => !recentResults.some((item) => item.roundId === result.roundId),
    ),
  ].slice(0, 20);

  return (
    <section
      className="page casino-page spm-table"
      data-testid="spm-table"
      data-kind={current.kind}
    >
      <header className="spm-table__header">
        <div>
          <h1 className="page__title spm-table__title" data-testid="page-title">
            {current.name}
          </h1>
          <p className="page__muted spm-table__round">
            {t('casino.table.round', { number: round.number })}
          </p>
        </div>
        <div className="spm-table__wallet">
          {current.playMoney && (
            <span className="game-badge game-badge--play" data-testid="play-money-badge">
              {t('casino.table.playMoney')}
            </span>
          )}
          <span className="spm-table__balance">
            {t('casino.table.balance')}{' '}
            <strong data-testid="table-balance">{formatAmount(balance)}</strong>
          </span>
          {coins > 0 && (
            <span className="spm-table__balance">
              {t('wallet.coins')} <strong data-testid="table-coins">{formatAmount(coins)}</strong>
            </span>
          )}
          <span className="spm-table__balance">
            {t('wallet.exposure')}{' '}
            <strong>
              <ExposureAmount amount={exposure} testId="table-exposure" />
            </strong>
          </span>
        </div>
      </header>
      <ResultsStrip kind={current.kind} results={results} />
      <div className="spm-table__felt">
        <TableVisual kind={current.kind} round={round} />
        <PhaseLine kind={current.kind} round={round} secondsLeft={secondsLeft} />
      </div>
      <BetSpots
        kind={current.kind}
        spots={current.spots}
        winners={winners}
        stakeOn={stakeOn}
        disabled={!bettingOpen}
        placing={placing}
        onPlace={(spot) => void place(spot)}
      />
      <ChipRack
        minBet={current.minBet}
        maxBet={current.maxBet}
        selected={stake}
        onPick={setStake}
      />
      {betError && (
        <p className="form-error" role="alert" data-testid="table-bet-error">
          {betError}
        </p>
      )}
      <MyBets bets={roundBets} />
      <RulesPanel table={current} />
      <FairnessPanel kind={current.kind} round={round} />
      <TableHistory
        tableId={tableId}
        sessionToken={sessionToken}
        settledRoundId={results[0]?.roundId ?? null}
      />
    </section>
  );
}

function TableProblem({ message }: { message: string }) {
  const { t } = useTranslation();
  return (
    <section className="page casino-page page--centered" data-testid="table-problem">
      <p role="alert">{message || t('casino.table.sessionExpired')}</p>
      <Link className="button button--primary" to={LOBBY_PATH}>
        {t('casino.table.backToLobby')}
      </Link>
    </section>
  );
}

function TableSession({ session }: { session: SpmSession }) {
  const table = useSpmTable(session.tableId, session.sessionToken);
  // Keyed by table: another table starts with none of this one's rounds, bets or errors.
  if (table.data) return <LiveTable key={session.tableId} session={session} initial={table.data} />;
  if (table.isError) return <TableProblem message={table.error.message} />;
  return <PageLoader />;
}

/** /spmgames/table/:gameId?launch=… : an SPM Games table, opened from a lobby's launch. */
export function SpmTablePage(_props: PageProps) {
  const { gameId = '' } = useParams();
  const [params] = useSearchParams();
  const launchToken = params.get('launch');
  const [state, setState] = useState<
    { gameId: string; session: SpmSession } | { gameId: string; error: string } | null
  >(null);

  useEffect(() => {
    let stale = false;
    void resolveSpmSession(gameId, launchToken).then((outcome) => {
      if (stale) return;
      if (outcome.ok) setState({ gameId, session: outcome.data });
      else {
        forgetSpmSession(gameId);
        setState({ gameId, error: outcome.message });
      }
    });
    return () => {
      stale = true;
    };
  }, [gameId, launchToken]);

  if (!state || state.gameId !== gameId) return <PageLoader />;
  if ('error' in state) return <TableProblem message={state.error} />;
  return <TableSession session={state.session} />;
}
