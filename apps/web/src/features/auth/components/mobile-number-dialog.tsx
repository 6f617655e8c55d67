import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { parseIndianPhone } from '@spm/core';
import { saveMobileDetails } from '@/shared/lib/storage';
import { useAppStore } from '@/shared/stores/app-store';
import { freshAgentCode } from '@/shared/lib/agent-code';
import { sendOtpToMobile } from '../api/auth-api';
import { readFlowConfig } from '../lib/modal-config';
import { LinkButton, PhoneField } from '@/shared/ui/form-controls';

/**
 * The page the visitor came from, recorded when the dialog opens (SPEC 2.5) unless an agent
 * code already names who brought them.
 */
function recordSource(): string | undefined {
  if (freshAgentCode(useAppStore.getState().agentCodeConfig, Date.now())) return undefined;
  return (document.referrer || window.location.href).slice(0, 512);
}

/** SPEC 2.5 "Welcome!": the phone first; SPEC 4.1 then verify (OTP on) or register. */
export function MobileNumberDialog() {
  const { t } = useTranslation();
  const otpFlowOn = useAppStore((state) => state.appDetails?.OTP === 0);
  const openAuthModal = useAppStore((state) => state.openAuthModal);
  const initialPhone = useAppStore((state) => readFlowConfig(state.authModalConfig).phone);
  const [source] = useState(recordSource);
  const [phone, setPhone] = useState(initialPhone ?? '');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const parsed = parseIndianPhone(phone);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!parsed) {
      setError('validation.mobileRequired');
      return;
    }
    setBusy(true);
    const outcome = await sendOtpToMobile({
      mobile: parsed.mobile,
      country_code: parsed.countryCode,
    });
    setBusy(false);
    if (!outcome.ok) return;
    saveMobileDetails({ mobile: parsed.mobile, country_code: parsed.countryCode });
    if (otpFlowOn) {
      toast.success(t('toasts.otpSent'));
      openAuthModal('verifyNumber', { phone, source });
    } else {
      toast.success(t('toasts.phoneRegistered'));
      openAuthModal('register', { phone, source });
    }
  };

  return (
    <form className="auth-form" onSubmit={(event) => void onSubmit(event)} noValidate>
      <p className="auth-form__lead">{t('auth.welcomeText')}</p>
      <PhoneField
        label={t('auth.phone')}
        value={phone}
        onChange={(digits) => {
          setPhone(digits);
          setError(digits === '' ? 'validation.mobileRequired' : null);
        }}
        error={error}
        autoComplete="tel"
        testId="mobile-phone"
      />
      <button
        type="submit"
        className="button button--primary button--block"
        disabled={!parsed || busy}
        aria-busy={busy}
        data-testid="mobile-next"
      >
        {t('auth.next')}
      </button>
      <p className="auth-form__switch">
        {t('auth.haveAccount')}{' '}
        <LinkButton onClick={() => openAuthModal('login')} testId="open-login-from-mobile">
          {t('auth.logInLink')}
        </LinkButton>
      </p>
    </form>
  );
}
