import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CONTACT_SUBJECTS,
  CONTACT_TEXT_MAX,
  CONTACT_TEXT_MIN,
  CONTACT_NAME_MAX,
  type ContactSubject,
} from '@spm/contract';
import { formatIndiaDateTime } from '@spm/core';
import { useAuthStore } from '@/shared/stores/auth-store';
import { Field, describedBy } from '@/shared/ui/field';
import { FormError, PhoneField, TextField } from '@/shared/ui/form-controls';
import { useIsDemo } from '@/shared/ui/demo-notice';
import { useOwnContactMessages, useSendContactMessage } from './contact-api';
import {
  contactBody,
  contactErrors,
  serverErrors,
  type ContactDraft,
  type ContactErrors,
} from './contact-validation';
import './contact.css';

const EMPTY_DRAFT: ContactDraft = { subject: '', text: '', name: '', email: '', phone: '' };

/**
 * The contact form of /contactus (issue 44 item 1, docs/contact-messages.md): subject and
 * message; a visitor (or a shared demo account) adds a name and an email or mobile for the
 * reply. A signed-in player also sees "Your messages" with the operator's answers.
 */
export function ContactForm() {
  const isAuth = useAuthStore((state) => state.isAuth);
  const isDemo = useIsDemo();
  const visitor = !isAuth || isDemo;
  return (
    <div className="contact" data-testid="contact">
      <ContactMessageForm visitor={visitor} />
      {visitor ? null : <OwnMessages />}
    </div>
  );
}

function useContactForm(visitor: boolean) {
  const send = useSendContactMessage();
  const [draft, setDraft] = useState<ContactDraft>(EMPTY_DRAFT);
  const [errors, setErrors] = useState<ContactErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);

  const change = (patch: Partial<ContactDraft>) => {
    setDraft((current) => ({ ...current, ...patch }));
    setSent(false);
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = contactErrors(draft, visitor);
    setErrors(found);
    setFormError(null);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    const outcome = await send(contactBody(draft, visitor));
    setBusy(false);
    if (!outcome.ok) {
      const fields = serverErrors(outcome.issues);
      setErrors(fields);
      if (Object.keys(fields).length === 0) setFormError(outcome.error);
      return;
    }
    setDraft(EMPTY_DRAFT);
    setSent(true);
  };
  return { draft, errors, formError, sent, busy, change, submit };
}

function ContactMessageForm({ visitor }: { visitor: boolean }) {
  const { t } = useTranslation();
  const form = useContactForm(visitor);
  const { draft, errors, change } = form;
  return (
    <form
      className="contact__form"
      noValidate
      onSubmit={(event) => void form.submit(event)}
      aria-labelledby="contact-form-title"
      data-testid="contact-form"
    >
      <h2 id="contact-form-title" className="contact__title">
        {t('contactForm.form.title')}
      </h2>
      {visitor ? <VisitorFields draft={draft} errors={errors} onChange={change} /> : null}
      <SubjectField
        value={draft.subject}
        error={errors.subject}
        onChange={(subject) => change({ subject })}
      />
      <MessageField value={draft.text} error={errors.text} onChange={(text) => change({ text })} />
      <FormError error={form.formError} />
      {form.sent ? (
        <p className="contact__sent" role="status" data-testid="contact-sent">
          {t(visitor ? 'contactForm.form.sentVisitor' : 'contactForm.form.sentPlayer')}
        </p>
      ) : null}
      <button
        type="submit"
        className="button button--primary"
        disabled={form.busy}
        aria-busy={form.busy}
        data-testid="contact-submit"
      >
        {t(form.busy ? 'contactForm.form.sending' : 'contactForm.form.send')}
      </button>
    </form>
  );
}

interface VisitorFieldsProps {
  draft: ContactDraft;
  errors: ContactErrors;
  onChange: (patch: Partial<ContactDraft>) => void;
}

