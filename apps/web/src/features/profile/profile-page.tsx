import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import type { Profile, UpdateProfileBody } from '@spm/contract';
import { formatIndiaDate, validateLoginPassword, validateRegisterPassword } from '@spm/core';
import type { PageProps } from '@/shared/lib/route-paths';
import { PageLoader } from '@/shared/ui/page-loader';
import { updatePassword } from './api/password-api';
import { PasswordField, TextField } from '@/shared/ui/form-controls';
import { EXTRA_VALIDATION_KEYS, isEmailFormat, toKey } from '@/shared/lib/validation-text';
import { updateProfile, useProfile } from '@/shared/api/profile-api';
import { usePlaySite } from '@/shared/stores/site-money-mode';
import { BankDetailsSection } from './bank-details/bank-details-section';
import { SaferPlayLimitsSection } from '@/shared/safer-play/limits-section';
import { ExclusionPanel } from './safer-play/exclusion-panel';
import { PrivacySection } from './privacy/privacy-section';
import { RealityCheckPanel } from './safer-play/reality-check-panel';
import './profile.css';

function nameError(name: string): string | null {
  return name.trim() === '' ? EXTRA_VALIDATION_KEYS.nameEmpty : null;
}

/** Email is optional on the profile; when given it must look like one. */
function emailError(email: string): string | null {
  return email.trim() === '' || isEmailFormat(email) ? null : EXTRA_VALIDATION_KEYS.emailInvalid;
}

function ProfileDetails({ profile }: { profile: Profile }) {
  const { t, i18n } = useTranslation();
  const rows: { key: string; label: string; value: string }[] = [
    { key: 'username', label: t('profile.username'), value: profile.username },
    { key: 'name', label: t('profile.name'), value: profile.name },
    { key: 'email', label: t('profile.email'), value: profile.email ?? t('profile.notSet') },
    {
      key: 'mobile',
      label: t('profile.mobile'),
      value: profile.mobile
        ? `+${profile.countryCode ?? ''} ${profile.mobile}`.trim()
        : t('profile.notSet'),
    },
    {
      key: 'agentCode',
      label: t('profile.agentCode'),
      value: profile.agentCode ?? t('profile.notSet'),
    },
    {
      key: 'accountType',
      label: t('profile.accountType'),
      value: t(profile.isDemo ? 'profile.demoAccount' : 'profile.playerAccount'),
    },
    {
      key: 'memberSince',
      label: t('profile.memberSince'),
      // The day they joined as it was in India, like every date the player reads.
      value: formatIndiaDate(profile.createdAt, i18n.language),
    },
  ];
  return (
    <section className="profile-card" aria-labelledby="profile-details-title">
      <h2 id="profile-details-title" className="profile-card__title">
        {t('profile.detailsTitle')}
      </h2>
      <dl className="profile-details">
        {rows.map((row) => (
          <div className="profile-details__row" key={row.key}>
            <dt>{row.label}</dt>
            <dd data-testid={`profile-${row.key}`}>{row.value}</dd>
          </div>
        ))}
      </dl>
      <Link
        className="button button--outline profile-card__link"
        to="/statement"
        data-testid="profile-statement-link"
      >
        {t('profile.statementLink')}
      </Link>
    </section>
  );
}

