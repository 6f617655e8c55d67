import { z } from 'zod';
import { countryCodeSchema, mobileSchema } from './auth.ts';
import { idSchema } from './cashier.ts';
import { pageQuerySchema, pagedSchema } from './wallet.ts';

/*
 * The contact form of /contactus (issue 44 item 1; docs/contact-messages.md): a player or a
 * visitor writes to the operator, staff answer in the back office.
 */

export const CONTACT_SUBJECTS = [
  'account',
  'deposit',
  'withdrawal',
  'bets',
  'casino',
  'technical',
  'other',
] as const;
export type ContactSubject = (typeof CONTACT_SUBJECTS)[number];

export const CONTACT_STATUSES = ['open', 'answered', 'closed'] as const;
export type ContactStatus = (typeof CONTACT_STATUSES)[number];

/** Lengths after trimming: a message says something, an answer too; a name is a name. */
export const CONTACT_TEXT_MIN = 10;
export const CONTACT_TEXT_MAX = 2000;
export const CONTACT_NAME_MAX = 64;
export const CONTACT_EMAIL_MAX = 254;
export const CONTACT_ANSWER_MAX = 2000;

/** The field messages of the form (English; the apps translate by `contact.errors.<key>`). */
export const CONTACT_FIELD_MESSAGES = {
  textLength: `Write ${CONTACT_TEXT_MIN} to ${CONTACT_TEXT_MAX} characters`,
  nameRequired: 'Name cannot be empty',
  nameLength: `Name must be at most ${CONTACT_NAME_MAX} characters`,
  emailInvalid: 'Enter a valid email address',
  contactRequired: 'Give an email address or a mobile number so we can reply',
} as const;

/** An empty field is a field left out; anything else must pass `schema`. */
const emptyOr = <T extends z.ZodType<string, string>>(schema: T) =>
  z
    .string()
    .trim()
    .pipe(z.union([z.literal(''), schema]))
    .optional()
    .transform((value) => (value === '' ? undefined : value));

/**
 * POST /api/contact/messages. A signed-in player sends subject and text (visitor fields are
 * ignored: the answer reaches the account). A visitor must also give a name and an email or a
 * mobile number (contactVisitorSchema, checked by the server when there is no session).
 */
export const contactMessageBodySchema = z.object({
  subject: z.enum(CONTACT_SUBJECTS),
  text: z
    .string()
    .trim()
    .min(CONTACT_TEXT_MIN, CONTACT_FIELD_MESSAGES.textLength)
    .max(CONTACT_TEXT_MAX, CONTACT_FIELD_MESSAGES.textLength),
  name: emptyOr(z.string().max(CONTACT_NAME_MAX, CONTACT_FIELD_MESSAGES.nameLength)),
  email: emptyOr(z.email(CONTACT_FIELD_MESSAGES.emailInvalid).max(CONTACT_EMAIL_MAX)),
  /** National number, as registration sends it (SPEC 5: India only). */
  mobile: emptyOr(mobileSchema),
  country_code: countryCodeSchema.optional(),
});
export type ContactMessageBody = z.infer<typeof contactMessageBodySchema>;
/** What a client sends (empty visitor fields may be left out). */
export type ContactMessageInput = z.input<typeof contactMessageBodySchema>;

/** What a visitor must add: a name and a way to reply. */
export const contactVisitorSchema = z
  .object({
    name: z
      .string({ error: CONTACT_FIELD_MESSAGES.nameRequired })
      .min(1, CONTACT_FIELD_MESSAGES.nameRequired),
    email: z.string().optional(),
    mobile: z.string().optional(),
  })
  .refine((visitor) => visitor.email !== undefined || visitor.mobile !== undefined, {
    message: CONTACT_FIELD_MESSAGES.contactRequired,
    path: ['email'],
  });

/** A message as its player sees it, with the operator's answer. */
export const contactMessageSchema = z.object({
  id: z.string(),
  subject: z.enum(CONTACT_SUBJECTS),
  text: z.string(),
  status: z.enum(CONTACT_STATUSES),
  createdAt: z.string(),
  answer: z.string().nullable(),
  answeredAt: z.string().nullable(),
});
export type ContactMessage = z.infer<typeof contactMessageSchema>;

/** GET /api/contact/messages: the signed-in player's messages, newest first. */
export const contactMessageListSchema = z.array(contactMessageSchema);

/** How staff reach the sender: in the app (a player), or by email or phone (a visitor). */
export const CONTACT_REPLY_CHANNELS = ['app', 'email', 'phone'] as const;
export type ContactReplyChannel = (typeof CONTACT_REPLY_CHANNELS)[number];

/** GET /api/staff/contact/messages */
export const staffContactQuerySchema = pageQuerySchema.extend({
  status: z.enum(CONTACT_STATUSES).optional(),
});
export type StaffContactQuery = z.infer<typeof staffContactQuerySchema>;

/** A message as staff see it: the sender, how to reply, who answered and closed it. */
export const staffContactMessageSchema = contactMessageSchema.extend({
  playerId: z.string().nullable(),
  username: z.string().nullable(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  /** With the country code (+91…), as staff dial it. */
  mobile: z.string().nullable(),
  replyBy: z.enum(CONTACT_REPLY_CHANNELS),
  answeredBy: z.string().nullable(),
  closedAt: z.string().nullable(),
  closedBy: z.string().nullable(),
});
export type StaffContactMessage = z.infer<typeof staffContactMessageSchema>;
export const staffContactListSchema = pagedSchema(staffContactMessageSchema);

/** GET /api/staff/contact/messages/:id, …/answer, …/close */
export const staffContactParamsSchema = z.object({ id: idSchema });

/** POST /api/staff/contact/messages/:id/answer */
export const staffContactAnswerBodySchema = z.object({
  answer: z.string().trim().min(1).max(CONTACT_ANSWER_MAX),
});
export type StaffContactAnswerBody = z.infer<typeof staffContactAnswerBodySchema>;

/** Answers of the contact calls (the apps translate by their own keys). */
export const CONTACT_MESSAGES = {
  sent: 'Message sent',
  answered: 'Answer saved',
  closed: 'Message closed',
} as const;
