import { useTranslation } from 'react-i18next';
import { formatMultiplier, multiplierTone } from '../lib/multiplier';

/**
 * The latest crash points, newest first, coloured by size: under 2x, 2x to 10x, 10x and up.
 * Each opens its round in the fairness panel.
 */
export function HistoryStrip({
  history,
  onPick,
}: {
  history: readonly { roundId: string; crashPoint: number }[];
  onPick: (roundId: string) => void;
}) {
  const { t } = useTranslation('crash');
  return (
    <ol className="crash-history" aria-label={t('history.title')} data-testid="crash-history">
      {history.map((item) => (
        <li key={item.roundId}>
          <button
            type="button"
            className={`crash-history__item crash-history__item--${multiplierTone(item.crashPoint)}`}
            title={t('history.verifyRound')}
            onClick={() => onPick(item.roundId)}
            data-testid="crash-history-item"
            data-tone={multiplierTone(item.crashPoint)}
            data-round-id={item.roundId}
          >
            {formatMultiplier(item.crashPoint)}
          </button>
        </li>
      ))}
    </ol>
  );
}
