import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { VALIDATION_MESSAGES, validateRegisterPassword } from '@spm/core';
import { useAppStore } from '@/shared/stores/app-store';
import { resetPassword } from '../api/auth-api';
import { isOtpFormat, toKey, validationKey } from '@/shared/lib/validation-text';
import { FormError, PasswordField, TextField } from '@/shared/ui/form-controls';

const ALL_FIELDS = validationKey(VALIDATION_MESSAGES.allFieldsMandatory);

/**
 * SPEC 5 "Reset": both fields are needed ("All fields are mandatory"); the new password then
 * follows the registration password rule, which the server applies too.
 */
function resetError(otp: string, password: string): string | null {
  if (!otp || !password) return ALL_FIELDS;
  if (!isOtpFormat(otp)) return 'validation.otpInvalid';
  return toKey(validateRegisterPassword(password));
}

/** SPEC 2.5 reset dialog; SPEC 4.1 on success the login dialog. */
export function ResetPasswordDialog() {
  const { t } = useTranslation();
  const openAuthModal = useAppStore((state) => state.openAuthModal);
  const [otp, setOtp] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);

  // On each change the edited field is checked; after a submit, the whole form.
  const onOtp = (typed: string) => {
    const digits = typed.replace(/\D/g, '').slice(0, 6);
    setOtp(digits);
    setError(!digits ? ALL_FIELDS : submitted ? resetError(digits, password) : null);
  };
  const onPassword = (value: string) => {
    setPassword(value);
    setError(!value ? ALL_FIELDS : submitted ? resetError(otp, value) : null);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const checked = resetError(otp, password);
    setError(checked);
    if (checked) return;
    setBusy(true);
    const outcome = await resetPassword({ otp, password });
    setBusy(false);
    if (!outcome.ok) return;
    toast.success(t('toasts.passwordResetSuccess'));
    openAuthModal('login');
  };

  return (
    <form className="auth-form" onSubmit={(event) => void onSubmit(event)} noValidate>
      <p className="auth-form__lead">{t('auth.resetText')}</p>
      <TextField
        label={t('auth.otp')}
        value={otp}
        onChange={onOtp}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        testId="reset-otp"
      />
      <PasswordField
        label={t('auth.newPassword')}
        value={password}
        onChange={onPassword}
        autoComplete="new-password"
        testId="reset-password"
      />
      <FormError error={error} />
      <button
        type="submit"
        className="button button--primary button--block"
        disabled={busy}
        aria-busy={busy}
        data-testid="reset-submit"
      >
        {t('auth.submit')}
      </button>
    </form>
  );
}
