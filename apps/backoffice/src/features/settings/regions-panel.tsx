import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  INDIAN_STATE_CODES,
  regionSettingsSchema,
  type IndianStateCode,
  type StaffRegionSettings,
} from '@spm/contract';
import { formatDateTime } from '@spm/client';
import { Field, FormFeedback, opsErrorText, toastSuccess } from '../../shared/ui/index.ts';
import { fetchRegionSettings, regionSettingsKey, updateRegionSettings } from './api.ts';

interface Form {
  allowedCountries: string;
  blockedCountries: string;
  blockedStates: IndianStateCode[];
  blockUnknownAddress: boolean;
}

function formOf({ settings }: StaffRegionSettings): Form {
  return {
    allowedCountries: settings.allowedCountries.join(', '),
    blockedCountries: settings.blockedCountries.join(', '),
    blockedStates: settings.blockedStates,
    blockUnknownAddress: settings.blockUnknownAddress,
  };
}

const codesOf = (text: string) => text.split(/[\s,]+/).filter(Boolean);

/**
 * Regions (issue 42 item 7): the countries and Indian states players may register and sign in
 * from, and whether an address the geolocation file cannot place is refused. Admin only, audited.
 */
export function RegionsPanel() {
  const { t } = useTranslation('ops');
  const settings = useQuery({ queryKey: regionSettingsKey, queryFn: fetchRegionSettings });
  return (
    <section className="ops-settings-form" aria-label={t('regions.title')}>
      <h2>{t('regions.title')}</h2>
      <p className="muted">{t('regions.intro')}</p>
      {settings.isError ? (
        <p className="field-error" role="alert">
          {opsErrorText(settings.error)}
        </p>
      ) : null}
      {settings.data ? <RegionsForm current={settings.data} /> : null}
    </section>
  );
}

/** Saves the form once it parses; an answer that refuses it shows under the form. */
function useSaveRegions() {
  const { t } = useTranslation('ops');
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: updateRegionSettings,
    onSuccess: () => {
      toastSuccess(t('regions.saved'));
      void queryClient.invalidateQueries({ queryKey: regionSettingsKey });
    },
    onError: (failure) => setError(opsErrorText(failure)),
  });

  const submit = (form: Form) => {
    setError(null);
    const parsed = regionSettingsSchema.safeParse({
      allowedCountries: codesOf(form.allowedCountries),
      blockedCountries: codesOf(form.blockedCountries),
      blockedStates: form.blockedStates,
      blockUnknownAddress: form.blockUnknownAddress,
    });
    if (!parsed.success) {
      setError(t('regions.invalid'));
      return;
    }
    save.mutate(parsed.data);
  };
  return { submit, error, saving: save.isPending };
}

function GeolocationStatus({ geolocation }: { geolocation: StaffRegionSettings['geolocation'] }) {
  const { t } = useTranslation('ops');
  return (
    <p className="muted" data-testid="geoip-status">
      {geolocation.file
        ? t('regions.file', {
            file: geolocation.file,
            ranges: geolocation.ranges,
            time: formatDateTime(geolocation.loadedAt),
          })
        : t('regions.noFile')}
    </p>
  );
}

interface FormProps {
  form: Form;
  setForm: (form: Form) => void;
}

function CountriesFieldset({ form, setForm }: FormProps) {
  const { t } = useTranslation('ops');
  return (
    <fieldset>
      <Field label={t('regions.allowedCountries')}>
        <input
          value={form.allowedCountries}
          placeholder="IN, NP"
          onChange={(change) => setForm({ ...form, allowedCountries: change.target.value })}
        />
      </Field>
      <Field label={t('regions.blockedCountries')}>
        <input
          value={form.blockedCountries}
          onChange={(change) => setForm({ ...form, blockedCountries: change.target.value })}
        />
      </Field>
      <p className="muted">{t('regions.countriesHint')}</p>
      <label className="ops-check">
        <input
          type="checkbox"
          checked={form.blockUnknownAddress}
          onChange={(change) => setForm({ ...form, blockUnknownAddress: change.target.checked })}
        />
        <span>{t('regions.blockUnknown')}</span>
      </label>
    </fieldset>
  );
}

function BlockedStatesFieldset({ form, setForm }: FormProps) {
  const { t } = useTranslation('ops');
  const { t: tr } = useTranslation();
  const toggleState = (code: IndianStateCode, on: boolean) =>
    setForm({
      ...form,
      blockedStates: on
        ? [...form.blockedStates, code]
        : form.blockedStates.filter((state) => state !== code),
    });
  return (
    <fieldset>
      <legend>{t('regions.blockedStates')}</legend>
      {INDIAN_STATE_CODES.map((code) => (
        <label key={code} className="ops-check">
          <input
            type="checkbox"
            checked={form.blockedStates.includes(code)}
            onChange={(change) => toggleState(code, change.target.checked)}
          />
          <span>{tr(`regions.states.${code}`)}</span>
        </label>
      ))}
    </fieldset>
  );
}

function RegionsForm({ current }: { current: StaffRegionSettings }) {
  const { t } = useTranslation('ops');
  const [form, setForm] = useState<Form>(() => formOf(current));
  const { submit, error, saving } = useSaveRegions();
  useEffect(() => setForm(formOf(current)), [current]);

  return (
    <form
      onSubmit={(submitted: FormEvent) => {
        submitted.preventDefault();
        submit(form);
      }}
      noValidate
      aria-label={t('regions.title')}
    >
      <GeolocationStatus geolocation={current.geolocation} />
      <CountriesFieldset form={form} setForm={setForm} />
      <BlockedStatesFieldset form={form} setForm={setForm} />
      <FormFeedback notice={null} error={error} />
      <div className="actions">
        <button type="submit" className="primary" disabled={saving}>
          {t('regions.save')}
        </button>
      </div>
    </form>
  );
}
