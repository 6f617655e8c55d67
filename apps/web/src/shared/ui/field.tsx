import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface FieldProps {
  /** The control's id (from useId): the label points at it. */
  id: string;
  label: string;
  /** An i18n key (or a ready text) of the field's problem, or null. */
  error?: string | null;
  /** i18n options for the error key (e.g. {min}). */
  errorValues?: Record<string, string | number>;
  hint?: ReactNode;
  /** data-testid of the error line. */
  errorTestId?: string;
  children: ReactNode;
}

/** The id a control names in aria-describedby: its error while there is one, else its hint. */
export function describedBy(id: string, error?: string | null, hint?: ReactNode) {
  if (error) return `${id}-error`;
  return hint ? `${id}-hint` : undefined;
}

/**
 * Label, control, and a hint or the translated error below it, in the app's form-field
 * look. The control is the caller's (input, select, file picker), so one frame serves all.
 */
export function Field({ id, label, error, errorValues, hint, errorTestId, children }: FieldProps) {
  const { t } = useTranslation();
  return (
    <div className={error ? 'form-field form-field--invalid' : 'form-field'}>
      <label className="form-field__label" htmlFor={id}>
        {label}
      </label>
      {children}
      {hint && !error && (
        <p className="form-field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {error && (
        <p className="form-field__error" id={`${id}-error`} role="alert" data-testid={errorTestId}>
          {t(error, errorValues)}
        </p>
      )}
    </div>
  );
}
