import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ORGANISATION_STATUSES,
  staffAppSettingsUpdateBodySchema,
  type AppDetails,
  type OrganisationStatus,
} from '@spm/contract';
import { Field, FormFeedback, Modal, opsErrorText, toastSuccess } from '../../shared/ui/index.ts';
import { fetchAppSettings, settingsKeys, updateAppSettings } from './api.ts';
import { RegionsPanel } from './regions-panel.tsx';
import './settings.css';

const TEXT_FIELDS = [
  'BRAND_NAME',
  'LOGO_URL',
  'BRAND_STATUS',
  'WHATS_APP_URL',
  'TELEGRAM',
  'INSTATGRAM',
  'FACEBOOK',
  'GRIEVANCE_OFFICER_NAME',
  'GRIEVANCE_OFFICER_EMAIL',
  'GRIEVANCE_OFFICER_PHONE',
] as const;
type TextField = (typeof TEXT_FIELDS)[number];
type Form = Record<TextField, string> & {
  OTP: string;
  IS_EMAIL: string;
  organisationStatus: OrganisationStatus;
};

function formOf(details: AppDetails): Form {
  return {
    ...Object.fromEntries(TEXT_FIELDS.map((key) => [key, details[key]])),
    OTP: String(details.OTP),
    IS_EMAIL: String(details.IS_EMAIL),
    organisationStatus: details.organisationStatus,
  } as Form;
}

/** The changed settings only; numbers stay numbers. */
function changedSettings(details: AppDetails, form: Form): Partial<AppDetails> {
  const changes: Partial<AppDetails> = {};
  for (const key of TEXT_FIELDS) {
    if (form[key].trim() !== details[key]) changes[key] = form[key].trim();
  }
  if (Number(form.OTP) !== details.OTP) changes.OTP = Number(form.OTP);
  if (Number(form.IS_EMAIL) !== details.IS_EMAIL) changes.IS_EMAIL = Number(form.IS_EMAIL);
  if (form.organisationStatus !== details.organisationStatus) {
    changes.organisationStatus = form.organisationStatus;
  }
  return changes;
}

/** App details of SPEC 3 and the organisation status, as players' apps read them. */
export function AppSettingsPage() {
  const { t } = useTranslation('ops');
  const settings = useQuery({ queryKey: settingsKeys.app, queryFn: fetchAppSettings });

  return (
    <section className="page">
      <h1>{t('settings.app.title')}</h1>
      {settings.isError ? (
        <p className="field-error" role="alert">
          {opsErrorText(settings.error)}
        </p>
      ) : null}
      {settings.data ? <AppSettingsForm details={settings.data} /> : null}
      {settings.isPending ? <p className="muted">{t('common.loading')}</p> : null}
      <RegionsPanel />
    </section>
  );
}

