import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
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
    const found: Record<string, string> = {};
    if (target === 'player' && !/^\d{1,18}$/.test(playerId.trim())) {
      found.playerId = t('settings.broadcast.playerIdRequired');
    }
    const { translations, halfDone } = broadcastTranslations(titles, messages);
    if (halfDone.length > 0) {
      found.translations = t('settings.broadcast.invalid.translations', {
        languages: halfDone.join(', '),
      });
    }
    const parsed = staffBroadcastBodySchema.safeParse({
      target: target === 'all' ? { kind: 'all' } : { kind: 'player', playerId: playerId.trim() },
      title,
      message,
      translations,
      status,
    });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0] ?? '');
        if (key === 'title' || key === 'message')
          found[key] = t(`settings.broadcast.invalid.${key}`);
      }
    }
    setProblems(found);
    if (Object.keys(found).length > 0 || !parsed.success) return;
    setPending(parsed.data);
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
        <fieldset>
          <legend>{t('settings.broadcast.to')}</legend>
          <label className="ops-check">
            <input
              type="radio"
              name="target"
              checked={target === 'all'}
              onChange={() => setTarget('all')}
            />
            {t('settings.broadcast.all')}
          </label>
          <label className="ops-check">
            <input
              type="radio"
              name="target"
              checked={target === 'player'}
              onChange={() => setTarget('player')}
            />
            {t('settings.broadcast.onePlayer')}
          </label>
          {target === 'player' ? (
            <Field label={t('settings.broadcast.playerId')} error={problems.playerId}>
              <input
                inputMode="numeric"
                value={playerId}
                onChange={(change) => setPlayerId(change.target.value)}
              />
            </Field>
          ) : null}
        </fieldset>
        <fieldset>
          <legend>{t('settings.broadcast.content')}</legend>
          <Field label={t('settings.broadcast.titleField')} error={problems.title}>
            <input
              value={title}
              maxLength={100}
              onChange={(change) => setTitle(change.target.value)}
            />
          </Field>
          <Field label={t('settings.broadcast.message')} error={problems.message}>
            <textarea
              rows={3}
              maxLength={500}
              value={message}
              onChange={(change) => setMessage(change.target.value)}
            />
          </Field>
          <TranslationFields
            label={t('settings.broadcast.titleField')}
            drafts={titles}
            onChange={setTitles}
            maxLength={100}
          />
          <TranslationFields
            label={t('settings.broadcast.message')}
            drafts={messages}
            onChange={setMessages}
            multiline
            maxLength={500}
          />
          {problems.translations ? (
            <p className="field-error" role="alert">
              {problems.translations}
            </p>
          ) : null}
          <Field label={t('settings.broadcast.status')}>
            <select value={status} onChange={(change) => setStatus(change.target.value as Status)}>
              {NOTIFICATION_STATUSES.map((value) => (
                <option key={value} value={value}>
                  {t(`status.${value}`)}
                </option>
              ))}
            </select>
          </Field>
        </fieldset>
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
