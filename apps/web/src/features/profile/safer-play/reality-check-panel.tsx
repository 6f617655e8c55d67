import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { formatDateTime } from '@spm/client';
import type { RealityCheckSettings } from '@spm/contract';
import {
  useRealityCheckSettings,
  useSaveRealityCheckSettings,
} from '@/shared/api/reality-check-api';
import { SESSION_TIME_ANCHOR } from '@/shared/safer-play/limits-section';
import { Field } from '@/shared/ui/field';
import { PageLoader } from '@/shared/ui/page-loader';

/** The intervals offered (the server takes any whole minute from 15 to 120). */
const INTERVALS = [15, 30, 45, 60, 90, 120] as const;
/** The session time limits offered (the server takes 15 minutes to 24 hours). */
const LIMITS = [15, 30, 60, 90, 120, 180, 240, 360, 480, 720, 1440] as const;

const toValue = (minutes: number | null) => (minutes === null ? '' : String(minutes));
const fromValue = (value: string) => (value === '' ? null : Number(value));

function MinutesSelect({
  label,
  hint,
  value,
  options,
  onChange,
  disabled,
  testId,
}: {
  label: string;
  hint: string;
  value: number | null;
  options: readonly number[];
  onChange: (minutes: number | null) => void;
  disabled: boolean;
  testId: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  const text = (minutes: number) =>
    minutes >= 60 && minutes % 60 === 0
      ? minutes === 60
        ? t('saferPlaySessions.optionOneHour')
        : t('saferPlaySessions.optionHours', { hours: minutes / 60 })
      : t('saferPlaySessions.optionMinutes', { minutes });
  return (
    <Field id={id} label={label} hint={hint}>
      <select
        id={id}
        className="form-field__select"
        value={toValue(value)}
        disabled={disabled}
        onChange={(event) => onChange(fromValue(event.target.value))}
        data-testid={testId}
      >
        <option value="">{t('saferPlaySessions.off')}</option>
        {options.map((minutes) => (
          <option key={minutes} value={minutes}>
            {text(minutes)}
          </option>
        ))}
      </select>
    </Field>
  );
}

function RealityCheckForm({ settings }: { settings: RealityCheckSettings }) {
  const { t, i18n } = useTranslation();
  const save = useSaveRealityCheckSettings();
  const [interval, setInterval] = useState(settings.realityCheckMinutes);
  const [limit, setLimit] = useState(settings.sessionLimitMinutes);
  const [busy, setBusy] = useState(false);
  const changed =
    interval !== settings.realityCheckMinutes || limit !== settings.sessionLimitMinutes;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!changed) return;
    setBusy(true);
    const saved = await save({ realityCheckMinutes: interval, sessionLimitMinutes: limit });
    setBusy(false);
    if (saved) toast.success(t('saferPlaySessions.saved'));
  };

  return (
    <form className="auth-form" onSubmit={(event) => void onSubmit(event)} noValidate>
      <MinutesSelect
        label={t('saferPlaySessions.intervalLabel')}
        hint={t('saferPlaySessions.intervalHint')}
        value={interval}
        options={INTERVALS}
        onChange={setInterval}
        disabled={busy}
        testId="reality-check-interval"
      />
      <MinutesSelect
        label={t('saferPlaySessions.limitLabel')}
        hint={t('saferPlaySessions.limitHint')}
        value={limit}
        options={LIMITS}
        onChange={setLimit}
        disabled={busy}
        testId="session-limit"
      />
      <p className="page__muted" data-testid="session-times">
        {t('saferPlaySessions.sessionTimes', {
          started: formatDateTime(settings.sessionStartedAt, i18n.language),
          ends: formatDateTime(settings.sessionEndsAt, i18n.language),
        })}
      </p>
      <button
        type="submit"
        className="button button--primary"
        disabled={busy || !changed}
        aria-busy={busy}
        data-testid="reality-check-save"
      >
        {t('saferPlaySessions.save')}
      </button>
    </form>
  );
}

/**
 * Safer play in /profile (issue 42 item 4): the reality-check interval and the session time
 * limit. The figures the checks show and the limit's end are the server's.
 */
export function RealityCheckPanel() {
  const { t } = useTranslation();
  const { data, isError } = useRealityCheckSettings();
  return (
    <section
      className="profile-card"
      id={SESSION_TIME_ANCHOR}
      aria-labelledby="reality-check-title"
    >
      <h2 id="reality-check-title" className="profile-card__title">
        {t('saferPlaySessions.panelTitle')}
      </h2>
      {data ? (
        // Remount when the saved settings change so the form starts from them.
        <RealityCheckForm
          key={`${data.realityCheckMinutes}|${data.sessionLimitMinutes}|${data.sessionEndsAt}`}
          settings={data}
        />
      ) : isError ? (
        <p className="page__muted" role="alert">
          {t('saferPlaySessions.loadError')}
        </p>
      ) : (
        <PageLoader />
      )}
    </section>
  );
}
