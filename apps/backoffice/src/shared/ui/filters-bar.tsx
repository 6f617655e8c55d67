import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface FiltersBarProps {
  children: ReactNode;
  onApply: () => void;
  onReset?: () => void;
  label?: string;
}

/** A row of filter fields with Apply / Reset; Enter in any field applies. */
export function FiltersBar({ children, onApply, onReset, label }: FiltersBarProps) {
  const { t } = useTranslation();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply();
  };
  return (
    <form className="filters" role="search" aria-label={label ?? t('ui.filters')} onSubmit={submit}>
      {children}
      <div className="filters-actions">
        <button type="submit" className="primary">
          {t('ui.apply')}
        </button>
        {onReset ? (
          <button type="button" onClick={onReset}>
            {t('ui.reset')}
          </button>
        ) : null}
      </div>
    </form>
  );
}

export interface FieldProps {
  label: ReactNode;
  children: ReactNode;
  error?: string | null;
}

/** A labelled field (the label wraps the control; the error sits under it, outside). */
export function Field({ label, children, error }: FieldProps) {
  return (
    <div className="field">
      <label>
        <span>{label}</span>
        {children}
      </label>
      {error ? (
        <small className="field-error" role="alert">
          {error}
        </small>
      ) : null}
    </div>
  );
}
