import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  staffAppSettingsUpdateBodySchema,
  type AppDetails,
  type OrganisationStatus,
} from '@spm/contract';
import { FormFeedback, Modal, opsErrorText, toastSuccess } from '../../shared/ui/index.ts';
import {
  BrandFieldset,
  ContactFieldsets,
  OrganisationStatusFieldset,
  POINTS_FIELDS,
  ReferralFieldset,
  SignUpFieldset,
  TEXT_FIELDS,
  type AppSettingsFormValues,
} from './app-settings-fieldsets.tsx';
import { fetchAppSettings, settingsKeys, updateAppSettings } from './api.ts';
import { RegionsPanel } from './regions-panel.tsx';
import './settings.css';

function formOf(details: AppDetails): AppSettingsFormValues {
  return {
    ...Object.fromEntries(TEXT_FIELDS.map((key) => [key, details[key]])),
    ...Object.fromEntries(POINTS_FIELDS.map((key) => [key, String(details[key])])),
    OTP: String(details.OTP),
    IS_EMAIL: String(details.IS_EMAIL),
    organisationStatus: details.organisationStatus,
  } as AppSettingsFormValues;
}

/** The changed settings only; numbers stay numbers. */
function changedSettings(details: AppDetails, form: AppSettingsFormValues): Partial<AppDetails> {
  const changes: Partial<AppDetails> = {};
  for (const key of TEXT_FIELDS) {
    if (form[key].trim() !== details[key]) changes[key] = form[key].trim();
  }
  for (const key of POINTS_FIELDS) {
    // Blank or not a number stays as typed, so the schema refuses it with the form's message.
    const typed = form[key].trim();
    const value = typed === '' ? Number.NaN : Number(typed);
    if (value !== details[key]) changes[key] = value;
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

/**
 * Saving the form: only what changed, nothing when nothing did, and closing the site to
 * players only after the word is typed (the dialog holds `confirming` until then).
 */
function useSaveAppSettings(details: AppDetails) {
  const { t } = useTranslation('ops');
  const queryClient = useQueryClient();
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<Partial<AppDetails> | null>(null);

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

  const submit = (form: AppSettingsFormValues) => {
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
  return { save, submit, notice, error, confirming, setConfirming };
}

function AppSettingsForm({ details }: { details: AppDetails }) {
  const { t } = useTranslation('ops');
  const [form, setForm] = useState<AppSettingsFormValues>(() => formOf(details));
  const { save, submit, notice, error, confirming, setConfirming } = useSaveAppSettings(details);

  useEffect(() => setForm(formOf(details)), [details]);

  return (
    <form
      className="ops-settings-form"
      onSubmit={(submitted: FormEvent) => {
        submitted.preventDefault();
        submit(form);
      }}
      noValidate
      aria-label={t('settings.app.title')}
    >
      <BrandFieldset form={form} setForm={setForm} />
      <SignUpFieldset form={form} setForm={setForm} />
      <ContactFieldsets form={form} setForm={setForm} />
      <ReferralFieldset form={form} setForm={setForm} />
      <OrganisationStatusFieldset form={form} setForm={setForm} />
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