function VisitorFields({ draft, errors, onChange }: VisitorFieldsProps) {
  const { t } = useTranslation();
  return (
    <fieldset className="contact__visitor">
      <legend className="contact__hint">{t('contactForm.form.visitorHint')}</legend>
      <TextField
        label={t('contactForm.form.name')}
        value={draft.name}
        onChange={(name) => onChange({ name })}
        error={errors.name}
        autoComplete="name"
        maxLength={CONTACT_NAME_MAX}
        testId="contact-name"
      />
      <TextField
        label={t('contactForm.form.email')}
        type="email"
        value={draft.email}
        onChange={(email) => onChange({ email })}
        error={errors.email}
        autoComplete="email"
        testId="contact-email"
      />
      <PhoneField
        label={t('contactForm.form.mobile')}
        value={draft.phone}
        onChange={(phone) => onChange({ phone })}
        error={errors.phone}
        testId="contact-mobile"
      />
    </fieldset>
  );
}

interface ControlProps<T> {
  value: T;
  error: string | undefined;
  onChange: (value: T) => void;
}

function SubjectField({ value, error, onChange }: ControlProps<ContactSubject | ''>) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <Field id={id} label={t('contactForm.form.subject')} error={error}>
      <select
        id={id}
        className="form-field__select"
        value={value}
        onChange={(event) => {
          const chosen = CONTACT_SUBJECTS.find((subject) => subject === event.target.value);
          onChange(chosen ?? '');
        }}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error)}
        data-testid="contact-subject"
      >
        <option value="">{t('contactForm.form.chooseSubject')}</option>
        {CONTACT_SUBJECTS.map((subject) => (
          <option key={subject} value={subject}>
            {t(`contactForm.subjects.${subject}`)}
          </option>
        ))}
      </select>
    </Field>
  );
}

function MessageField({ value, error, onChange }: ControlProps<string>) {
  const { t } = useTranslation();
  const id = useId();
  const hint = t('contactForm.form.messageHint', { min: CONTACT_TEXT_MIN, max: CONTACT_TEXT_MAX });
  return (
    <Field
      id={id}
      label={t('contactForm.form.message')}
      error={error}
      errorValues={{ min: CONTACT_TEXT_MIN, max: CONTACT_TEXT_MAX }}
      hint={hint}
    >
      <textarea
        id={id}
        className="form-field__input contact__textarea"
        value={value}
        maxLength={CONTACT_TEXT_MAX}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        data-testid="contact-text"
      />
    </Field>
  );
}

/** The player's messages, newest first, each with the operator's answer once there is one. */
function OwnMessages() {
  const { t, i18n } = useTranslation();
  const { data: messages, isError } = useOwnContactMessages(true);
  return (
    <section className="contact__own" aria-labelledby="contact-own-title">
      <h2 id="contact-own-title" className="contact__title">
        {t('contactForm.own.title')}
      </h2>
      {isError ? <p className="form-error">{t('contactForm.own.unavailable')}</p> : null}
      {messages?.length === 0 ? <p className="contact__hint">{t('contactForm.own.none')}</p> : null}
      <ul className="contact__list">
        {messages?.map((message) => (
          <li
            key={message.id}
            className="contact__item"
            data-testid={`contact-message-${message.id}`}
          >
            <p className="contact__meta">
              {t(`contactForm.subjects.${message.subject}`)} ·{' '}
              {formatIndiaDateTime(message.createdAt, i18n.language)} ·{' '}
              {t(`contactForm.statuses.${message.status}`)}
            </p>
            <p className="contact__text">{message.text}</p>
            {message.answer !== null ? (
              <div className="contact__answer">
                <p className="contact__meta">
                  {t('contactForm.own.answered', {
                    time: formatIndiaDateTime(message.answeredAt, i18n.language),
                  })}
                </p>
                <p className="contact__text">{message.answer}</p>
              </div>
            ) : (
              <p className="contact__hint">{t('contactForm.own.waiting')}</p>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
