import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Dashboard } from '@spm/contract';
import { formatAmount, formatDay } from '@spm/client';

type Day = Dashboard['days'][number];
type Series = 'deposits' | 'withdrawals' | 'ggr';
const SERIES: Series[] = ['deposits', 'withdrawals', 'ggr'];

const WIDTH = 760;
const HEIGHT = 300;
const MARGIN = { top: 16, right: 16, bottom: 44, left: 72 };

/** Round tick values covering [min, max]: steps of 1, 2 or 5 times a power of ten. */
export function niceTicks(min: number, max: number, count = 5): number[] {
  const low = Math.min(0, min);
  const high = Math.max(low + 1, max);
  const rough = (high - low) / count;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 5, 10].map((factor) => factor * power).find((value) => value >= rough);
  const size = step ?? 10 * power;
  const ticks: number[] = [];
  for (let value = Math.floor(low / size) * size; value <= high + size / 2; value += size) {
    ticks.push(Math.round(value * 100) / 100);
    if (value >= high) break;
  }
  return ticks;
}

function compact(value: number): string {
  // Figures keep the Indian grouping in every language, as the player app does.
  return new Intl.NumberFormat('en-IN', {
    notation: 'compact',
    maximumFractionDigits: 1,
  }).format(value);
}

/**
 * Deposits and withdrawals as bars, GGR as a line, over the last 30 days. The SVG is one
 * image for assistive technology; the same figures are in a table (hidden until asked for).
 */
export function DashboardChart({ days }: { days: Day[] }) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const [shown, setShown] = useState<Record<Series, boolean>>({
    deposits: true,
    withdrawals: true,
    ggr: true,
  });
  const [tableVisible, setTableVisible] = useState(false);

  const values = days.flatMap((day) => SERIES.filter((key) => shown[key]).map((key) => day[key]));
  const ticks = niceTicks(Math.min(0, ...values), Math.max(0, ...values));
  const yMin = ticks[0] ?? 0;
  const yMax = ticks[ticks.length - 1] ?? 1;
  const plotWidth = WIDTH - MARGIN.left - MARGIN.right;
  const plotHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const y = (value: number) =>
    MARGIN.top + plotHeight - ((value - yMin) / (yMax - yMin || 1)) * plotHeight;
  const slot = plotWidth / Math.max(1, days.length);
  const barWidth = Math.max(2, (slot * 0.7) / 2);
  const x = (index: number) => MARGIN.left + slot * index;
  const labelEvery = days.length > 15 ? 5 : 1;
  const ggrPoints = days
    .map((day, index) => `${(x(index) + slot / 2).toFixed(1)},${y(day.ggr).toFixed(1)}`)
    .join(' ');

  return (
    <figure className="chart">
      <figcaption className="chart-head">
        <h2 id={titleId}>{t('dashboard.chart.title')}</h2>
        <div className="legend">
          {SERIES.map((key) => (
            <label key={key} className={`legend-item series-${key}`}>
              <input
                type="checkbox"
                checked={shown[key]}
                onChange={(event) => setShown({ ...shown, [key]: event.target.checked })}
              />
              <span className="swatch" aria-hidden="true" />
              {t(`dashboard.chart.${key}`)}
            </label>
          ))}
          <button type="button" className="link" onClick={() => setTableVisible(!tableVisible)}>
            {tableVisible ? t('dashboard.chart.hideTable') : t('dashboard.chart.showTable')}
          </button>
        </div>
      </figcaption>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-labelledby={titleId}
        data-testid="dashboard-chart"
        preserveAspectRatio="xMidYMid meet"
      >
        <desc>{t('dashboard.chart.description', { days: days.length })}</desc>
        {ticks.map((tick) => (
          <g key={tick} className="tick">
            <line x1={MARGIN.left} x2={WIDTH - MARGIN.right} y1={y(tick)} y2={y(tick)} />
            <text x={MARGIN.left - 8} y={y(tick) + 4} textAnchor="end">
              {compact(tick)}
            </text>
          </g>
        ))}
        <line className="axis" x1={MARGIN.left} x2={WIDTH - MARGIN.right} y1={y(0)} y2={y(0)} />
        <text
          className="axis-label"
          transform={`translate(14 ${MARGIN.top + plotHeight / 2}) rotate(-90)`}
          textAnchor="middle"
        >
          {t('dashboard.chart.yAxis')}
        </text>
        <text
          className="axis-label"
          x={MARGIN.left + plotWidth / 2}
          y={HEIGHT - 4}
          textAnchor="middle"
        >
          {t('dashboard.chart.xAxis')}
        </text>
        {days.map((day, index) => (
          <g key={day.date}>
            {shown.deposits ? (
              <rect
                className="bar series-deposits"
                x={x(index) + slot * 0.15}
                y={y(Math.max(0, day.deposits))}
                width={barWidth}
                height={Math.abs(y(day.deposits) - y(0))}
              >
                <title>{`${formatDay(day.date)} · ${t('dashboard.chart.deposits')}: ${formatAmount(day.deposits)}`}</title>
              </rect>
            ) : null}
            {shown.withdrawals ? (
              <rect
                className="bar series-withdrawals"
                x={x(index) + slot * 0.15 + barWidth}
                y={y(Math.max(0, day.withdrawals))}
                width={barWidth}
                height={Math.abs(y(day.withdrawals) - y(0))}
              >
                <title>{`${formatDay(day.date)} · ${t('dashboard.chart.withdrawals')}: ${formatAmount(day.withdrawals)}`}</title>
              </rect>
            ) : null}
            {index % labelEvery === 0 || index === days.length - 1 ? (
              <text
                className="x-label"
                x={x(index) + slot / 2}
                y={MARGIN.top + plotHeight + 16}
                textAnchor="middle"
              >
                {formatDay(day.date, i18n.language)}
              </text>
            ) : null}
          </g>
        ))}
        {shown.ggr && days.length > 0 ? (
          <g className="series-ggr">
            <polyline className="line" points={ggrPoints} fill="none" />
            {days.map((day, index) => (
              <circle key={day.date} cx={x(index) + slot / 2} cy={y(day.ggr)} r={2.5}>
                <title>{`${formatDay(day.date)} · ${t('dashboard.chart.ggr')}: ${formatAmount(day.ggr)}`}</title>
              </circle>
            ))}
          </g>
        ) : null}
      </svg>
      <table
        className={tableVisible ? 'data-table' : 'data-table sr-only'}
        data-testid="chart-table"
      >
        <caption>{t('dashboard.chart.tableCaption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('dashboard.chart.date')}</th>
            <th scope="col" className="num">
              {t('dashboard.chart.deposits')}
            </th>
            <th scope="col" className="num">
              {t('dashboard.chart.withdrawals')}
            </th>
            <th scope="col" className="num">
              {t('dashboard.chart.ggr')}
            </th>
            <th scope="col" className="num">
              {t('dashboard.chart.newPlayers')}
            </th>
          </tr>
        </thead>
        <tbody>
          {days.map((day) => (
            <tr key={day.date}>
              <th scope="row">{formatDay(day.date, i18n.language)}</th>
              <td className="num">{formatAmount(day.deposits)}</td>
              <td className="num">{formatAmount(day.withdrawals)}</td>
              <td className="num">{formatAmount(day.ggr)}</td>
              <td className="num">{day.newPlayers}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
