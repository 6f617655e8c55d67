import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field, FiltersBar, FormFeedback } from '../../../shared/ui/index.ts';
import { EMPTY_FILTERS, type FilterValues } from '../lib.ts';

export interface QueueFiltersProps {
  values: FilterValues;
  onApply: (values: FilterValues) => void;
  statuses: readonly string[];
  /** Deposits filter by gateway too. */
  gateways?: { code: string; name: string }[];
}

/** Status (pending first), gateway, player id and an Indian-day range. */
export function QueueFilters({ values, onApply, statuses, gateways }: QueueFiltersProps) {
  const { t } = useTranslation('ops');
  const [draft, setDraft] = useState<FilterValues>(values);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => setDraft(values), [values]);

  const set = (key: keyof FilterValues) => (value: string) =>
    setDraft((current) => ({ ...current, [key]: value }));

  const apply = () => {
    if (draft.playerId.trim() && !/^\d{1,18}$/.test(draft.playerId.trim())) {
      setError(t('queues.filters.playerIdInvalid'));
      return;
    }
    if (draft.from && draft.to && draft.from > draft.to) {
      setError(t('queues.filters.rangeInvalid'));
      return;
    }
    setError(null);
    onApply(draft);
  };

  return (
    <FiltersBar
      onApply={apply}
      onReset={() => {
        setError(null);
        onApply(EMPTY_FILTERS);
      }}
      label={t('queues.filters.label')}
    >
      <Field label={t('queues.filters.status')}>
        <select value={draft.status} onChange={(event) => set('status')(event.target.value)}>
          {statuses.map((status) => (
            <option key={status} value={status}>
              {t(`status.${status}`)}
            </option>
          ))}
          <option value="all">{t('queues.filters.allStatuses')}</option>
        </select>
      </Field>
      {gateways ? (
        <Field label={t('queues.filters.gateway')}>
          <select value={draft.gateway} onChange={(event) => set('gateway')(event.target.value)}>
            <option value="">{t('queues.filters.allGateways')}</option>
            {gateways.map((gateway) => (
              <option key={gateway.code} value={gateway.code}>
                {gateway.name}
              </option>
            ))}
          </select>
        </Field>
      ) : null}
      <Field label={t('queues.filters.playerId')}>
        <input
          inputMode="numeric"
          value={draft.playerId}
          onChange={(event) => set('playerId')(event.target.value)}
        />
      </Field>
      <Field label={t('queues.filters.from')}>
        <input
          type="date"
          value={draft.from}
          onChange={(event) => set('from')(event.target.value)}
        />
      </Field>
      <Field label={t('queues.filters.to')}>
        <input type="date" value={draft.to} onChange={(event) => set('to')(event.target.value)} />
      </Field>
      <FormFeedback error={error} />
    </FiltersBar>
  );
}
