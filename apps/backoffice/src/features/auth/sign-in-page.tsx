import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router';
import type { StaffLoginChallenge } from '@spm/contract';
import { ApiError } from '@spm/client';
import { useAuthStore } from '../../shared/auth-store.ts';
import { errorText, FormFeedback } from '../../shared/ui/index.ts';
import { LanguageSelect } from '../../shared/language-select.tsx';
import { requestSignIn, requestTotp } from './api.ts';
import { OtpauthQr, groupSecret } from './otpauth-qr.tsx';

const CODE_PATTERN = /^\d{6}$/;

interface FromState {
  from?: string;
}

/** Password, then the authenticator code; on the first sign-in the code step enrols the app. */
export function SignInPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const token = useAuthStore((state) => state.token);
  const signOutReason = useAuthStore((state) => state.signOutReason);
  const signIn = useAuthStore((state) => state.signIn);
  const [challenge, setChallenge] = useState<StaffLoginChallenge | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const from = (location.state as FromState | null)?.from;
  const target = from && from.startsWith('/') && from !== '/login' ? from : '/';

  useEffect(() => {
    if (signOutReason === 'idle') setNotice(t('auth.signedOutIdle'));
    else if (signOutReason === 'expired') setNotice(t('auth.signedOutExpired'));
  }, [signOutReason, t]);

  if (token) return <Navigate to={target} replace />;

  return (
    <div className="sign-in">
      <div className="sign-in-card panel">
        <header className="sign-in-head">
          <h1>{t('title')}</h1>
          <LanguageSelect />
        </header>
        {notice ? (
          <p className="notice" role="status">
            {notice}
          </p>
        ) : null}
        {challenge === null ? (
          <CredentialsStep
            onChallenge={(next) => {
              setNotice(null);
              setChallenge(next);
            }}
          />
        ) : (
          <CodeStep
            challenge={challenge}
            onRestart={(message) => {
              setChallenge(null);
              setNotice(message);
            }}
            onSignedIn={(session) => {
              signIn(session);
              void navigate(target, { replace: true });
            }}
          />
        )}
      </div>
    </div>
  );
}

function CredentialsStep({
  onChallenge,
}: {
  onChallenge: (challenge: StaffLoginChallenge) => void;
}) {
  const { t } = useTranslation();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!username.trim() || !password) {
      setError(t('auth.required'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      onChallenge(await requestSignIn({ username: username.trim(), password }));
    } catch (failure) {
      setError(errorText(failure));
      setBusy(false);
    }
  };

  return (
    <form className="stack" onSubmit={(event) => void submit(event)} noValidate>
      <h2>{t('auth.heading')}</h2>
      <label className="field">
        <span>{t('auth.username')}</span>
        <input
          name="username"
          autoComplete="username"
          value={username}
          onChange={(event) => setUsername(event.target.value)}
        />
      </label>
      <label className="field">
        <span>{t('auth.password')}</span>
        <input
          name="password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
      </label>
      <FormFeedback error={error} />
      <button type="submit" className="primary" disabled={busy}>
        {busy ? t('auth.signingIn') : t('auth.continue')}
      </button>
    </form>
  );
}

interface CodeStepProps {
  challenge: StaffLoginChallenge;
  onRestart: (message: string) => void;
  onSignedIn: (session: Awaited<ReturnType<typeof requestTotp>>) => void;
}

function CodeStep({ challenge, onRestart, onSignedIn }: CodeStepProps) {
  const { t } = useTranslation();
  const codeId = useId();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = code.replace(/\s+/g, '');
    if (!CODE_PATTERN.test(trimmed)) {
      setError(t('auth.codeFormat'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      onSignedIn(await requestTotp({ challengeToken: challenge.challengeToken, code: trimmed }));
    } catch (failure) {
      setBusy(false);
      // The password step's challenge is gone (expired or used up): start again.
      if (failure instanceof ApiError && failure.code === 'CHALLENGE_EXPIRED') {
        onRestart(errorText(failure));
        return;
      }
      setError(errorText(failure));
      setCode('');
    }
  };

  return (
    <form className="stack" onSubmit={(event) => void submit(event)} noValidate>
      {challenge.stage === 'totp_setup' ? (
        <section className="stack" aria-labelledby={`${codeId}-setup`}>
          <h2 id={`${codeId}-setup`}>{t('auth.setup.heading')}</h2>
          <p>{t('auth.setup.intro')}</p>
          <ol className="steps">
            <li>{t('auth.setup.stepInstall')}</li>
            <li>{t('auth.setup.stepScan')}</li>
            <li>{t('auth.setup.stepCode')}</li>
          </ol>
          <OtpauthQr url={challenge.otpauthUrl} />
          <div className="secret">
            <span>{t('auth.setup.secret')}</span>
            <code data-testid="totp-secret">{groupSecret(challenge.secret)}</code>
            <CopyButton text={challenge.secret} />
          </div>
          <details>
            <summary>{t('auth.setup.link')}</summary>
            <p>
              <a href={challenge.otpauthUrl} className="break">
                {challenge.otpauthUrl}
              </a>
            </p>
            <CopyButton text={challenge.otpauthUrl} />
          </details>
        </section>
      ) : (
        <>
          <h2>{t('auth.totp.heading')}</h2>
          <p>{t('auth.totp.intro')}</p>
        </>
      )}
      <label className="field">
        <span>{t('auth.code')}</span>
        <input
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={7}
          value={code}
          onChange={(event) => setCode(event.target.value)}
          autoFocus
        />
      </label>
      <FormFeedback error={error} />
      <div className="actions">
        <button type="button" onClick={() => onRestart('')}>
          {t('auth.back')}
        </button>
        <button type="submit" className="primary" disabled={busy}>
          {challenge.stage === 'totp_setup' ? t('auth.setup.confirm') : t('auth.signIn')}
        </button>
      </div>
    </form>
  );
}

function CopyButton({ text }: { text: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  return (
    <button
      type="button"
      className="link"
      onClick={() => {
        void navigator.clipboard?.writeText(text).then(() => setCopied(true));
      }}
    >
      {copied ? t('ui.copied') : t('ui.copy')}
    </button>
  );
}
