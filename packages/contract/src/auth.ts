import { z } from 'zod';
import { sessionRestrictionSchema } from './safer-play-exclusion.ts';
import {
  INDIA_COUNTRY_CODE,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  REGISTRATION_PARENT_ID,
  REGISTRATION_TYPE_ID,
  USERNAME_MAX_LENGTH,
  USERNAME_MIN_LENGTH,
} from './constants.ts';
import { indianStateSchema } from './regions.ts';

/**
 * Identity endpoints of SPEC 7.2 with the payloads of SPEC 3. Field names are the spec's,
 * including its mixed snake_case and camelCase, because the player app speaks them as written.
 * Messages on the validators are the spec's texts (SPEC 5), so a 400 carries the same words the
 * dialogs show.
 */

/** National number: ten digits, first 6-9 (India's mobile ranges). */
export const mobileSchema = z.string().regex(/^[6-9]\d{9}$/, 'Please enter mobile number');
export const countryCodeSchema = z.literal(INDIA_COUNTRY_CODE);
export const otpCodeSchema = z.string().regex(/^\d{6}$/, 'Enter the 6-digit code');

export const usernameSchema = z
  .string()
  .min(1, 'User name cannot be empty')
  .min(USERNAME_MIN_LENGTH, 'Username must be 4 to 15 characters.')
  .max(USERNAME_MAX_LENGTH, 'Username must be 4 to 15 characters.')
  .regex(/^[A-Za-z0-9 ]+$/, 'Special characters are not allowed in username.');

export const newPasswordSchema = z
  .string()
  .min(1, 'Password cannot be empty')
  .min(PASSWORD_MIN_LENGTH, 'Password must be 8 to 20 characters.')
  .max(PASSWORD_MAX_LENGTH, 'Password must be 8 to 20 characters.');

