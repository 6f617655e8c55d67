import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EVENT_STATUSES, SPORT_IDS, SPORT_NAMES_BY_ID, type StaffEvent } from '@spm/contract';
import {
  type Column,
  DataTable,
  Field,
  FiltersBar,
  opsErrorText,
  Pager,
  StatusBadge,
} from '../../shared/ui/index.ts';
import { formatDateTime } from '@spm/client';
import { fetchEvents, sportsKeys, type EventFilters } from './api.ts';
import { EventCreateDialog } from './components/event-create-dialog.tsx';
import './sports.css';

const NO_FILTERS: EventFilters = { sportId: '', status: '', q: '', page: 1 };

/** Events by sport and status, with search, paging and a form for a new event. */
export function SportsEventsPage() {
  const { t } = useTranslation('ops');
  const [filters, setFilters] = useState<EventFilters>(NO_FILTERS);
  const [draft, setDraft] = useState<EventFilters>(NO_FILTERS);
  const [creating, setCreating] = useState(false);
  useEffect(() => setDraft(filters), [filters]);

  const events = useQuery({
    queryKey: sportsKeys.events(filters),
    queryFn: () => fetchEvents(filters),
    placeholderData: keepPreviousData,
  });

  const sportName = (id: number) => {
    const name = SPORT_NAMES_BY_ID[id];
    return name ? t(`sports.sportNames.${name}`) : String(id);
  };

  const columns: Column<StaffEvent>[] = [
    {
      key: 'name',
      header: t('sports.event.name'),
      render: (row) => <Link to={`/sports/${row.id}`}>{row.name}</Link>,
    },
    { key: 'sport', header: t('sports.event.sport'), render: (row) => sportName(row.sportId) },
    {
      key: 'competition',
      header: t('sports.event.competition'),
      render: (row) => row.competitionName,
    },
    {
      key: 'start',
      header: t('sports.event.startTime'),
      render: (row) => formatDateTime(row.startTime),
    },
    {
      key: 'status',
      header: t('sports.event.status'),
      render: (row) => <StatusBadge status={row.status} label={t(`status.${row.status}`)} />,
    },
    {
      key: 'markets',
      header: t('sports.event.markets'),
      align: 'num',
      render: (row) => row.markets.length,
    },
  ];

  return (
    <section className="page">
      <div className="page-head">
        <h1>{t('sports.events.title')}</h1>
        <div className="actions">
          <button type="button" className="primary" onClick={() => setCreating(true)}>
            {t('sports.event.createTitle')}
          </button>
        </div>
      </div>
      <FiltersBar
        label={t('sports.events.filters')}
        onApply={() => setFilters({ ...draft, page: 1 })}
        onReset={() => setFilters(NO_FILTERS)}
      >
        <Field label={t('sports.event.sport')}>
          <select
            value={draft.sportId}
            onChange={(event) => setDraft({ ...draft, sportId: event.target.value })}
          >
            <option value="">{t('sports.events.allSports')}</option>
            {Object.entries(SPORT_IDS).map(([name, id]) => (
              <option key={id} value={id}>
                {t(`sports.sportNames.${name}`)}
              </option>
            ))}
          </select>
        </Field>
        <Field label={t('sports.event.status')}>
          <select
            value={draft.status}
            onChange={(event) => setDraft({ ...draft, status: event.target.value })}
          >
            <option value="">{t('sports.events.allStatuses')}</option>
            {EVENT_STATUSES.map((status) => (
              <option key={status} value={status}>
                {t(`status.${status}`)}
              </option>
            ))}
          </select>
        </Field>
        <Field label={t('sports.events.search')}>
          <input
            type="search"
            value={draft.q}
            maxLength={50}
            onChange={(event) => setDraft({ ...draft, q: event.target.value })}
          />
        </Field>
      </FiltersBar>
      {events.isError ? (
        <p className="field-error" role="alert">
          {opsErrorText(events.error)}
        </p>
      ) : null}
      <DataTable
        columns={columns}
        rows={events.data?.items}
        rowKey={(row) => row.id}
        loading={events.isPending}
        empty={t('sports.events.empty')}
        testId="events-table"
      />
      {events.data ? (
        <Pager
          page={events.data.page}
          pageSize={events.data.pageSize}
          total={events.data.total}
          onPage={(page) => setFilters({ ...filters, page })}
        />
      ) : null}
      <EventCreateDialog open={creating} onClose={() => setCreating(false)} />
    </section>
  );
}
