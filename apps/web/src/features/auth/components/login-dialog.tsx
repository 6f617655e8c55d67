import { useState } from 'react';
import type { FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { validateLoginPassword, validateLoginUsername } from '@spm/core';
import type { AuthAnswer, RegionRefusal } from '@spm/contract';
import { useAppStore } from '@/shared/stores/app-store';
import { demoLogin, getDemoCheck, login } from '../api/auth-api';
import { completeSignIn } from '../lib/session';
import { RegionRefusalNotice } from './region-refusal-notice';
import { toKey } from '@/shared/lib/validation-text';
import { LinkButton, PasswordField, TextField } from '@/shared/ui/form-controls';

interface LoginErrors {
  username: string | null;
  password: string | null;
}

export const demoCheckQueryKey = ['demo-check'] as const;

/** SPEC 2.5 login dialog; SPEC 4.2 on success. */
export function LoginDialog() {
  const { t } = useTranslation();
  const otpSetting = useAppStore((state) => state.appDetails?.OTP);
  const openAuthModal = useAppStore((state) => state.openAuthModal);
  const demoCheck = useQuery({ queryKey: demoCheckQueryKey, queryFn: getDemoCheck });
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<LoginErrors>({ username: null, password: null });
  const [busy, setBusy] = useState(false);
  const [demoBusy, setDemoBusy] = useState(false);
  const [refusal, setRefusal] = useState<RegionRefusal | null>(null);

  const signedIn = async (answer: AuthAnswer) => {
    toast.success(t('toasts.loginSuccess'));
    await completeSignIn(answer, { showWelcome: true });
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const checked: LoginErrors = {
      username: toKey(validateLoginUsername(username)),
      password: toKey(validateLoginPassword(password)),
    };
    setErrors(checked);
    if (checked.username || checked.password || busy) return;
    setBusy(true);
    const { data, region } = await login({ username, password });
    setRefusal(region);
    if (!data) {
      setBusy(false);
      return;
    }
    await signedIn(data);
  };

  const onDemo = async () => {
    setDemoBusy(true);
    const { data, region } = await demoLogin();
    setRefusal(region);
    if (!data) {
      setDemoBusy(false);
      return;
    }
    await signedIn(data);
  };

  return (
    <form className="auth-form" onSubmit={(event) => void onSubmit(event)} noValidate>
      <TextField
        label={t('auth.username')}
        value={username}
        onChange={(value) => {
          setUsername(value);
          setErrors((current) => ({ ...current, username: toKey(validateLoginUsername(value)) }));
        }}
        error={errors.username}
        autoComplete="username"
        testId="login-username"
      />
      <PasswordField
        label={t('auth.password')}
        value={password}
        onChange={(value) => {
          setPassword(value);
          setErrors((current) => ({ ...current, password: toKey(validateLoginPassword(value)) }));
        }}
        error={errors.password}
        autoComplete="current-password"
        testId="login-password"
      />
      {otpSetting === 0 && (
        <div className="auth-form__aside">
          <LinkButton onClick={() => openAuthModal('forgotpassword')} testId="open-forgot">
            {t('auth.forgotLink')}
          </LinkButton>
        </div>
      )}
      <RegionRefusalNotice refusal={refusal} />
      <button
        type="submit"
        className="button button--primary button--block"
        disabled={busy}
        aria-busy={busy}
        data-testid="login-submit"
      >
        {busy ? t('auth.loading') : t('auth.loginButton')}
      </button>
      <p className="auth-form__switch">
        {t('auth.noAccount')}{' '}
        <LinkButton onClick={() => openAuthModal('register')} testId="open-register-from-login">
          {t('auth.registerLink')}
        </LinkButton>
      </p>
      {demoCheck.data === true && (
        <div className="auth-form__demo">
          <p>{t('auth.demoText')}</p>
          <button
            type="button"
            className="button button--outline button--block"
            onClick={() => void onDemo()}
            disabled={demoBusy}
            aria-busy={demoBusy}
            data-testid="demo-login"
          >
            {t('auth.demoButton')}
          </button>
        </div>
      )}
    </form>
  );
}
