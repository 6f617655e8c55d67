import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { INDIA_COUNTRY_CODE } from '@spm/contract';
import type { SendOtpBody } from '@spm/contract';
import { readMobileDetails } from '@/shared/lib/storage';
import { useAppStore } from '@/shared/stores/app-store';
import { verifyMobile } from '../api/auth-api';
import { readFlowConfig } from '../lib/modal-config';
import { isOtpFormat } from '@/shared/lib/validation-text';
import { LinkButton, TextField } from '@/shared/ui/form-controls';

/** The stored mobile details, when they name an Indian mobile (the only kind accepted). */
function storedIndianMobile(): SendOtpBody | null {
  const stored = readMobileDetails();
  if (!stored || stored.country_code !== INDIA_COUNTRY_CODE) return null;
  return { mobile: stored.mobile, country_code: INDIA_COUNTRY_CODE };
}

/**
 * SPEC 2.5 "Verify!": the OTP for the mobile details stored under `mvd` by the previous
 * step; SPEC 4.1 on success the registration dialog, with the phone verified.
 */
export function VerifyNumberDialog() {
  const { t } = useTranslation();
  const openAuthModal = useAppStore((state) => state.openAuthModal);
  const source = useAppStore((state) => readFlowConfig(state.authModalConfig).source);
  const [details] = useState(storedIndianMobile);
  const [otp, setOtp] = useState('');
  const [error, setError] = useState<string | null>(details ? null : 'validation.mobileRequired');
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!details) {
      setError('validation.mobileRequired');
      return;
    }
    if (!isOtpFormat(otp)) {
      setError('validation.otpInvalid');
      return;
    }
    setBusy(true);
    const outcome = await verifyMobile({ ...details, otp });
    setBusy(false);
    if (!outcome.ok) return;
    toast.success(t('toasts.otpVerified'));
    openAuthModal('register', {
      phone: `${details.country_code}${details.mobile}`,
      source,
      verified: true,
    });
  };

  return (
    <form className="auth-form" onSubmit={(event) => void onSubmit(event)} noValidate>
      {details && (
        <p className="auth-form__lead">
          {t('auth.verifyText', { phone: `+${details.country_code} ${details.mobile}` })}
        </p>
      )}
      <TextField
        label={t('auth.otp')}
        value={otp}
        onChange={(typed) => {
          const digits = typed.replace(/\D/g, '').slice(0, 6);
          setOtp(digits);
          setError(details ? null : 'validation.mobileRequired');
        }}
        error={error}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        testId="verify-otp"
      />
      <button
        type="submit"
        className="button button--primary button--block"
        disabled={busy}
        aria-busy={busy}
        data-testid="verify-submit"
      >
        {busy ? t('auth.submitting') : t('auth.verifyButton')}
      </button>
      <p className="auth-form__switch">
        {t('auth.haveAccount')}{' '}
        <LinkButton onClick={() => openAuthModal('login')} testId="open-login-from-verify">
          {t('auth.logInLink')}
        </LinkButton>
      </p>
    </form>
  );
}
