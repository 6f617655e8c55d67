import { useId } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { describedBy, Field } from '@/shared/ui/field';
import type { FieldProblem } from '../lib/form-problem';

const presetFormat = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 2 });

interface AmountFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error: FieldProblem | null;
  hint?: ReactNode;
  /** One-tap amounts in points. */
  presets?: readonly number[];
  /** Shown under the box whatever the error state (USDT equivalent, payout preview). */
  note?: ReactNode;
  testId: string;
  disabled?: boolean;
}

/** Points to deposit or withdraw, with the method's preset buttons. */
export function AmountField({
  label,
  value,
  onChange,
  error,
  hint,
  presets = [],
  note,
  testId,
  disabled,
}: AmountFieldProps) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="amount-field">
      <Field
        id={id}
        label={label}
        error={error?.key ?? null}
        errorValues={error?.values}
        errorTestId={`${testId}-error`}
        hint={hint}
      >
        <div className="form-field__control">
          <input
            id={id}
            className="form-field__input amount-field__input"
            inputMode="decimal"
            autoComplete="off"
            value={value}
            disabled={disabled}
            onChange={(event) => onChange(event.target.value.replace(/[^\d.]/g, ''))}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy(id, error?.key, hint)}
            data-testid={testId}
          />
        </div>
      </Field>
      {presets.length > 0 && (
        <div className="amount-field__presets" role="group" aria-label={t('cashier.presets')}>
          {presets.map((preset) => (
            <button
              key={preset}
              type="button"
              className="button button--ghost amount-field__preset"
              aria-pressed={value === String(preset)}
              disabled={disabled}
              onClick={() => onChange(String(preset))}
              data-testid={`${testId}-preset-${preset}`}
            >
              {presetFormat.format(preset)}
            </button>
          ))}
        </div>
      )}
      {note && <div className="amount-field__note">{note}</div>}
    </div>
  );
}
