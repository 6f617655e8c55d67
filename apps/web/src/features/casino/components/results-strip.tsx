import { useTranslation } from 'react-i18next';
import type { SpmGameKind } from '@spm/contract';
import { RESULT_MARKS, resultMark, type ResultMark } from '../lib/result-legend';

/** A round's result as the strip and the histories mark it: its symbol in its colour. */
export function ResultBadge({ kind, code }: { kind: SpmGameKind; code: string }) {
  const { t } = useTranslation();
  const mark = resultMark(kind, code);
  const label = t(mark.labelKey, mark.labelValues);
  return (
    <span
      className={`results-mark results-mark--${mark.tone}`}
      style={mark.colour ? { background: mark.colour } : undefined}
      title={label}
      aria-label={label}
      data-testid="result-mark"
      data-result={code}
    >
      {mark.symbol}
    </span>
  );
}

function LegendItem({ mark }: { mark: ResultMark }) {
  const { t } = useTranslation();
  return (
    <li className="results-legend__item" data-testid="results-legend-item" data-result={mark.code}>
      <span
        className={`results-mark results-mark--${mark.tone}`}
        style={mark.colour ? { background: mark.colour } : undefined}
        aria-hidden="true"
      >
        {mark.symbol}
      </span>
      {t(mark.labelKey, mark.labelValues)}
    </li>
  );
}

/** The table's last results, newest first, and the legend of the game's marks. */
export function ResultsStrip({
  kind,
  results,
}: {
  kind: SpmGameKind;
  results: readonly { roundId: string; resultCode: string }[];
}) {
  const { t } = useTranslation();
  return (
    <div className="results">
      <ol
        className="results-strip"
        aria-label={t('casino.table.lastResults')}
        data-testid="results-strip"
      >
        {results.map((result) => (
          <li
            key={result.roundId}
            className="results-strip__item"
            data-testid="results-strip-item"
            data-result={result.resultCode}
          >
            <ResultBadge kind={kind} code={result.resultCode} />
          </li>
        ))}
      </ol>
      <ul
        className="results-legend"
        aria-label={t('casino.roundHistory.legend')}
        data-testid="results-legend"
      >
        {RESULT_MARKS[kind].map((mark) => (
          <LegendItem key={mark.code} mark={mark} />
        ))}
      </ul>
    </div>
  );
}
