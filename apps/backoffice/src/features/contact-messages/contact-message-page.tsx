import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import {
  CONTACT_ANSWER_MAX,
  staffContactMessageSchema,
  type StaffContactMessage,
} from '@spm/contract';
import { formatDateTime } from '@spm/client';
import { staffRequest } from '../../shared/api.ts';
import {
  ConfirmDialog,
  Field,
  StatusBadge,
  errorText,
  toastError,
  toastSuccess,
} from '../../shared/ui/index.ts';
import { CONTACT_BADGE, senderName } from './contact-messages-page.tsx';

const messageKey = (id: string) => ['contact-messages', 'one', id] as const;

/** Writes the answer into the cache and refreshes the lists. */
function useMessageWrite(id: string, path: 'answer' | 'close', done: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (data: { answer: string } | undefined) =>
      staffRequest(staffContactMessageSchema, {
        url: `/staff/contact/messages/${id}/${path}`,
        method: 'POST',
        data,
      }),
    onSuccess: async (message) => {
      client.setQueryData(messageKey(id), message);
      toastSuccess(done);
      await client.invalidateQueries({ queryKey: ['contact-messages', 'list'] });
    },
    onError: (error) => toastError(error),
  });
}

/** Who wrote, and how staff reach them: in the app, or by email or phone outside it. */
function Sender({ message }: { message: StaffContactMessage }) {
  const { t } = useTranslation();
  return (
    <div className="panel stack" data-testid="contact-sender">
      <div>
        <strong>{t('contactMessages.from')}:</strong>{' '}
        {message.playerId !== null ? (
          <Link to={`/players/${message.playerId}`}>
            {message.username} <span className="muted">#{message.playerId}</span>
          </Link>
        ) : (
          senderName(message, t)
        )}
      </div>
      {message.email ? <div>{message.email}</div> : null}
      {message.mobile ? <div>{message.mobile}</div> : null}
      <p className="notice" data-testid="contact-reply-by">
        {t(`contactMessages.replyHint.${message.replyBy}`, {
          email: message.email ?? '',
          mobile: message.mobile ?? '',
        })}
      </p>
    </div>
  );
}

function AnswerForm({ message }: { message: StaffContactMessage }) {
  const { t } = useTranslation();
  const [answer, setAnswer] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const save = useMessageWrite(message.id, 'answer', t('contactMessages.answerSaved'));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = answer.trim();
    if (text === '' || text.length > CONTACT_ANSWER_MAX) {
      setProblem(t('contactMessages.answerLength', { max: CONTACT_ANSWER_MAX }));
      return;
    }
    setProblem(null);
    save.mutate({ answer: text });
  };
  const label =
    message.replyBy === 'app' ? t('contactMessages.answer') : t('contactMessages.answerRecorded');
  return (
    <form className="panel stack" onSubmit={submit} noValidate aria-label={label}>
      <Field label={label} error={problem}>
        <textarea
          rows={5}
          maxLength={CONTACT_ANSWER_MAX}
          value={answer}
          onChange={(event) => setAnswer(event.target.value)}
          data-testid="contact-answer"
        />
      </Field>
      <div className="actions">
        <button type="submit" className="primary" disabled={save.isPending}>
          {t('contactMessages.saveAnswer')}
        </button>
      </div>
    </form>
  );
}

function CloseAction({ message }: { message: StaffContactMessage }) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const close = useMessageWrite(message.id, 'close', t('contactMessages.closedDone'));
  return (
    <>
      <button type="button" onClick={() => setConfirming(true)} data-testid="contact-close">
        {t('contactMessages.close')}
      </button>
      <ConfirmDialog
        open={confirming}
        title={t('contactMessages.close')}
        message={t(
          message.status === 'open'
            ? 'contactMessages.closeUnanswered'
            : 'contactMessages.closeAnswered',
        )}
        confirmLabel={t('contactMessages.close')}
        busy={close.isPending}
        onConfirm={() => close.mutate(undefined, { onSettled: () => setConfirming(false) })}
        onCancel={() => setConfirming(false)}
      />
    </>
  );
}

function MessageBody({ message }: { message: StaffContactMessage }) {
  const { t } = useTranslation();
  return (
    <div className="panel stack">
      <div className="muted">
        {t(`contactMessages.subjects.${message.subject}`)} · {formatDateTime(message.createdAt)}
      </div>
      <p className="break" data-testid="contact-text">
        {message.text}
      </p>
      {message.answer !== null ? (
        <div data-testid="contact-answered">
          <div className="muted">
            {t('contactMessages.answeredBy', {
              who: message.answeredBy ?? '—',
              time: formatDateTime(message.answeredAt),
            })}
          </div>
          <p className="break">{message.answer}</p>
        </div>
      ) : null}
      {message.closedAt !== null ? (
        <div className="muted">
          {t('contactMessages.closedBy', {
            who: message.closedBy ?? '—',
            time: formatDateTime(message.closedAt),
          })}
        </div>
      ) : null}
    </div>
  );
}

/** One message: the sender and how to reply, the text, the answer box, closing. */
export function ContactMessagePage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const query = useQuery({
    queryKey: messageKey(id),
    queryFn: () =>
      staffRequest(staffContactMessageSchema, { url: `/staff/contact/messages/${id}` }),
  });
  const message = query.data;
  return (
    <div className="page">
      <div className="page-head">
        <h1>{t('contactMessages.messageTitle', { id })}</h1>
        {message ? (
          <StatusBadge
            status={CONTACT_BADGE[message.status]}
            label={t(`contactMessages.statuses.${message.status}`)}
          />
        ) : null}
        <div className="actions">
          {message && message.status !== 'closed' ? <CloseAction message={message} /> : null}
          <Link to="/queues/contact">{t('contactMessages.back')}</Link>
        </div>
      </div>
      {query.isError ? (
        <p className="field-error" role="alert">
          {errorText(query.error)}
        </p>
      ) : null}
      {message ? (
        <>
          <Sender message={message} />
          <MessageBody message={message} />
          {message.status === 'open' ? <AnswerForm message={message} /> : null}
        </>
      ) : null}
    </div>
  );
}