/** What the client knows of the signed-in player (login and registration answers). */
export const sessionUserSchema = z.object({
  id: z.string(),
  username: z.string(),
  name: z.string(),
  isDemo: z.boolean(),
  typeId: z.number().int(),
  /** A time-out or self-exclusion under way: the app opens only the restricted view. */
  restriction: sessionRestrictionSchema.nullable().optional(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const authAnswerSchema = z.object({ token: z.string(), user: sessionUserSchema });
export type AuthAnswer = z.infer<typeof authAnswerSchema>;

/** POST /api/login */
export const loginBodySchema = z.object({
  username: z.string().trim().min(1, 'Username cannot be empty').max(64),
  password: z.string().min(1, 'Password cannot be empty').max(256),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

/** POST /api/register: the registration payload of SPEC 3. */
export const registerBodySchema = z.object({
  username: usernameSchema,
  name: z.string().max(64),
  password: newPasswordSchema,
  email: z.email('Email cannot be empty').max(254).optional(),
  agent_code: z.string().trim().max(32).optional(),
  extras: z.object({ trackingId: z.string().max(128).optional() }).optional(),
  typeId: z.literal(REGISTRATION_TYPE_ID),
  parentId: z.literal(REGISTRATION_PARENT_ID),
  mobile: mobileSchema,
  country_code: countryCodeSchema,
  source: z.string().max(512).optional(),
  ip: z.string().max(64).optional(),
  /** The registration checkbox "WhatsApp/Telegram updates" (issue 42 item 8): stored with its time. */
  updates_consent: z.boolean().optional(),
  /** Additions to SPEC 3 (issue 42 item 7, docs/regions.md): the state the player declares. */
  state: indianStateSchema,
  /** The 18+ checkbox (SPEC 2.5), stored with its time; registration needs it. */
  age_confirmed: z.literal(true, { error: 'Please confirm you are 18 or older' }),
});
export type RegisterBody = z.infer<typeof registerBodySchema>;

/** POST /api/sendOtpToMobile */
export const sendOtpBodySchema = z.object({
  mobile: mobileSchema,
  country_code: countryCodeSchema,
});
export type SendOtpBody = z.infer<typeof sendOtpBodySchema>;

/** POST /api/mobileVerification */
export const mobileVerificationBodySchema = z.object({
  mobile: mobileSchema,
  country_code: countryCodeSchema,
  otp: otpCodeSchema,
});
export type MobileVerificationBody = z.infer<typeof mobileVerificationBodySchema>;

/** POST /api/forgot-password */
export const forgotPasswordBodySchema = z.object({
  phone: mobileSchema,
  countryCode: countryCodeSchema,
});
export type ForgotPasswordBody = z.infer<typeof forgotPasswordBodySchema>;

/** POST /api/reset-password: the reset is bound to the phone of the forgot step by an httpOnly cookie. */
export const resetPasswordBodySchema = z.object({
  otp: z.string().min(1, 'All fields are mandatory'),
  password: z.string().min(1, 'All fields are mandatory').pipe(newPasswordSchema),
});
export type ResetPasswordBody = z.infer<typeof resetPasswordBodySchema>;

/** POST /api/update-password */
export const updatePasswordBodySchema = z.object({
  currentPassword: z.string().min(1, 'Password cannot be empty').max(256),
  newPassword: newPasswordSchema,
});
export type UpdatePasswordBody = z.infer<typeof updatePasswordBodySchema>;

/** POST /api/page/visit: what the referral programme counts. */
export const pageVisitBodySchema = z.object({
  path: z.string().min(1).max(512),
  source: z.string().max(512).optional(),
  tracker: z.string().max(128).optional(),
  agentCode: z.string().max(32).optional(),
});
export type PageVisitBody = z.infer<typeof pageVisitBodySchema>;
export const pageVisitAnswerSchema = z.object({ trackingId: z.string() });

/** A plain answer carrying the toast text of SPEC 8. */
export const messageAnswerSchema = z.object({ message: z.string() });

/** GET /api/profile */
export const profileSchema = z.object({
  id: z.string(),
  username: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  mobile: z.string().nullable(),
  countryCode: z.string().nullable(),
  agentCode: z.string().nullable(),
  isDemo: z.boolean(),
  typeId: z.number().int(),
  parentId: z.number().int(),
  createdAt: z.string(),
});
export type Profile = z.infer<typeof profileSchema>;

/** PATCH /api/profile */
export const updateProfileBodySchema = z
  .object({
    name: z.string().trim().min(1).max(64).optional(),
    email: z.email().max(254).nullable().optional(),
  })
  .refine((body) => Object.keys(body).length > 0, 'Nothing to update');
export type UpdateProfileBody = z.infer<typeof updateProfileBodySchema>;

/** GET /api/dev/sms-outbox (console SMS provider only). */
export const smsOutboxEntrySchema = z.object({
  to: z.string(),
  text: z.string(),
  code: z.string(),
  purpose: z.string(),
  sentAt: z.string(),
});
export const smsOutboxSchema = z.array(smsOutboxEntrySchema);

/** The spec's toast texts (SPEC 8), one place for server answers and app fallbacks. */
export const AUTH_MESSAGES = {
  loginSuccess: 'Login Success',
  registrationSuccess: 'Registration Success',
  otpSent: 'OTP sent on your mobile',
  phoneRegistered: 'Phone number registered successfully',
  otpVerified: 'OTP is Verified',
  passwordResetSuccess: 'Password reset success',
  requestCreated: 'Request created',
  invalidCredentials: 'Invalid username or password',
} as const;

/** Answers of the account calls the spec gives no toast text for (SPEC 7.2 "not shown"). */
export const ACCOUNT_MESSAGES = {
  passwordChanged: 'Password changed',
  signedOut: 'Signed out',
  profileUpdated: 'Profile updated',
} as const;

/** GET /api/dev/sms-outbox?to= : a national number, with or without 91 / +91. */
export const smsOutboxQuerySchema = z.object({ to: z.string().max(20).optional() });

/** Name of the httpOnly cookie binding /reset-password to the phone of /forgot-password. */
export const RESET_TICKET_COOKIE = 'reset_ticket';
