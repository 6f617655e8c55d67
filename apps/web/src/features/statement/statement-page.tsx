import { useEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { StatementEntry } from '@spm/contract';
import type { PageProps } from '@/shared/lib/route-paths';
import { formatAmount, formatDateTime } from '@spm/client';
import { STATEMENT_DAY_PARAM, STATEMENT_ENTRY_PARAM } from '@/shared/lib/statement-links';
import { PageLoader } from '@/shared/ui/page-loader';
import { Pager } from '@/shared/ui/pager';
import { STATEMENT_PAGE_SIZE, useStatement } from './api/statement-api';
import {
  STATEMENT_MAX_DAYS,
  defaultStatementRange,
  isIsoDate,
  rangeProblem,
  todayIn,
  PLAYER_TIME_ZONE,
} from './lib/statement-dates';
import type { RangeProblem } from './lib/statement-dates';
import './statement.css';

/** A credit or debit cell: the amount, or a dash for the side the line did not touch. */
function AmountCell({ value, kind }: { value: number; kind: 'credit' | 'debit' | 'balance' }) {
  return (
    <td className={`statement-table__amount statement-table__amount--${kind}`}>
      {value === 0 && kind !== 'balance' ? '—' : formatAmount(value)}
    </td>
  );
}

function StatementRow({ entry, opened }: { entry: StatementEntry; opened: boolean }) {
  const { t, i18n } = useTranslation();
  const rowRef = useRef<HTMLTableRowElement>(null);
  useEffect(() => {
    // jsdom has no scrolling: the call is optional there.
    if (opened) rowRef.current?.scrollIntoView?.({ block: 'center' });
  }, [opened]);
  return (
    <tr
      ref={rowRef}
      className={opened ? 'statement-table__row--opened' : undefined}
      aria-current={opened ? 'true' : undefined}
      data-testid="statement-row"
      data-type={entry.type}
      data-kind={entry.kind}
      data-entry-id={entry.id}
    >
      <td className="statement-table__time">
        <time dateTime={entry.time}>{formatDateTime(entry.time, i18n.language)}</time>
      </td>
      <td>{t(`statement.kinds.${entry.kind}`)}</td>
      <td>{t(`wallet.${entry.wallet}`)}</td>
      <td className="statement-table__description">{entry.description}</td>
      <td className="statement-table__reference">{entry.reference}</td>
      <AmountCell value={entry.credit} kind="credit" />
      <AmountCell value={entry.debit} kind="debit" />
      <AmountCell value={entry.balanceAfter} kind="balance" />
    </tr>
  );
}

/** The line a link opened (the dashboard's movements), every field of it, above the table. */
function StatementEntryDetail({ entry }: { entry: StatementEntry }) {
  const { t, i18n } = useTranslation();
  const rows: [string, string][] = [
    ['time', formatDateTime(entry.time, i18n.language)],
    ['type', t(`statement.kinds.${entry.kind}`)],
    ['wallet', t(`wallet.${entry.wallet}`)],
    ['description', entry.description],
    ['reference', entry.reference],
    [entry.credit > 0 ? 'credit' : 'debit', formatAmount(entry.credit || entry.debit)],
    ['balanceAfter', formatAmount(entry.balanceAfter)],
  ];
  return (
    <section
      className="statement-detail"
      aria-labelledby="statement-detail-title"
      data-testid="statement-detail"
    >
      <h2 id="statement-detail-title" className="statement-detail__title">
        {t('statement.detailTitle')}
      </h2>
      <dl className="statement-detail__list">
        {rows.map(([column, value]) => (
          <div key={column} className="statement-detail__row">
            <dt>{t(`statement.columns.${column}`)}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

const COLUMNS = [
  'time',
  'type',
  'wallet',
  'description',
  'reference',
  'credit',
  'debit',
  'balanceAfter',
] as const;

/** The lines of a statement page; the opened one marked. */
function StatementTable({
  items,
  openedId,
  busy,
}: {
  items: readonly StatementEntry[];
  openedId: string | null;
  busy: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div className="statement-table__scroll">
      <table className="statement-table" aria-busy={busy} data-testid="statement-table">
        <thead>
          <tr>
            {COLUMNS.map((column) => (
              <th key={column} scope="col">
                {t(`statement.columns.${column}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {items.map((entry) => (
            <StatementRow key={entry.id} entry={entry} opened={entry.id === openedId} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function StatementResults({
  from,
  to,
  openedId,
}: {
  from: string;
  to: string;
  openedId: string | null;
}) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const statement = useStatement({ from, to, page });
  const data = statement.data;

  if (!data) {
    return statement.isError ? (
      <p className="page__muted" role="alert" data-testid="statement-error">
        {t('statement.loadError')}
      </p>
    ) : (
      <div data-testid="statement-loading">
        <PageLoader />
      </div>
    );
  }

  if (data.total === 0 && data.items.length === 0) {
    return (
      <p className="statement-empty" data-testid="statement-empty">
        {t('statement.empty')}
      </p>
    );
  }

  // While a new page loads the last one stays on screen, dimmed, and the pager waits.
  const busy = statement.isPlaceholderData;
  const opened = data.items.find((entry) => entry.id === openedId);

  return (
    <>
      {opened && <StatementEntryDetail entry={opened} />}
      <StatementTable items={data.items} openedId={openedId} busy={busy} />
      <Pager
        page={data.page}
        pageSize={data.pageSize || STATEMENT_PAGE_SIZE}
        total={data.total}
        busy={busy}
        onPage={setPage}
        testId="statement"
        className="statement-pager"
        label={t('statement.paging')}
      />
    </>
  );
}

const PROBLEM_KEYS: Record<RangeProblem, string> = {
  required: 'statement.errors.required',
  toBeforeFrom: 'statement.errors.toBeforeFrom',
  tooLong: 'statement.errors.tooLong',
};

/** One end of the range: an Indian calendar day, not after today. */
function DateField({
  which,
  value,
  max,
  invalid,
  onChange,
}: {
  which: 'from' | 'to';
  value: string;
  max: string;
  invalid: boolean;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <label className="statement-filter__field">
      <span className="form-field__label">{t(`statement.${which}`)}</span>
      <input
        type="date"
        className="statement-filter__input"
        value={value}
        max={max}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={invalid}
        data-testid={`statement-${which}`}
      />
    </label>
  );
}

/** The day a link asks for (?day=YYYY-MM-DD, not after today), else the default range. */
function linkedRange(day: string | null): { from: string; to: string } {
  if (day && isIsoDate(day) && day <= todayIn(PLAYER_TIME_ZONE)) return { from: day, to: day };
  return defaultStatementRange();
}

/**
 * The protected /statement page (SPEC 2.6 "account statement", 7.3): every ledger line of
 * the player's wallets between two Indian calendar days, newest first, a page at a time.
 * A link to one line (?day=&entry=, the dashboard's) opens on that day with the line shown.
 */
export function StatementPage({ titleKey }: PageProps) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const openedId = params.get(STATEMENT_ENTRY_PARAM);
  const [initial] = useState(() => linkedRange(params.get(STATEMENT_DAY_PARAM)));
  const [fromInput, setFromInput] = useState(initial.from);
  const [toInput, setToInput] = useState(initial.to);
  // Each "Show" counts, so asking again for the same range reloads it from page 1.
  const [range, setRange] = useState({ ...initial, submission: 0 });
  const [problem, setProblem] = useState<RangeProblem | null>(null);
  const today = todayIn(PLAYER_TIME_ZONE);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = rangeProblem(fromInput, toInput);
    setProblem(found);
    if (found) return;
    setRange((current) => ({ from: fromInput, to: toInput, submission: current.submission + 1 }));
  };

  return (
    <section className="page statement-page">
      <h1 className="page__title" data-testid="page-title">
        {t(titleKey)}
      </h1>
      <form className="statement-filter" onSubmit={onSubmit} noValidate>
        <DateField
          which="from"
          value={fromInput}
          max={today}
          invalid={problem !== null}
          onChange={(value) => {
            setFromInput(value);
            setProblem(null);
          }}
        />
        <DateField
          which="to"
          value={toInput}
          max={today}
          invalid={problem !== null}
          onChange={(value) => {
            setToInput(value);
            setProblem(null);
          }}
        />
        <button type="submit" className="button button--primary" data-testid="statement-submit">
          {t('statement.show')}
        </button>
        <p className="statement-filter__hint">
          {t('statement.hint', { days: STATEMENT_MAX_DAYS })}
        </p>
        {problem && (
          <p className="form-error" role="alert" data-testid="statement-range-error">
            {t(PROBLEM_KEYS[problem], { days: STATEMENT_MAX_DAYS })}
          </p>
        )}
      </form>
      {/* A new search starts again at page 1: the key gives the results fresh paging. */}
      <StatementResults
        key={`${range.from}/${range.to}/${range.submission}`}
        from={range.from}
        to={range.to}
        openedId={openedId}
      />
    </section>
  );
}
