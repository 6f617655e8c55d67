import { useTranslation } from 'react-i18next';
import type { SpmGameKind, SpmRound } from '@spm/contract';
import { LUCKY_WHEEL_SEGMENTS } from '@spm/core';
import { WHEEL_NUMBER_COLOURS } from '../lib/result-legend';
import { handWon, handsToShow } from '../lib/table-layout';
import { CardBack, PlayingCard } from './playing-card';
import { SideBetFacts } from './side-bet-facts';

const WHEEL_SEGMENTS = LUCKY_WHEEL_SEGMENTS.length;
const SEGMENT_DEGREES = 360 / WHEEL_SEGMENTS;
/** The wheel's face: its segments clockwise from the top, as @spm/core lays them out. */
const WHEEL_BACKGROUND = `conic-gradient(${LUCKY_WHEEL_SEGMENTS.map(
  (number, index) =>
    `${WHEEL_NUMBER_COLOURS[number] ?? '#475569'} ${index * SEGMENT_DEGREES}deg ${(index + 1) * SEGMENT_DEGREES}deg`,
).join(', ')})`;

function Wheel({ round }: { round: SpmRound }) {
  const { t } = useTranslation();
  const { segment, resultCode } = round.outcome;
  // The wheel turns so the winning segment's middle stops under the pointer at the top.
  const turn = segment === null ? 0 : 360 * 4 - (segment + 0.5) * SEGMENT_DEGREES;
  return (
    <div className="wheel" data-testid="wheel" data-segment={segment ?? ''}>
      <span className="wheel__pointer" aria-hidden="true" />
      <div
        className={`wheel__disc${segment === null ? '' : ' wheel__disc--spun'}`}
        style={{ transform: `rotate(${turn}deg)`, background: WHEEL_BACKGROUND }}
        aria-hidden="true"
      />
      <span className="wheel__hub" data-testid="wheel-result">
        {resultCode ?? (round.phase === 'betting' ? t('casino.table.placeYourBets') : '…')}
      </span>
    </div>
  );
}

/** The live table: the dealt hands of the game kind (or the wheel), highlighting the winners. */
export function TableVisual({ kind, round }: { kind: SpmGameKind; round: SpmRound }) {
  const { t } = useTranslation();
  if (kind === 'lucky-wheel') return <Wheel round={round} />;
  const { winners } = round.outcome;
  const isPile = (hand: string) => kind === 'andar-bahar' && hand !== 'joker';
  return (
    <div className={`table-hands table-hands--${kind}`} data-testid="table-hands">
      {handsToShow(kind, round.outcome.hands).map(({ hand, cards, placeholders }) => {
        return (
          <div
            key={hand}
            className={`table-hand${handWon(hand, winners) ? ' table-hand--winner' : ''}`}
            data-testid="table-hand"
            data-hand={hand}
          >
            <span className="table-hand__label">
              {t(`casino.hands.${hand}`, { defaultValue: hand })}
              {isPile(hand) && cards.length > 0 && (
                <span className="table-hand__count"> · {cards.length}</span>
              )}
            </span>
            <span className="table-hand__cards">
              {/* Every card of a pile, wrapping on a narrow screen; keyed by position in the
                  hand, so only a newly dealt card animates in. */}
              {cards.map((card, index) => (
                <PlayingCard key={`${index}`} code={card} />
              ))}
              {Array.from({ length: placeholders }, (_, index) => (
                <CardBack key={`back-${index}`} />
              ))}
            </span>
          </div>
        );
      })}
      <SideBetFacts kind={kind} round={round} />
    </div>
  );
}
