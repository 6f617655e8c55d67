import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { EVENT_STATUSES, staffEventUpdateBodySchema, type StaffEvent } from '@spm/contract';
import {
  ConfirmDialog,
  Field,
  FormFeedback,
  opsErrorText,
  toastSuccess,
} from '../../../shared/ui/index.ts';
import { sportsKeys, updateEvent } from '../api.ts';
import { fromLocalInput, issuesByField, toLocalInput } from '../lib.ts';

interface EventForm {
  homeTeam: string;
  awayTeam: string;
  startTime: string;
  status: string;
  liveTvUrl: string;
}

function formOf(event: StaffEvent): EventForm {
  return {
    homeTeam: event.homeTeam,
    awayTeam: event.awayTeam,
    startTime: toLocalInput(event.startTime),
    status: event.status,
    liveTvUrl: event.liveTvUrl ?? '',
  };
}

/** Only what changed goes to PATCH /staff/events/{id}; closing the event asks first. */
export function EventEditForm({ event }: { event: StaffEvent }) {
  const { t } = useTranslation('ops');
  const queryClient = useQueryClient();
  const [form, setForm] = useState<EventForm>(() => formOf(event));
  const [invalid, setInvalid] = useState<Record<string, true>>({});
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [pending, setPending] = useState<Record<string, unknown> | null>(null);

  // The page refetches the event every few seconds (exposure moves); only a change of the
  // saved fields themselves may replace what the staff member is typing.
  const saved = JSON.stringify(formOf(event));
  useEffect(() => setForm(JSON.parse(saved) as EventForm), [saved]);

  const save = useMutation({
    mutationFn: (body: Record<string, unknown>) => updateEvent(event.id, body),
    onSuccess: () => {
      toastSuccess(t('sports.event.saved'));
      void queryClient.invalidateQueries({ queryKey: sportsKeys.all });
    },
    onError: (failure) => setError(opsErrorText(failure)),
    onSettled: () => setPending(null),
  });

  const set = (key: keyof EventForm) => (value: string) =>
    setForm((current) => ({ ...current, [key]: value }));

  const submit = (submitted: FormEvent) => {
    submitted.preventDefault();
    const original = formOf(event);
    const changes: Record<string, unknown> = {};
    if (form.homeTeam !== original.homeTeam) changes.homeTeam = form.homeTeam;
    if (form.awayTeam !== original.awayTeam) changes.awayTeam = form.awayTeam;
    if (form.startTime !== original.startTime) changes.startTime = fromLocalInput(form.startTime);
    if (form.status !== original.status) changes.status = form.status;
    if (form.liveTvUrl.trim() !== original.liveTvUrl) {
      changes.liveTvUrl = form.liveTvUrl.trim() ? form.liveTvUrl.trim() : null;
    }
    setError(null);
    if (Object.keys(changes).length === 0) {
      setNotice(t('common.nothingChanged'));
      return;
    }
    setNotice(null);
    const parsed = staffEventUpdateBodySchema.safeParse(changes);
    if (!parsed.success) {
      setInvalid(issuesByField(parsed.error));
      return;
    }
    setInvalid({});
    if (parsed.data.status === 'closed') setPending(parsed.data);
    else save.mutate(parsed.data);
  };

  const fieldError = (key: string) => (invalid[key] ? t(`sports.validation.${key}`) : null);

  return (
    <form
      className="ops-form-grid"
      onSubmit={submit}
      noValidate
      aria-label={t('sports.event.editTitle')}
    >
      <Field label={t('sports.event.homeTeam')} error={fieldError('homeTeam')}>
        <input value={form.homeTeam} onChange={(change) => set('homeTeam')(change.target.value)} />
      </Field>
      <Field label={t('sports.event.awayTeam')} error={fieldError('awayTeam')}>
        <input value={form.awayTeam} onChange={(change) => set('awayTeam')(change.target.value)} />
      </Field>
      <Field label={t('sports.event.startTime')} error={fieldError('startTime')}>
        <input
          type="datetime-local"
          value={form.startTime}
          onChange={(change) => set('startTime')(change.target.value)}
        />
      </Field>
      <Field label={t('sports.event.status')}>
        <select value={form.status} onChange={(change) => set('status')(change.target.value)}>
          {EVENT_STATUSES.map((status) => (
            <option key={status} value={status}>
              {t(`status.${status}`)}
            </option>
          ))}
        </select>
      </Field>
      <Field label={t('sports.event.liveTvUrl')} error={fieldError('liveTvUrl')}>
        <input
          type="url"
          placeholder="https://"
          value={form.liveTvUrl}
          onChange={(change) => set('liveTvUrl')(change.target.value)}
        />
      </Field>
      <div className="actions">
        <button type="submit" className="primary" disabled={save.isPending}>
          {t('common.save')}
        </button>
      </div>
      <FormFeedback notice={notice} error={error} />
      <ConfirmDialog
        open={pending !== null}
        title={t('sports.event.closeTitle')}
        message={t('sports.event.closeEffect')}
        confirmLabel={t('sports.event.closeConfirm')}
        danger
        busy={save.isPending}
        onConfirm={() => pending && save.mutate(pending)}
        onCancel={() => setPending(null)}
      />
    </form>
  );
}
