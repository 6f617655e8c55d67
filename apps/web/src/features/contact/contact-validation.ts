import {
  CONTACT_FIELD_MESSAGES,
  CONTACT_NAME_MAX,
  CONTACT_TEXT_MAX,
  CONTACT_TEXT_MIN,
  type ContactMessageInput,
  type ContactSubject,
} from '@spm/contract';
import { VALIDATION_MESSAGES, parseIndianPhone } from '@spm/core';

/** What the form holds; the phone is the 12 digits with 91 of the app's phone field. */
export interface ContactDraft {
  subject: ContactSubject | '';
  text: string;
  name: string;
  email: string;
  phone: string;
}

export type ContactField = 'subject' | 'text' | 'name' | 'email' | 'phone';

/** Field -> i18n key of its problem. */
export type ContactErrors = Partial<Record<ContactField, string>>;

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function visitorErrors(draft: ContactDraft): ContactErrors {
  const errors: ContactErrors = {};
  const name = draft.name.trim();
  if (name === '') errors.name = 'contactForm.errors.nameRequired';
  else if (name.length > CONTACT_NAME_MAX) errors.name = 'contactForm.errors.nameLength';
  const email = draft.email.trim();
  if (email !== '' && !EMAIL_SHAPE.test(email)) errors.email = 'contactForm.errors.emailInvalid';
  if (draft.phone !== '' && !parseIndianPhone(draft.phone)) {
    errors.phone = 'validation.mobileRequired';
  }
  if (email === '' && draft.phone === '') errors.email = 'contactForm.errors.contactRequired';
  return errors;
}

/** The form's checks, the server's rules (the server checks again). */
export function contactErrors(draft: ContactDraft, visitor: boolean): ContactErrors {
  const errors: ContactErrors = visitor ? visitorErrors(draft) : {};
  if (draft.subject === '') errors.subject = 'contactForm.errors.subjectRequired';
  const length = draft.text.trim().length;
  if (length < CONTACT_TEXT_MIN || length > CONTACT_TEXT_MAX) {
    errors.text = 'contactForm.errors.textLength';
  }
  return errors;
}

/** The body to send: a player's subject and text; a visitor's contact too. */
export function contactBody(draft: ContactDraft, visitor: boolean): ContactMessageInput {
  const body: ContactMessageInput = {
    subject: draft.subject === '' ? 'other' : draft.subject,
    text: draft.text.trim(),
  };
  if (!visitor) return body;
  body.name = draft.name.trim();
  const email = draft.email.trim();
  if (email !== '') body.email = email;
  const phone = parseIndianPhone(draft.phone);
  if (phone) {
    body.mobile = phone.mobile;
    body.country_code = phone.countryCode;
  }
  return body;
}

const KEY_BY_MESSAGE = new Map<string, string>([
  ...Object.entries(CONTACT_FIELD_MESSAGES).map(([key, message]): [string, string] => [
    message,
    `contactForm.errors.${key}`,
  ]),
  [VALIDATION_MESSAGES.mobileRequired, 'validation.mobileRequired'],
]);
const FIELD_BY_SERVER: Record<string, ContactField> = {
  subject: 'subject',
  text: 'text',
  name: 'name',
  email: 'email',
  mobile: 'phone',
  country_code: 'phone',
};

/** The server's field issues as the form's errors (its English text when it has no key). */
export function serverErrors(issues: { field: string; message: string }[]): ContactErrors {
  const errors: ContactErrors = {};
  for (const issue of issues) {
    const field = FIELD_BY_SERVER[issue.field];
    if (field) errors[field] = KEY_BY_MESSAGE.get(issue.message) ?? issue.message;
  }
  return errors;
}