function EditProfileForm({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const [name, setName] = useState(profile.name);
  const [email, setEmail] = useState(profile.email ?? '');
  const [errors, setErrors] = useState<{ name: string | null; email: string | null }>({
    name: null,
    email: null,
  });
  const [serverError, setServerError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const changes: UpdateProfileBody = {};
  if (name.trim() !== profile.name) changes.name = name.trim();
  const nextEmail = email.trim() === '' ? null : email.trim();
  if (nextEmail !== profile.email) changes.email = nextEmail;
  const changed = Object.keys(changes).length > 0;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = { name: nameError(name), email: emailError(email) };
    setErrors(checked);
    setServerError(null);
    if (checked.name || checked.email || !changed) return;
    setBusy(true);
    const outcome = await updateProfile(changes);
    setBusy(false);
    // SPEC 7.3: PATCH /profile errors are not toasted; they show in the form.
    if (!outcome.ok) {
      setServerError(outcome.error);
      return;
    }
    toast.success(t('toasts.profileUpdated'));
  };

  return (
    <section className="profile-card" aria-labelledby="profile-edit-title">
      <h2 id="profile-edit-title" className="profile-card__title">
        {t('profile.editTitle')}
      </h2>
      <form className="auth-form" onSubmit={(event) => void onSubmit(event)} noValidate>
        <TextField
          label={t('profile.name')}
          value={name}
          onChange={(value) => {
            setName(value);
            setErrors((current) => ({ ...current, name: nameError(value) }));
          }}
          error={errors.name}
          autoComplete="name"
          maxLength={64}
          testId="profile-name-input"
        />
        <TextField
          label={t('profile.email')}
          type="email"
          value={email}
          onChange={(value) => {
            setEmail(value);
            setErrors((current) => ({ ...current, email: emailError(value) }));
          }}
          error={errors.email}
          autoComplete="email"
          maxLength={254}
          testId="profile-email-input"
        />
        {serverError && (
          <p className="form-error" role="alert" data-testid="profile-error">
            {serverError}
          </p>
        )}
        <button
          type="submit"
          className="button button--primary"
          disabled={busy || !changed}
          aria-busy={busy}
          data-testid="profile-save"
        >
          {t('profile.save')}
        </button>
      </form>
    </section>
  );
}

function ChangePasswordForm() {
  const { t } = useTranslation();
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [errors, setErrors] = useState<{ current: string | null; next: string | null }>({
    current: null,
    next: null,
  });
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = {
      current: toKey(validateLoginPassword(currentPassword)),
      next: toKey(validateRegisterPassword(newPassword)),
    };
    setErrors(checked);
    if (checked.current || checked.next) return;
    setBusy(true);
    const outcome = await updatePassword({ currentPassword, newPassword });
    setBusy(false);
    if (!outcome.ok) return;
    toast.success(t('toasts.passwordChanged'));
    setCurrentPassword('');
    setNewPassword('');
  };

  return (
    <section className="profile-card" aria-labelledby="profile-password-title">
      <h2 id="profile-password-title" className="profile-card__title">
        {t('profile.passwordTitle')}
      </h2>
      <form className="auth-form" onSubmit={(event) => void onSubmit(event)} noValidate>
        <PasswordField
          label={t('profile.currentPassword')}
          value={currentPassword}
          onChange={(value) => {
            setCurrentPassword(value);
            setErrors((current) => ({ ...current, current: toKey(validateLoginPassword(value)) }));
          }}
          error={errors.current}
          autoComplete="current-password"
          testId="profile-current-password"
        />
        <PasswordField
          label={t('profile.newPassword')}
          value={newPassword}
          onChange={(value) => {
            setNewPassword(value);
            setErrors((current) => ({ ...current, next: toKey(validateRegisterPassword(value)) }));
          }}
          error={errors.next}
          autoComplete="new-password"
          testId="profile-new-password"
        />
        <button
          type="submit"
          className="button button--primary"
          disabled={busy}
          aria-busy={busy}
          data-testid="profile-change-password"
        >
          {t('profile.changePassword')}
        </button>
      </form>
    </section>
  );
}

/** The protected /profile page (SPEC 2.2, 7.2, 7.3). */
export function ProfilePage({ titleKey }: PageProps) {
  const { t } = useTranslation();
  const { profile, isError } = useProfile();
  const playSite = usePlaySite();

  return (
    <section className="page profile-page">
      <h1 className="page__title" data-testid="page-title">
        {t(titleKey)}
      </h1>
      {profile ? (
        <div className="profile-grid">
          <ProfileDetails profile={profile} />
          {/* Remount when the saved profile changes so the form starts from it. */}
          <EditProfileForm key={`${profile.name}|${profile.email ?? ''}`} profile={profile} />
          <ChangePasswordForm />
          {/* Bank details are for withdrawals: a play-money site has none (issue 42 item 6). */}
          {!playSite && <BankDetailsSection />}
          {/* Safer play (issue 42): limits, reality check, time-out and self-exclusion. */}
          {!profile.isDemo && <SaferPlayLimitsSection />}
          <RealityCheckPanel />
          {profile.isDemo ? null : <ExclusionPanel />}
          {!profile.isDemo && <PrivacySection />}
        </div>
      ) : isError ? (
        <p className="page__muted" role="alert">
          {t('profile.loadError')}
        </p>
      ) : (
        <PageLoader />
      )}
    </section>
  );
}
