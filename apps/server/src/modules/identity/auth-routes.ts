import {
  demoCheckSchema,
  ACCOUNT_MESSAGES,
  AUTH_MESSAGES,
  RESET_TICKET_COOKIE,
  authAnswerSchema,
  forgotPasswordBodySchema,
  loginBodySchema,
  messageAnswerSchema,
  mobileVerificationBodySchema,
  registerBodySchema,
  resetPasswordBodySchema,
  sendOtpBodySchema,
  updatePasswordBodySchema,
} from '@spm/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { isAppError } from '../../http/app-error.ts';
import { currentPlayer, requireRealAccount } from '../../http/auth.ts';
import { parseCookies, serializeCookie } from '../../http/cookies.ts';
import { envelopeResponses, ok } from '../../http/envelope.ts';
import { RATE_LIMITS } from '../../http/rate-limit.ts';
import { requestOrigin } from '../../http/request-origin.ts';
import { demoLogin, login, register, updatePassword } from './auth-service.ts';
import { sendRegistrationOtp, verifyMobile } from './otp-service.ts';
import { forgotPassword, resetPassword } from './password-reset-service.ts';
import type { ServiceDeps } from '../../deps.ts';
import { signOut } from './session-service.ts';
import { hasDemoUsers } from './user-repository.ts';

/** The reset ticket is for /api only, never readable by scripts, never sent cross-site. */
function setResetTicketCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  value: string,
  maxAgeSeconds: number,
): void {
  reply.header(
    'set-cookie',
    serializeCookie(RESET_TICKET_COOKIE, value, {
      path: '/api',
      maxAgeSeconds,
      httpOnly: true,
      sameSite: 'Strict',
      secure: request.protocol === 'https',
    }),
  );
}

const messageAnswer = (message: string) => ok({ message }, message);

/** Sign-in, sign-up, OTP and password calls of SPEC 7.2. */
export const authRoutes: FastifyPluginAsyncZod<{ deps: ServiceDeps }> = async (app, { deps }) => {
  app.post(
    '/login',
    {
      config: { rateLimit: RATE_LIMITS.login },
      schema: {
        tags: ['auth'],
        summary: 'Sign in with username and password',
        body: loginBodySchema,
        response: envelopeResponses(authAnswerSchema),
      },
    },
    async (request) =>
      ok(await login(deps, request.body, requestOrigin(request)), AUTH_MESSAGES.loginSuccess),
  );

  app.post(
    '/login/demo',
    {
      config: { rateLimit: RATE_LIMITS.demoLogin },
      schema: {
        tags: ['auth'],
        summary: 'Sign in to the least recently used demo account',
        response: envelopeResponses(authAnswerSchema),
      },
    },
    async (request) =>
      ok(await demoLogin(deps, requestOrigin(request)), AUTH_MESSAGES.loginSuccess),
  );

  app.post(
    '/register',
    {
      config: { rateLimit: RATE_LIMITS.register },
      schema: {
        tags: ['auth'],
        summary: 'Create a player account and sign in',
        body: registerBodySchema,
        response: envelopeResponses(authAnswerSchema),
      },
    },
    async (request) =>
      ok(
        await register(deps, request.body, requestOrigin(request)),
        AUTH_MESSAGES.registrationSuccess,
      ),
  );

  app.post(
    '/sendOtpToMobile',
    {
      config: { rateLimit: RATE_LIMITS.sendOtp },
      schema: {
        tags: ['auth'],
        summary: 'Send a registration OTP (or, with OTP off, only check the phone is free)',
        body: sendOtpBodySchema,
        response: envelopeResponses(messageAnswerSchema),
      },
    },
    async (request) =>
      messageAnswer(await sendRegistrationOtp(deps, request.body, requestOrigin(request))),
  );

  app.post(
    '/mobileVerification',
    {
      config: { rateLimit: RATE_LIMITS.verifyOtp },
      schema: {
        tags: ['auth'],
        summary: 'Check a registration OTP; the phone may then register for 30 minutes',
        body: mobileVerificationBodySchema,
        response: envelopeResponses(messageAnswerSchema),
      },
    },
    async (request) => messageAnswer(await verifyMobile(deps, request.body)),
  );

  app.post(
    '/forgot-password',
    {
      config: { rateLimit: RATE_LIMITS.forgotPassword },
      schema: {
        tags: ['auth'],
        summary: 'Start a password reset: a code by SMS when the phone is registered',
        description:
          'Answers alike for any well-formed phone; sets the httpOnly reset_ticket cookie.',
        body: forgotPasswordBodySchema,
        response: envelopeResponses(messageAnswerSchema),
      },
    },
    async (request, reply) => {
      const result = await forgotPassword(deps, request.body, requestOrigin(request));
      setResetTicketCookie(request, reply, result.ticket, result.ticketMaxAgeSeconds);
      return messageAnswer(result.message);
    },
  );

  app.post(
    '/reset-password',
    {
      config: { rateLimit: RATE_LIMITS.resetPassword },
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with the code sent by /forgot-password',
        body: resetPasswordBodySchema,
        response: envelopeResponses(messageAnswerSchema),
      },
    },
    async (request, reply) => {
      const ticket = parseCookies(request.headers.cookie)[RESET_TICKET_COOKIE];
      try {
        const message = await resetPassword(
          deps,
          { ticket, otp: request.body.otp, password: request.body.password },
          requestOrigin(request),
        );
        setResetTicketCookie(request, reply, '', 0);
        return messageAnswer(message);
      } catch (error) {
        // A ticket that can no longer work is dropped from the browser too.
        if (ticket !== undefined && isAppError(error) && error.code === 'RESET_NOT_STARTED') {
          setResetTicketCookie(request, reply, '', 0);
        }
        throw error;
      }
    },
  );

  app.post(
    '/update-password',
    {
      config: { rateLimit: RATE_LIMITS.updatePassword },
      onRequest: [app.requireAuth, requireRealAccount],
      schema: {
        tags: ['auth'],
        summary: 'Change the password; every other session of the player ends',
        body: updatePasswordBodySchema,
        response: envelopeResponses(messageAnswerSchema),
      },
    },
    async (request) => {
      await updatePassword(deps, currentPlayer(request), request.body, requestOrigin(request));
      return messageAnswer(ACCOUNT_MESSAGES.passwordChanged);
    },
  );

  app.post(
    '/signout',
    {
      onRequest: app.requireAuth,
      schema: {
        tags: ['auth'],
        summary: 'End this session and close its realtime connections',
        response: envelopeResponses(messageAnswerSchema),
      },
    },
    async (request) => {
      await signOut(deps, currentPlayer(request));
      return messageAnswer(ACCOUNT_MESSAGES.signedOut);
    },
  );

  app.get(
    '/app/demo',
    {
      schema: {
        tags: ['auth'],
        summary: 'Whether demo users exist (shows the Demo Login button)',
        response: envelopeResponses(demoCheckSchema),
      },
    },
    async () => ok({ hasDemoUsers: await hasDemoUsers(deps.db) }),
  );
};
