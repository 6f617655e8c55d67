import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import {
  LANGUAGE_NAMES,
  NOTIFICATION_STATUSES,
  TRANSLATED_LANGUAGES,
  staffBroadcastBodySchema,
  type NotificationTranslations,
} from '@spm/contract';
import type { z } from 'zod';
import { ConfirmDialog, Field, FormFeedback, opsErrorText } from '../../shared/ui/index.ts';
import { sendBroadcast } from './api.ts';
import './settings.css';
import { TranslationFields, draftsOf, translationsOf } from './translation-fields.tsx';

type Body = z.infer<typeof staffBroadcastBodySchema>;
type Status = (typeof NOTIFICATION_STATUSES)[number];
type Drafts = ReturnType<typeof draftsOf>;

/**
 * The title and message per other language: a language with both; one with a single of the
 * two is named in `halfDone` (the API takes both or neither).
 */
function broadcastTranslations(titles: Drafts, messages: Drafts) {
  const title = translationsOf(titles);
  const message = translationsOf(messages);
  const translations: NotificationTranslations = {};
  const halfDone: string[] = [];
  for (const language of TRANSLATED_LANGUAGES) {
    const [head, body] = [title[language], message[language]];
    if (head !== undefined && body !== undefined)
      translations[language] = { title: head, message: body };
    else if (head !== undefined || body !== undefined) halfDone.push(LANGUAGE_NAMES[language]);
  }
  return { translations, halfDone };
}

interface BroadcastForm {
  target: 'all' | 'player';
  playerId: string;
  title: string;
  message: string;
  titles: Drafts;
  messages: Drafts;
  status: Status;
}

/** The form's problems by field, and the body to send when there are none. */
function checkBroadcast(
  t: TFunction<'ops'>,
  form: BroadcastForm,
): { found: Record<string, string>; body: Body | null } {
  const found: Record<string, string> = {};
  if (form.target === 'player' && !/^\d{1,18}$/.test(form.playerId.trim())) {
    found.playerId = t('settings.broadcast.playerIdRequired');
  }
  const { translations, halfDone } = broadcastTranslations(form.titles, form.messages);
  if (halfDone.length > 0) {
    found.translations = t('settings.broadcast.invalid.translations', {
      languages: halfDone.join(', '),
    });
  }
  const parsed = staffBroadcastBodySchema.safeParse({
    target:
      form.target === 'all' ? { kind: 'all' } : { kind: 'player', playerId: form.playerId.trim() },
    title: form.title,
    message: form.message,
    translations,
    status: form.status,
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0] ?? '');
      if (key === 'title' || key === 'message') found[key] = t(`settings.broadcast.invalid.${key}`);
    }
  }
  const ok = parsed.success && Object.keys(found).length === 0;
  return { found, body: ok ? parsed.data : null };
}

/** Who gets it: every player, or one by id. */
function TargetFields(props: {
  target: 'all' | 'player';
  onTarget: (target: 'all' | 'player') => void;
  playerId: string;
  onPlayerId: (playerId: string) => void;
  error: string | undefined;
}) {
  const { t } = useTranslation('ops');
  return (
    <fieldset>
      <legend>{t('settings.broadcast.to')}</legend>
      <label className="ops-check">
        <input
          type="radio"
          name="target"
          checked={props.target === 'all'}
          onChange={() => props.onTarget('all')}
        />
        {t('settings.broadcast.all')}
      </label>
      <label className="ops-check">
        <input
          type="radio"
          name="target"
          checked={props.target === 'player'}
          onChange={() => props.onTarget('player')}
        />
        {t('settings.broadcast.onePlayer')}
      </label>
      {props.target === 'player' ? (
        <Field label={t('settings.broadcast.playerId')} error={props.error}>
          <input
            inputMode="numeric"
            value={props.playerId}
            onChange={(change) => props.onPlayerId(change.target.value)}
          />
        </Field>
      ) : null}
    </fieldset>
  );
}

