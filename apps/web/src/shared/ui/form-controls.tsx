import { useId, useState } from 'react';
import type { HTMLAttributes, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { INDIA_COUNTRY_CODE, PHONE_DIGITS_WITH_COUNTRY_CODE } from '@spm/contract';
import { capPhoneDigits } from '@spm/core';
import { Field, describedBy } from './field';

export interface TextFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  hint?: ReactNode;
  testId?: string;
  type?: 'text' | 'email' | 'password' | 'tel';
  autoComplete?: string;
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
  placeholder?: string;
  maxLength?: number;
  readOnly?: boolean;
  /** Text or control shown inside the field, after the input (a button). */
  addon?: ReactNode;
}

export function TextField({
  label,
  value,
  onChange,
  error,
  hint,
  testId,
  type = 'text',
  autoComplete,
  inputMode,
  placeholder,
  maxLength,
  readOnly,
  addon,
}: TextFieldProps) {
  const id = useId();
  return (
    <Field id={id} label={label} error={error} hint={hint}>
      <div className="form-field__control">
        <input
          id={id}
          className="form-field__input"
          type={type}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, error, hint)}
          autoComplete={autoComplete}
          inputMode={inputMode}
          placeholder={placeholder}
          maxLength={maxLength}
          readOnly={readOnly}
          data-testid={testId}
        />
        {addon}
      </div>
    </Field>
  );
}

export interface PasswordFieldProps extends Omit<TextFieldProps, 'type' | 'addon'> {
  autoComplete: 'current-password' | 'new-password';
}

/** A password input with the show/hide toggle of SPEC 2.5. */
export function PasswordField(props: PasswordFieldProps) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      addon={
        <button
          type="button"
          className="form-field__addon"
          onClick={() => setVisible((shown) => !shown)}
          aria-label={t(visible ? 'auth.hidePassword' : 'auth.showPassword')}
          aria-pressed={visible}
          data-testid={props.testId ? `${props.testId}-toggle` : undefined}
        >
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
            <path
              d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12z"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
            />
            <circle cx="12" cy="12" r="3" fill="none" stroke="currentColor" strokeWidth="2" />
            {visible && <path d="M3 3l18 18" stroke="currentColor" strokeWidth="2" />}
          </svg>
        </button>
      }
    />
  );
}

/** Digits typed so far do not start with India's 91 (SPEC 5: only India is allowed). */
export function isForeignPrefix(digits: string): boolean {
  const typed = digits.slice(0, INDIA_COUNTRY_CODE.length);
  return typed.length > 0 && !INDIA_COUNTRY_CODE.startsWith(typed);
}

export interface PhoneFieldProps extends Omit<
  TextFieldProps,
  'type' | 'onChange' | 'inputMode' | 'maxLength' | 'hint'
> {
  onChange: (digits: string) => void;
}

/**
 * The phone entry of SPEC 5: digits only, 91 first, capped at 12 digits. A number that does
 * not start with 91 is refused with a hint; the send buttons check completeness themselves.
 */
export function PhoneField({ onChange, value, error, ...rest }: PhoneFieldProps) {
  const { t } = useTranslation();
  const foreign = isForeignPrefix(value);
  return (
    <TextField
      {...rest}
      value={value}
      type="tel"
      inputMode="numeric"
      maxLength={PHONE_DIGITS_WITH_COUNTRY_CODE}
      placeholder={rest.placeholder ?? '91XXXXXXXXXX'}
      onChange={(typed) => onChange(capPhoneDigits(typed))}
      error={error ?? (foreign ? 'validation.phoneIndiaOnly' : null)}
      hint={t('auth.phoneHint')}
    />
  );
}

interface LinkButtonProps {
  onClick: () => void;
  testId?: string;
  children: ReactNode;
}

/** A link-styled button that switches dialogs (they have no routes, SPEC 2.5). */
export function LinkButton({ onClick, testId, children }: LinkButtonProps) {
  return (
    <button type="button" className="link-button" onClick={onClick} data-testid={testId}>
      {children}
    </button>
  );
}

/** A whole-form message (SPEC 5 "All fields are mandatory"). */
export function FormError({ error }: { error: string | null }) {
  const { t } = useTranslation();
  if (!error) return null;
  return (
    <p className="form-error" role="alert">
      {t(error)}
    </p>
  );
}
