import { useEffect, useState, type InputHTMLAttributes } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { auditListSchema, type AuditEntry } from '@spm/contract';
import { staffRequest } from '../../shared/api.ts';
import {
  DataTable,
  Field,
  FiltersBar,
  Pager,
  errorText,
  type Column,
} from '../../shared/ui/index.ts';
import { formatDateTime } from '@spm/client';

const PAGE_SIZE = 25;
const FILTERS = ['staffId', 'action', 'playerId', 'targetType', 'targetId', 'from', 'to'] as const;
type Filter = (typeof FILTERS)[number];
type Filters = Record<Filter, string>;
const ID_PATTERN = /^\d{1,18}$/;
/** Suggestions for the action box (it matches by prefix). */
const ACTION_PREFIXES = [
  'player.',
  'deposit.',
  'withdrawal.',
  'kyc.',
  'event.',
  'market.',
  'settings.',
  'banner.',
  'announcement.',
  'gateway.',
  'notification.',
  'staff.',
  'crash.',
];

function readFilters(params: URLSearchParams): Filters {
  return Object.fromEntries(FILTERS.map((name) => [name, params.get(name) ?? ''])) as Filters;
}

/** Every staff action with who, what, before/after, when and from where. */
export function AuditPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const applied = readFilters(params);
  const page = Math.max(1, Number(params.get('page') ?? '1') || 1);
  const [draft, setDraft] = useState<Filters>(applied);
  const [errors, setErrors] = useState<Partial<Record<Filter, string>>>({});
  const [expanded, setExpanded] = useState<Set<string>>(new Set());
  const appliedKey = params.toString();

  useEffect(() => {
    setDraft(readFilters(new URLSearchParams(appliedKey)));
  }, [appliedKey]);

  const audit = useQuery({
    queryKey: ['audit', applied, page],
    queryFn: () =>
      staffRequest(auditListSchema, {
        url: '/staff/audit',
        query: {
          ...Object.fromEntries(FILTERS.map((name) => [name, applied[name] || undefined])),
          page,
          pageSize: PAGE_SIZE,
        },
      }),
    placeholderData: keepPreviousData,
  });

  const go = (filters: Filters, nextPage: number) => {
    const next = new URLSearchParams();
    for (const name of FILTERS) {
      const value = filters[name].trim();
      if (value) next.set(name, value);
    }
    if (nextPage > 1) next.set('page', String(nextPage));
    setParams(next);
  };

  const apply = () => {
    const found: Partial<Record<Filter, string>> = {};
    for (const name of ['staffId', 'playerId'] as const) {
      if (draft[name].trim() && !ID_PATTERN.test(draft[name].trim()))
        found[name] = t('audit.idFormat');
    }
    if (draft.from && draft.to && draft.to < draft.from) found.to = t('audit.rangeOrder');
    setErrors(found);
    if (Object.keys(found).length === 0) go(draft, 1);
  };

  const toggle = (id: string) => {
    const next = new Set(expanded);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setExpanded(next);
  };

  const columns: Column<AuditEntry>[] = [
    { key: 'time', header: t('audit.time'), render: (row) => formatDateTime(row.createdAt) },
    {
      key: 'actor',
      header: t('audit.actor'),
      render: (row) => (
        <span>
          {row.actorName ?? t(`audit.actorTypes.${row.actorType}`)}
          {row.actorId ? <span className="muted"> #{row.actorId}</span> : null}
        </span>
      ),
    },
    { key: 'action', header: t('audit.action'), render: (row) => <code>{row.action}</code> },
    {
      key: 'target',
      header: t('audit.target'),
      render: (row) => `${row.targetType} #${row.targetId}`,
    },
    { key: 'reason', header: t('audit.reason'), render: (row) => row.reason ?? '' },
    { key: 'ip', header: t('audit.ip'), render: (row) => row.ip ?? '—' },
    {
      key: 'details',
      header: t('audit.changes'),
      render: (row) => (
        <button
          type="button"
          className="link"
          aria-expanded={expanded.has(row.id)}
          onClick={(event) => {
            event.stopPropagation();
            toggle(row.id);
          }}
        >
          {expanded.has(row.id) ? t('audit.hide') : t('audit.show')}
        </button>
      ),
    },
  ];

  const field = (name: Filter, extra: InputHTMLAttributes<HTMLInputElement> = {}) => (
    <Field label={t(`audit.filters.${name}`)} error={errors[name]}>
      <input
        name={name}
        value={draft[name]}
        onChange={(event) => setDraft({ ...draft, [name]: event.target.value })}
        {...extra}
      />
    </Field>
  );

  return (
    <div className="page">
      <h1>{t('audit.title')}</h1>
      <FiltersBar
        label={t('audit.filtersLabel')}
        onApply={apply}
        onReset={() => {
          setErrors({});
          setParams(new URLSearchParams());
        }}
      >
        {field('staffId', { inputMode: 'numeric' })}
        {field('action', { list: 'audit-actions', placeholder: 'player.' })}
        {field('playerId', { inputMode: 'numeric' })}
        {field('targetType')}
        {field('targetId')}
        {field('from', { type: 'date' })}
        {field('to', { type: 'date' })}
        <datalist id="audit-actions">
          {ACTION_PREFIXES.map((prefix) => (
            <option key={prefix} value={prefix} />
          ))}
        </datalist>
      </FiltersBar>
      {audit.isError ? (
        <p className="field-error" role="alert">
          {errorText(audit.error)}
        </p>
      ) : null}
      <DataTable
        columns={columns}
        rows={audit.data?.items}
        rowKey={(row) => row.id}
        loading={audit.isPending}
        empty={t('audit.none')}
        testId="audit-table"
        renderDetail={(row) =>
          expanded.has(row.id) ? (
            <div className="diff">
              <div>
                <h3>{t('audit.before')}</h3>
                <pre>{formatJson(row.before)}</pre>
              </div>
              <div>
                <h3>{t('audit.after')}</h3>
                <pre>{formatJson(row.after)}</pre>
              </div>
            </div>
          ) : null
        }
      />
      {audit.data ? (
        <Pager
          page={audit.data.page}
          pageSize={audit.data.pageSize}
          total={audit.data.total}
          onPage={(next) => go(applied, next)}
        />
      ) : null}
    </div>
  );
}

function formatJson(value: unknown): string {
  if (value === null || value === undefined) return '—';
  return JSON.stringify(value, null, 2);
}
