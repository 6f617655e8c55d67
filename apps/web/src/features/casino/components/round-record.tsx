import { useTranslation } from 'react-i18next';
import type { SpmBet, SpmRoundRecord } from '@spm/contract';
import { formatAmount } from '@spm/client';
import { LUCKY_WHEEL_SEGMENTS } from '@spm/core';
import { handWon, handsToShow } from '../lib/table-layout';
import { spotLabel } from '../lib/spot-label';
import { FairnessPanel } from './fairness-panel';
import { PlayingCard } from './playing-card';
import { ResultBadge } from './results-strip';

/** Every card the round dealt, hand by hand (or the wheel's segment), winners marked. */
function RoundCards({ record }: { record: SpmRoundRecord }) {
  const { t } = useTranslation();
  const { kind, round } = record;
  const { hands, segment, winners } = round.outcome;
  if (kind === 'lucky-wheel') {
    return (
      <p data-testid="round-record-segment">
        {segment === null
          ? '—'
          : t('casino.roundHistory.segment', {
              segment,
              number: LUCKY_WHEEL_SEGMENTS[segment] ?? '?',
            })}
      </p>
    );
  }
  return (
    <div className="round-record__hands">
      {handsToShow(kind, hands).map(({ hand, cards }) => (
        <div
          key={hand}
          className={`round-record__hand${handWon(hand, winners) ? ' round-record__hand--winner' : ''}`}
          data-testid="round-record-hand"
          data-hand={hand}
        >
          <span className="round-record__hand-label">
            {t(`casino.hands.${hand}`, { defaultValue: hand })} · {cards.length}
          </span>
          <span className="round-record__cards">
            {cards.map((card, index) => (
              <PlayingCard key={`${index}`} code={card} />
            ))}
          </span>
        </div>
      ))}
    </div>
  );
}

/** What a bet came to: its status and, when it returned something, how much. */
export function betOutcomeText(t: ReturnType<typeof useTranslation>['t'], bet: SpmBet): string {
  return bet.status === 'won' || bet.status === 'refunded'
    ? t(`casino.betStatus.${bet.status}Amount`, { amount: formatAmount(bet.payout ?? 0) })
    : t(`casino.betStatus.${bet.status}`);
}

function RoundBets({ bets }: { bets: readonly SpmBet[] }) {
  const { t } = useTranslation();
  if (bets.length === 0) {
    return <p className="page__muted">{t('casino.roundHistory.noBets')}</p>;
  }
  return (
    <table className="round-record__bets">
      <thead>
        <tr>
          <th scope="col">{t('casino.roundHistory.spot')}</th>
          <th scope="col">{t('casino.roundHistory.stake')}</th>
          <th scope="col">{t('casino.roundHistory.returned')}</th>
        </tr>
      </thead>
      <tbody>
        {bets.map((bet) => (
          <tr
            key={bet.id}
            data-testid="round-record-bet"
            data-spot={bet.spot}
            data-status={bet.status}
          >
            <td>{spotLabel(t, bet.spot)}</td>
            <td>{formatAmount(bet.stake)}</td>
            <td data-testid="round-record-bet-return">{betOutcomeText(t, bet)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * One past round of an SPM table: its cards, result and winning spots, my bets with what each
 * returned, and its seeds with Verify (replayed here in the browser, at any time later).
 */
export function RoundRecord({ record }: { record: SpmRoundRecord }) {
  const { t } = useTranslation();
  const { kind, round } = record;
  const { resultCode, winners } = round.outcome;
  return (
    <div className="round-record" data-testid="round-record" data-round-id={round.id}>
      {round.phase === 'settled' && resultCode !== null ? (
        <>
          <RoundCards record={record} />
          <p className="round-record__result" data-testid="round-record-result">
            {t('casino.roundHistory.result')} <ResultBadge kind={kind} code={resultCode} />
            {winners.length > 0 && (
              <span data-testid="round-record-winners">
                {' '}
                {t('casino.roundHistory.winningBets', {
                  spots: winners.map((spot) => spotLabel(t, spot)).join(', '),
                })}
              </span>
            )}
          </p>
        </>
      ) : (
        <p className="page__muted" data-testid="round-record-running">
          {t('casino.roundHistory.inPlay')}
        </p>
      )}
      <h3 className="round-record__title">{t('casino.roundHistory.myBets')}</h3>
      <RoundBets bets={record.myBets} />
      <FairnessPanel kind={kind} round={round} open />
    </div>
  );
}
