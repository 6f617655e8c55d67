import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CRASH_REPORT_MAX_DAYS,
  type StaffCrashReport,
  type StaffCrashReportFigures,
} from '@spm/contract';
import { formatAmount } from '@spm/client';
import { Field, FiltersBar, opsErrorText } from '../../shared/ui/index.ts';
import { crashKeys, fetchCrashReport, type CrashReportFilters } from './api.ts';
import { daysBefore, indiaToday, rangeProblem } from './lib.ts';
import './crash.css';

/** The last 7 Indian days. */
function defaultFilters(): CrashReportFilters {
  const today = indiaToday();
  return { from: daysBefore(today, 6), to: today };
}

/** RTP and GGR of the crash game per Indian day (real money), with totals. */
export function CrashReportPage() {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<CrashReportFilters>(defaultFilters);
  const [draft, setDraft] = useState<CrashReportFilters>(filters);
  const problem = rangeProblem(draft.from, draft.to, { required: true });
  const report = useQuery({
    queryKey: crashKeys.report(filters),
    queryFn: () => fetchCrashReport(filters),
    placeholderData: keepPreviousData,
  });

  return (
    <section className="page">
      <div className="page-head">
        <h1>{t('crash.report.title')}</h1>
      </div>
      <p className="muted">{t('crash.report.explain')}</p>
      <FiltersBar
        label={t('crash.report.filters')}
        onApply={() => {
          if (!problem) setFilters(draft);
        }}
        onReset={() => {
          const initial = defaultFilters();
          setDraft(initial);
          setFilters(initial);
        }}
      >
        <Field label={t('ui.from')}>
          <input
            type="date"
            value={draft.from}
            onChange={(event) => setDraft({ ...draft, from: event.target.value })}
          />
        </Field>
        <Field
          label={t('ui.to')}
          error={problem ? t(`crash.range.${problem}`, { max: CRASH_REPORT_MAX_DAYS }) : null}
        >
          <input
            type="date"
            value={draft.to}
            onChange={(event) => setDraft({ ...draft, to: event.target.value })}
          />
        </Field>
      </FiltersBar>
      {report.isError ? (
        <p className="field-error" role="alert">
          {opsErrorText(report.error)}
        </p>
      ) : null}
      {report.isPending ? <p className="muted">{t('ui.loading')}</p> : null}
      {report.data ? <ReportTable report={report.data} /> : null}
    </section>
  );
}

function Figures({ figures }: { figures: StaffCrashReportFigures }) {
  const { t } = useTranslation();
  return (
    <>
      <td className="num">{figures.rounds}</td>
      <td className="num">{figures.bets}</td>
      <td className="num">{formatAmount(figures.stake)}</td>
      <td className="num">{formatAmount(figures.payout)}</td>
      <td className={figures.ggr < 0 ? 'num crash-negative' : 'num'}>
        {formatAmount(figures.ggr)}
      </td>
      <td className="num">
        {figures.rtpPercent === null
          ? t('crash.report.noRtp')
          : `${figures.rtpPercent.toFixed(2)} %`}
      </td>
    </>
  );
}

function ReportTable({ report }: { report: StaffCrashReport }) {
  const { t } = useTranslation();
  return (
    <div className="table-wrap">
      <table className="data-table crash-report" data-testid="crash-report-table">
        <caption>{t('crash.report.caption', { from: report.from, to: report.to })}</caption>
        <thead>
          <tr>
            <th scope="col">{t('crash.report.day')}</th>
            <th scope="col" className="num">
              {t('crash.report.rounds')}
            </th>
            <th scope="col" className="num">
              {t('crash.report.bets')}
            </th>
            <th scope="col" className="num">
              {t('crash.report.stake')}
            </th>
            <th scope="col" className="num">
              {t('crash.report.payout')}
            </th>
            <th scope="col" className="num">
              {t('crash.report.ggr')}
            </th>
            <th scope="col" className="num">
              {t('crash.report.rtp')}
            </th>
          </tr>
        </thead>
        <tbody>
          {report.days.length === 0 ? (
            <tr>
              <td colSpan={7} className="muted">
                {t('crash.report.empty')}
              </td>
            </tr>
          ) : (
            report.days.map((day) => (
              <tr key={day.day}>
                <th scope="row">{day.day}</th>
                <Figures figures={day} />
              </tr>
            ))
          )}
        </tbody>
        <tfoot>
          <tr data-testid="crash-report-totals">
            <th scope="row">{t('crash.report.total')}</th>
            <Figures figures={report.totals} />
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
