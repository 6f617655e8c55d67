import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { SPORT_IDS, staffEventCreateBodySchema } from '@spm/contract';
import { Field, ModalForm, opsErrorText, toastSuccess } from '../../../shared/ui/index.ts';
import { answerId, createEvent, sportsKeys } from '../api.ts';
import { fromLocalInput, issuesByField } from '../lib.ts';

const EMPTY = {
  sportId: String(SPORT_IDS.cricket),
  competitionName: '',
  homeTeam: '',
  awayTeam: '',
  startTime: '',
  liveTvUrl: '',
};

/** A new event with its competition (created when new), teams, start and live TV address. */
export function EventCreateDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('ops');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [form, setForm] = useState(EMPTY);
  const [invalid, setInvalid] = useState<Record<string, true>>({});
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (open) {
      setForm(EMPTY);
      setInvalid({});
      setError(null);
    }
  }, [open]);

  const create = useMutation({
    mutationFn: createEvent,
    onSuccess: (answer) => {
      toastSuccess(t('sports.event.created'));
      void queryClient.invalidateQueries({ queryKey: sportsKeys.all });
      onClose();
      const id = answerId(answer);
      if (id) void navigate(`/sports/${id}`);
    },
    onError: (failure) => setError(opsErrorText(failure)),
  });

  const set = (key: keyof typeof EMPTY) => (value: string) =>
    setForm((current) => ({ ...current, [key]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = staffEventCreateBodySchema.safeParse({
      sportId: Number(form.sportId),
      competitionName: form.competitionName,
      homeTeam: form.homeTeam,
      awayTeam: form.awayTeam,
      startTime: fromLocalInput(form.startTime),
      liveTvUrl: form.liveTvUrl.trim() ? form.liveTvUrl.trim() : undefined,
    });
    if (!parsed.success) {
      setInvalid(issuesByField(parsed.error));
      return;
    }
    setInvalid({});
    setError(null);
    create.mutate(parsed.data);
  };

  const fieldError = (key: string) => (invalid[key] ? t(`sports.validation.${key}`) : null);

  return (
    <ModalForm
      open={open}
      title={t('sports.event.createTitle')}
      onClose={onClose}
      onSubmit={submit}
      error={error}
      busy={create.isPending}
      submitLabel={t('sports.event.create')}
    >
      <Field label={t('sports.event.sport')}>
        <select value={form.sportId} onChange={(event) => set('sportId')(event.target.value)}>
          {Object.entries(SPORT_IDS).map(([name, id]) => (
            <option key={id} value={id}>
              {t(`sports.sportNames.${name}`)}
            </option>
          ))}
        </select>
      </Field>
      <Field label={t('sports.event.competition')} error={fieldError('competitionName')}>
        <input
          value={form.competitionName}
          onChange={(event) => set('competitionName')(event.target.value)}
        />
      </Field>
      <Field label={t('sports.event.homeTeam')} error={fieldError('homeTeam')}>
        <input value={form.homeTeam} onChange={(event) => set('homeTeam')(event.target.value)} />
      </Field>
      <Field label={t('sports.event.awayTeam')} error={fieldError('awayTeam')}>
        <input value={form.awayTeam} onChange={(event) => set('awayTeam')(event.target.value)} />
      </Field>
      <Field label={t('sports.event.startTime')} error={fieldError('startTime')}>
        <input
          type="datetime-local"
          value={form.startTime}
          onChange={(event) => set('startTime')(event.target.value)}
        />
      </Field>
      <Field label={t('sports.event.liveTvUrl')} error={fieldError('liveTvUrl')}>
        <input
          type="url"
          placeholder="https://"
          value={form.liveTvUrl}
          onChange={(event) => set('liveTvUrl')(event.target.value)}
        />
      </Field>
    </ModalForm>
  );
}