/** What it says: the title and message in English and the other languages, and its kind. */
function ContentFields({
  form,
  set,
  problems,
}: {
  form: Pick<BroadcastForm, 'title' | 'message' | 'titles' | 'messages' | 'status'>;
  set: {
    setTitle: (title: string) => void;
    setMessage: (message: string) => void;
    setTitles: (drafts: Drafts) => void;
    setMessages: (drafts: Drafts) => void;
    setStatus: (status: Status) => void;
  };
  problems: Record<string, string>;
}) {
  const { t } = useTranslation('ops');
  return (
    <fieldset>
      <legend>{t('settings.broadcast.content')}</legend>
      <Field label={t('settings.broadcast.titleField')} error={problems.title}>
        <input
          value={form.title}
          maxLength={100}
          onChange={(change) => set.setTitle(change.target.value)}
        />
      </Field>
      <Field label={t('settings.broadcast.message')} error={problems.message}>
        <textarea
          rows={3}
          maxLength={500}
          value={form.message}
          onChange={(change) => set.setMessage(change.target.value)}
        />
      </Field>
      <TranslationFields
        label={t('settings.broadcast.titleField')}
        drafts={form.titles}
        onChange={set.setTitles}
        maxLength={100}
      />
      <TranslationFields
        label={t('settings.broadcast.message')}
        drafts={form.messages}
        onChange={set.setMessages}
        multiline
        maxLength={500}
      />
      {problems.translations ? (
        <p className="field-error" role="alert">
          {problems.translations}
        </p>
      ) : null}
      <Field label={t('settings.broadcast.status')}>
        <select
          value={form.status}
          onChange={(change) => set.setStatus(change.target.value as Status)}
        >
          {NOTIFICATION_STATUSES.map((value) => (
            <option key={value} value={value}>
              {t(`status.${value}`)}
            </option>
          ))}
        </select>
      </Field>
    </fieldset>
  );
}

/** A notification (stored, and toasted to whoever is online) to every player or to one. */
export function BroadcastPage() {
  const { t } = useTranslation('ops');
  const [target, setTarget] = useState<'all' | 'player'>('all');
  const [playerId, setPlayerId] = useState('');
  const [title, setTitle] = useState('');
  const [message, setMessage] = useState('');
  const [titles, setTitles] = useState(draftsOf(undefined));
  const [messages, setMessages] = useState(draftsOf(undefined));
  const [status, setStatus] = useState<Status>('info');
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [pending, setPending] = useState<Body | null>(null);
  const [sent, setSent] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  const send = useMutation({
    mutationFn: sendBroadcast,
    onSuccess: (answer) => {
      setSent(answer.recipients);
      setTitle('');
      setMessage('');
      setTitles(draftsOf(undefined));
      setMessages(draftsOf(undefined));
    },
    onError: (failure) => setError(opsErrorText(failure)),
    onSettled: () => setPending(null),
  });

  const submit = (submitted: FormEvent) => {
    submitted.preventDefault();
    setSent(null);
    setError(null);
    const { found, body } = checkBroadcast(t, {
      target,
      playerId,
      title,
      message,
      titles,
      messages,
      status,
    });
    setProblems(found);
    if (body) setPending(body);
  };

  return (
    <section className="page">
      <h1>{t('settings.broadcast.title')}</h1>
      <form
        className="ops-settings-form"
        onSubmit={submit}
        noValidate
        aria-label={t('settings.broadcast.title')}
      >
        <TargetFields
          target={target}
          onTarget={setTarget}
          playerId={playerId}
          onPlayerId={setPlayerId}
          error={problems.playerId}
        />
        <ContentFields
          form={{ title, message, titles, messages, status }}
          set={{ setTitle, setMessage, setTitles, setMessages, setStatus }}
          problems={problems}
        />
        {sent !== null ? (
          <p className="ops-success" role="status">
            {t('settings.broadcast.sent', { count: sent })}
          </p>
        ) : null}
        <FormFeedback error={error} />
        <div className="actions">
          <button type="submit" className="primary" disabled={send.isPending}>
            {t('settings.broadcast.send')}
          </button>
        </div>
      </form>
      <ConfirmDialog
        open={pending !== null}
        title={t('settings.broadcast.confirmTitle')}
        message={
          pending?.target.kind === 'player'
            ? t('settings.broadcast.confirmOne', { playerId: pending.target.playerId })
            : t('settings.broadcast.confirmAll')
        }
        confirmLabel={t('settings.broadcast.send')}
        busy={send.isPending}
        onConfirm={() => pending && send.mutate(pending)}
        onCancel={() => setPending(null)}
      />
    </section>
  );
}
