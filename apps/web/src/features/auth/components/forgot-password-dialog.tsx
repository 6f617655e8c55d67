import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { PHONE_DIGITS_WITH_COUNTRY_CODE } from '@spm/contract';
import { parseIndianPhone } from '@spm/core';
import { useAppStore } from '@/shared/stores/app-store';
import { forgotPassword } from '../api/auth-api';
import { LinkButton, PhoneField } from '@/shared/ui/form-controls';

/**
 * SPEC 5 "Forgot": an empty or invalid phone gives "Please enter mobile number". While
 * typing, an empty field or a complete but invalid number says so; a partial one waits.
 */
function phoneError(digits: string, submitting: boolean): string | null {
  if (parseIndianPhone(digits)) return null;
  if (submitting || digits === '' || digits.length === PHONE_DIGITS_WITH_COUNTRY_CODE) {
    return 'validation.mobileRequired';
  }
  return null;
}

/** SPEC 2.5 forgot dialog; SPEC 4.1 on success the reset dialog. */
export function ForgotPasswordDialog() {
  const { t } = useTranslation();
  const openAuthModal = useAppStore((state) => state.openAuthModal);
  const [phone, setPhone] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseIndianPhone(phone);
    if (!parsed) {
      setError(phoneError(phone, true));
      return;
    }
    setBusy(true);
    const outcome = await forgotPassword({ phone: parsed.mobile, countryCode: parsed.countryCode });
    setBusy(false);
    if (!outcome.ok) return;
    toast.success(outcome.message ?? t('toasts.requestCreated'));
    openAuthModal('resetpassword', { phone });
  };

  return (
    <form className="auth-form" onSubmit={(event) => void onSubmit(event)} noValidate>
      <p className="auth-form__lead">{t('auth.forgotText')}</p>
      <PhoneField
        label={t('auth.phone')}
        value={phone}
        onChange={(digits) => {
          setPhone(digits);
          setError(phoneError(digits, false));
        }}
        error={error}
        autoComplete="tel"
        testId="forgot-phone"
      />
      <button
        type="submit"
        className="button button--primary button--block"
        disabled={busy}
        aria-busy={busy}
        data-testid="forgot-submit"
      >
        {t('auth.submit')}
      </button>
      <p className="auth-form__switch">
        <LinkButton onClick={() => openAuthModal('login')} testId="open-login-from-forgot">
          {t('auth.backToLogin')}
        </LinkButton>
      </p>
    </form>
  );
}
