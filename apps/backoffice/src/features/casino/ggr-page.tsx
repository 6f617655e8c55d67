import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CASINO_GGR_GROUPS,
  CASINO_GGR_MAX_DAYS,
  type CasinoGgrFigures,
  type StaffCasinoGgr,
} from '@spm/contract';
import { formatAmount } from '@spm/client';
import { Field, FiltersBar, opsErrorText } from '../../shared/ui/index.ts';
import { casinoKeys, fetchGgr, type GgrFilters } from './api.ts';
import { daysBefore, indiaToday } from './lib.ts';
import './casino.css';

/** The last 7 Indian days, by game. */
function defaultFilters(): GgrFilters {
  const today = indiaToday();
  return { from: daysBefore(today, 6), to: today, groupBy: 'game' };
}

function rangeProblem(filters: GgrFilters): 'order' | 'long' | 'missing' | null {
  if (!filters.from || !filters.to) return 'missing';
  if (filters.from > filters.to) return 'order';
  const days = (Date.parse(filters.to) - Date.parse(filters.from)) / 86_400_000;
  return days >= CASINO_GGR_MAX_DAYS ? 'long' : null;
}

/** Casino gross gaming revenue (stakes − wins − refunds, real money) with play money apart. */
export function CasinoGgrPage() {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<GgrFilters>(defaultFilters);
  const [draft, setDraft] = useState<GgrFilters>(filters);
  const problem = rangeProblem(draft);
  const report = useQuery({
    queryKey: casinoKeys.ggr(filters),
    queryFn: () => fetchGgr(filters),
    placeholderData: keepPreviousData,
  });

  return (
    <section className="page">
      <div className="page-head">
        <h1>{t('casino.ggr.title')}</h1>
      </div>
      <p className="muted">{t('casino.ggr.explain')}</p>
      <FiltersBar
        label={t('casino.ggr.filters')}
        onApply={() => {
          if (!problem) setFilters(draft);
        }}
        onReset={() => {
          const initial = defaultFilters();
          setDraft(initial);
          setFilters(initial);
        }}
      >
        <Field label={t('casino.from')}>
          <input
            type="date"
            value={draft.from}
            onChange={(event) => setDraft({ ...draft, from: event.target.value })}
          />
        </Field>
        <Field
          label={t('casino.to')}
          error={problem ? t(`casino.ggr.range.${problem}`, { max: CASINO_GGR_MAX_DAYS }) : null}
        >
          <input
            type="date"
            value={draft.to}
            onChange={(event) => setDraft({ ...draft, to: event.target.value })}
          />
        </Field>
        <Field label={t('casino.ggr.groupBy')}>
          <select
            value={draft.groupBy}
            onChange={(event) =>
              setDraft({ ...draft, groupBy: event.target.value as GgrFilters['groupBy'] })
            }
          >
            {CASINO_GGR_GROUPS.map((group) => (
              <option key={group} value={group}>
                {t(`casino.ggr.groups.${group}`)}
              </option>
            ))}
          </select>
        </Field>
      </FiltersBar>
      {report.isError ? (
        <p className="field-error" role="alert">
          {opsErrorText(report.error)}
        </p>
      ) : null}
      {report.isPending ? <p className="muted">{t('ui.loading')}</p> : null}
      {report.data ? <GgrTable report={report.data} /> : null}
    </section>
  );
}

function Figures({ figures, strong }: { figures: CasinoGgrFigures; strong?: boolean }) {
  const ggrClass = figures.ggr < 0 ? 'num casino-negative' : 'num';
  return (
    <>
      <td className="num">{formatAmount(figures.stakes)}</td>
      <td className="num">{formatAmount(figures.wins)}</td>
      <td className="num">{formatAmount(figures.refunds)}</td>
      <td className={ggrClass}>
        {strong ? <strong>{formatAmount(figures.ggr)}</strong> : formatAmount(figures.ggr)}
      </td>
      <td className="num">{figures.rounds}</td>
      <td className="num">{figures.players}</td>
    </>
  );
}

function GgrTable({ report }: { report: StaffCasinoGgr }) {
  const { t } = useTranslation();
  const groupHeader = t(`casino.ggr.groups.${report.groupBy}`);
  const play = report.totals.playMoney;
  return (
    <>
      <div className="table-wrap">
        <table className="data-table casino-ggr" data-testid="casino-ggr-table">
          <caption>{t('casino.ggr.caption', { from: report.from, to: report.to })}</caption>
          <thead>
            <tr>
              <th scope="col">{groupHeader}</th>
              <th scope="col" className="num">
                {t('casino.ggr.stakes')}
              </th>
              <th scope="col" className="num">
                {t('casino.ggr.wins')}
              </th>
              <th scope="col" className="num">
                {t('casino.ggr.refunds')}
              </th>
              <th scope="col" className="num">
                {t('casino.ggr.ggr')}
              </th>
              <th scope="col" className="num">
                {t('casino.ggr.rounds')}
              </th>
              <th scope="col" className="num">
                {t('casino.ggr.players')}
              </th>
            </tr>
          </thead>
          <tbody>
            {report.rows.length === 0 ? (
              <tr>
                <td colSpan={7} className="muted">
                  {t('casino.ggr.empty')}
                </td>
              </tr>
            ) : (
              report.rows.map((row) => (
                <tr key={row.key}>
                  <th scope="row">{row.label}</th>
                  <Figures figures={row.real} />
                </tr>
              ))
            )}
          </tbody>
          <tfoot>
            <tr data-testid="ggr-totals">
              <th scope="row">{t('casino.ggr.total')}</th>
              <Figures figures={report.totals.real} strong />
            </tr>
          </tfoot>
        </table>
      </div>
      <h2>{t('casino.ggr.playMoneyTitle')}</h2>
      <p className="muted">{t('casino.ggr.playMoneyExplain')}</p>
      <dl className="casino-play-money" data-testid="ggr-play-money">
        <dt>{t('casino.ggr.stakes')}</dt>
        <dd>{formatAmount(play.stakes)}</dd>
        <dt>{t('casino.ggr.wins')}</dt>
        <dd>{formatAmount(play.wins)}</dd>
        <dt>{t('casino.ggr.refunds')}</dt>
        <dd>{formatAmount(play.refunds)}</dd>
        <dt>{t('casino.ggr.ggr')}</dt>
        <dd>{formatAmount(play.ggr)}</dd>
      </dl>
    </>
  );
}
