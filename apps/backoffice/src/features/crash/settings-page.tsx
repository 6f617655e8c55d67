import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { StaffCrashSettings } from '@spm/contract';
import { formatDateTime } from '@spm/client';
import {
  ConfirmDialog,
  Field,
  opsErrorText,
  StatusBadge,
  toastSuccess,
} from '../../shared/ui/index.ts';
import { crashKeys, fetchCrashSettings, saveCrashSettings, setCrashPaused } from './api.ts';
import { checkSettings, type SettingsDraft, type SettingsProblems } from './lib.ts';
import './crash.css';

const FIELDS: readonly { name: keyof SettingsDraft; label: string }[] = [
  { name: 'houseEdgePercent', label: 'crash.settings.houseEdge' },
  { name: 'maxMultiplier', label: 'crash.settings.maxMultiplier' },
  { name: 'minStake', label: 'crash.settings.minStake' },
  { name: 'maxStakePerRound', label: 'crash.settings.maxStakePerRound' },
  { name: 'maxReturn', label: 'crash.settings.maxReturn' },
];

const draftOf = (settings: StaffCrashSettings): SettingsDraft => ({
  houseEdgePercent: String(settings.houseEdgePercent),
  maxMultiplier: String(settings.maxMultiplier),
  minStake: String(settings.minStake),
  maxStakePerRound: String(settings.maxStakePerRound),
  maxReturn: String(settings.maxReturn),
});

/** The game's settings (from the next round) and its pause switch, each confirmed. */
export function CrashSettingsPage() {
  const { t } = useTranslation();
  const settings = useQuery({ queryKey: crashKeys.settings, queryFn: fetchCrashSettings });
  return (
    <section className="page">
      <div className="page-head">
        <h1>{t('crash.settings.title')}</h1>
      </div>
      {settings.isError ? (
        <p className="field-error" role="alert">
          {opsErrorText(settings.error)}
        </p>
      ) : null}
      {settings.data ? (
        <>
          <PauseSwitch settings={settings.data} />
          <SettingsForm key={JSON.stringify(draftOf(settings.data))} settings={settings.data} />
        </>
      ) : settings.isPending ? (
        <p className="muted">{t('ui.loading')}</p>
      ) : null}
    </section>
  );
}

function PauseSwitch({ settings }: { settings: StaffCrashSettings }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [asking, setAsking] = useState(false);
  const change = useMutation({
    mutationFn: () => setCrashPaused(!settings.paused),
    onSuccess: (updated) => {
      client.setQueryData(crashKeys.settings, updated);
      setAsking(false);
      toastSuccess(t(updated.paused ? 'crash.settings.pausedNow' : 'crash.settings.resumedNow'));
    },
  });
  const action = settings.paused ? 'resume' : 'pause';
  return (
    <div className="crash-status" data-testid="crash-status">
      <span>{t('crash.settings.status')}</span>
      <StatusBadge
        status={settings.paused ? 'paused' : 'running'}
        tone={settings.paused ? 'warn' : 'good'}
        label={t(settings.paused ? 'crash.settings.paused' : 'crash.settings.running')}
      />
      <button
        type="button"
        className={settings.paused ? 'primary' : 'danger'}
        onClick={() => {
          change.reset();
          setAsking(true);
        }}
      >
        {t(`crash.settings.${action}`)}
      </button>
      <ConfirmDialog
        open={asking}
        title={t(`crash.settings.${action}Title`)}
        message={
          <>
            {t(`crash.settings.${action}Message`)}
            {change.isError ? (
              <span className="field-error" role="alert">
                {' '}
                {opsErrorText(change.error)}
              </span>
            ) : null}
          </>
        }
        confirmLabel={t(`crash.settings.${action}`)}
        danger={!settings.paused}
        busy={change.isPending}
        onConfirm={() => change.mutate()}
        onCancel={() => setAsking(false)}
      />
    </div>
  );
}

function SettingsForm({ settings }: { settings: StaffCrashSettings }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [draft, setDraft] = useState<SettingsDraft>(() => draftOf(settings));
  const [problems, setProblems] = useState<SettingsProblems>({});
  const save = useMutation({
    mutationFn: saveCrashSettings,
    onSuccess: (updated) => {
      client.setQueryData(crashKeys.settings, updated);
      toastSuccess(
        updated.roundInProgressId
          ? t('crash.settings.savedWithRound', { id: updated.roundInProgressId })
          : t('crash.settings.saved'),
      );
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkSettings(draft);
    if (checked.problems) {
      setProblems(checked.problems);
      return;
    }
    setProblems({});
    save.mutate(checked.body);
  };
  return (
    <form onSubmit={submit} aria-label={t('crash.settings.formLabel')} noValidate>
      <p className="crash-note" role="note">
        {t('crash.settings.applyNote')}
      </p>
      <div className="crash-form">
        {FIELDS.map(({ name, label }) => {
          const problem = problems[name];
          return (
            <Field
              key={name}
              label={t(label)}
              error={problem ? t(problem.key, problem.values) : null}
            >
              <input
                inputMode="decimal"
                value={draft[name]}
                aria-invalid={problem ? true : undefined}
                onChange={(event) => setDraft({ ...draft, [name]: event.target.value })}
              />
            </Field>
          );
        })}
      </div>
      <p className="muted">
        {settings.updatedBy
          ? t('crash.settings.updated', {
              at: formatDateTime(settings.updatedAt),
              by: settings.updatedBy,
            })
          : t('crash.settings.neverChanged')}
      </p>
      {save.isError ? (
        <p className="field-error" role="alert">
          {opsErrorText(save.error)}
        </p>
      ) : null}
      <button type="submit" className="primary" disabled={save.isPending}>
        {t('crash.settings.save')}
      </button>
    </form>
  );
}
