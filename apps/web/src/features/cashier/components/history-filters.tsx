import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Gateway } from '@spm/contract';
import { isRangeReversed, todayInIndia } from '../lib/dates';

export interface HistoryFilterValues {
  status: string;
  gateway: string;
  from: string;
  to: string;
}

export const noFilters: HistoryFilterValues = { status: '', gateway: '', from: '', to: '' };

interface HistoryFiltersProps {
  value: HistoryFilterValues;
  onChange: (value: HistoryFilterValues) => void;
  statuses: readonly string[];
  /** Offered as a filter when given (deposits). */
  gateways?: readonly Gateway[];
  testId: string;
}

/**
 * Status, method and a range of Indian calendar days. Each change applies at once (the list
 * goes back to page 1); a reversed range is pointed out and not asked for.
 */
export function HistoryFilters({
  value,
  onChange,
  statuses,
  gateways,
  testId,
}: HistoryFiltersProps) {
  const { t } = useTranslation();
  const ids = { status: useId(), gateway: useId(), from: useId(), to: useId() };
  const today = todayInIndia();
  const reversed = isRangeReversed(value.from, value.to);
  const set = (field: keyof HistoryFilterValues) => (next: string) =>
    onChange({ ...value, [field]: next });

  return (
    <form
      className="cashier-filters"
      onSubmit={(event) => event.preventDefault()}
      aria-label={t('cashier.filters.label')}
    >
      <div className="cashier-filters__field">
        <label className="form-field__label" htmlFor={ids.status}>
          {t('cashier.filters.status')}
        </label>
        <select
          id={ids.status}
          className="cashier-filters__input"
          value={value.status}
          onChange={(event) => set('status')(event.target.value)}
          data-testid={`${testId}-status`}
        >
          <option value="">{t('cashier.filters.all')}</option>
          {statuses.map((status) => (
            <option key={status} value={status}>
              {t(`cashier.status.${status}`)}
            </option>
          ))}
        </select>
      </div>
      {gateways && (
        <div className="cashier-filters__field">
          <label className="form-field__label" htmlFor={ids.gateway}>
            {t('cashier.filters.gateway')}
          </label>
          <select
            id={ids.gateway}
            className="cashier-filters__input"
            value={value.gateway}
            onChange={(event) => set('gateway')(event.target.value)}
            data-testid={`${testId}-gateway`}
          >
            <option value="">{t('cashier.filters.all')}</option>
            {gateways.map((gateway) => (
              <option key={gateway.code} value={gateway.code}>
                {gateway.name}
              </option>
            ))}
          </select>
        </div>
      )}
      <div className="cashier-filters__field">
        <label className="form-field__label" htmlFor={ids.from}>
          {t('cashier.filters.from')}
        </label>
        <input
          id={ids.from}
          type="date"
          className="cashier-filters__input"
          value={value.from}
          max={today}
          aria-invalid={reversed}
          onChange={(event) => set('from')(event.target.value)}
          data-testid={`${testId}-from`}
        />
      </div>
      <div className="cashier-filters__field">
        <label className="form-field__label" htmlFor={ids.to}>
          {t('cashier.filters.to')}
        </label>
        <input
          id={ids.to}
          type="date"
          className="cashier-filters__input"
          value={value.to}
          max={today}
          aria-invalid={reversed}
          onChange={(event) => set('to')(event.target.value)}
          data-testid={`${testId}-to`}
        />
      </div>
      {(value.status || value.gateway || value.from || value.to) && (
        <button
          type="button"
          className="button button--ghost cashier-filters__clear"
          onClick={() => onChange(noFilters)}
          data-testid={`${testId}-clear`}
        >
          {t('cashier.filters.clear')}
        </button>
      )}
      {reversed && (
        <p
          className="form-error cashier-filters__error"
          role="alert"
          data-testid={`${testId}-range-error`}
        >
          {t('statement.errors.toBeforeFrom')}
        </p>
      )}
    </form>
  );
}