function AppSettingsForm({ details }: { details: AppDetails }) {
  const { t } = useTranslation('ops');
  const queryClient = useQueryClient();
  const [form, setForm] = useState<Form>(() => formOf(details));
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<Partial<AppDetails> | null>(null);

  useEffect(() => setForm(formOf(details)), [details]);

  const save = useMutation({
    mutationFn: updateAppSettings,
    onSuccess: () => {
      setConfirming(null);
      toastSuccess(t('settings.app.saved'));
      void queryClient.invalidateQueries({ queryKey: settingsKeys.app });
    },
    onError: (failure) => {
      setConfirming(null);
      setError(opsErrorText(failure));
    },
  });

  const submit = (submitted: FormEvent) => {
    submitted.preventDefault();
    setError(null);
    const changes = changedSettings(details, form);
    if (Object.keys(changes).length === 0) {
      setNotice(t('common.nothingChanged'));
      return;
    }
    setNotice(null);
    const parsed = staffAppSettingsUpdateBodySchema.safeParse(changes);
    if (!parsed.success) {
      setError(t('settings.app.invalid'));
      return;
    }
    // Closing the site to players is asked for twice; opening it or anything else is not.
    if (
      changes.organisationStatus === 'maintenance' ||
      changes.organisationStatus === 'suspended'
    ) {
      setConfirming(parsed.data);
      return;
    }
    save.mutate(parsed.data);
  };

  const text = (key: TextField, type: 'text' | 'url' | 'email' | 'tel' = 'text') => (
    <Field label={t(`settings.app.fields.${key}`)}>
      <input
        type={type}
        value={form[key]}
        onChange={(change) => setForm({ ...form, [key]: change.target.value })}
      />
    </Field>
  );
  const otpOptions = ['0', '1'].includes(form.OTP) ? ['0', '1'] : ['0', '1', form.OTP];

  return (
    <form
      className="ops-settings-form"
      onSubmit={submit}
      noValidate
      aria-label={t('settings.app.title')}
    >
      <fieldset>
        <legend>{t('settings.app.brand')}</legend>
        {text('BRAND_NAME')}
        {text('LOGO_URL', 'url')}
        {form.LOGO_URL.trim() ? (
          <img
            className="ops-logo-preview"
            src={form.LOGO_URL.trim()}
            alt={t('settings.app.logoPreview')}
          />
        ) : null}
        {text('BRAND_STATUS')}
      </fieldset>
      <fieldset>
        <legend>{t('settings.app.signUp')}</legend>
        <Field label={t('settings.app.fields.OTP')}>
          <select
            value={form.OTP}
            onChange={(change) => setForm({ ...form, OTP: change.target.value })}
          >
            {otpOptions.map((value) => (
              <option key={value} value={value}>
                {value === '0'
                  ? t('settings.app.otpOn')
                  : value === '1'
                    ? t('settings.app.otpOff')
                    : value}
              </option>
            ))}
          </select>
        </Field>
        <p className="muted">{t('settings.app.otpHelp')}</p>
        <Field label={t('settings.app.fields.IS_EMAIL')}>
          <select
            value={form.IS_EMAIL}
            onChange={(change) => setForm({ ...form, IS_EMAIL: change.target.value })}
          >
            <option value="1">{t('settings.app.emailShown')}</option>
            <option value="0">{t('settings.app.emailHidden')}</option>
          </select>
        </Field>
      </fieldset>
      <fieldset>
        <legend>{t('settings.app.social')}</legend>
        {text('WHATS_APP_URL', 'url')}
        {text('TELEGRAM', 'url')}
        {text('INSTATGRAM', 'url')}
        {text('FACEBOOK', 'url')}
      </fieldset>
      <fieldset>
        <legend>{t('settings.app.grievance')}</legend>
        <p className="muted">{t('settings.app.grievanceHelp')}</p>
        {text('GRIEVANCE_OFFICER_NAME')}
        {text('GRIEVANCE_OFFICER_EMAIL', 'email')}
        {text('GRIEVANCE_OFFICER_PHONE', 'tel')}
      </fieldset>
      <fieldset>
        <legend>{t('settings.app.fields.organisationStatus')}</legend>
        {ORGANISATION_STATUSES.map((status) => (
          <label key={status} className="ops-check">
            <input
              type="radio"
              name="organisationStatus"
              value={status}
              checked={form.organisationStatus === status}
              onChange={() => setForm({ ...form, organisationStatus: status })}
            />
            <span>
              <strong>{t(`status.${status}`)}</strong> — {t(`settings.app.statusHelp.${status}`)}
            </span>
          </label>
        ))}
      </fieldset>
      <FormFeedback notice={notice} error={error} />
      <div className="actions">
        <button type="button" onClick={() => setForm(formOf(details))}>
          {t('settings.app.undo')}
        </button>
        <button type="submit" className="primary" disabled={save.isPending}>
          {t('common.save')}
        </button>
      </div>
      {confirming?.organisationStatus ? (
        <CloseSiteDialog
          status={confirming.organisationStatus}
          busy={save.isPending}
          onConfirm={() => save.mutate(confirming)}
          onCancel={() => setConfirming(null)}
        />
      ) : null}
    </form>
  );
}

/** Maintenance or suspension closes the player app to everyone: the word must be typed. */
function CloseSiteDialog({
  status,
  busy,
  onConfirm,
  onCancel,
}: {
  status: OrganisationStatus;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('ops');
  const [typed, setTyped] = useState('');
  const matches = typed.trim().toLowerCase() === status;
  return (
    <Modal
      open
      title={t('settings.app.closeTitle', { status: t(`status.${status}`) })}
      onClose={onCancel}
      footer={
        <>
          <button type="button" onClick={onCancel}>
            {t('common.cancel')}
          </button>
          <button type="button" className="danger" disabled={!matches || busy} onClick={onConfirm}>
            {t('settings.app.closeConfirm', { status: t(`status.${status}`) })}
          </button>
        </>
      }
    >
      <p>{t('settings.app.closeEffect')}</p>
      <label className="field">
        <span>{t('settings.app.typeToConfirm', { word: status })}</span>
        <input
          value={typed}
          autoComplete="off"
          onChange={(change) => setTyped(change.target.value)}
        />
      </label>
    </Modal>
  );
}
