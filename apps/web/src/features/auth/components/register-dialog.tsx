import { useEffect, useId, useMemo, useState } from 'react';
import type { FormEvent } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import {
  INDIA_COUNTRY_CODE,
  INDIAN_STATE_CODES,
  REGISTRATION_PARENT_ID,
  REGISTRATION_TYPE_ID,
} from '@spm/contract';
import type { AppDetails, IndianStateCode, RegionRefusal, RegisterBody } from '@spm/contract';
import {
  capPhoneDigits,
  parseIndianPhone,
  validateRegisterEmail,
  validateRegisterPassword,
  validateRegisterUsername,
} from '@spm/core';
import type { IndianPhone } from '@spm/core';
import {
  MOBILE_DETAILS_STORAGE_KEY,
  TRACKER_STORAGE_KEY,
  readTracker,
  removeStorage,
  saveMobileDetails,
} from '@/shared/lib/storage';
import { useAppStore } from '@/shared/stores/app-store';
import type { AgentCodeConfig } from '@/shared/stores/app-store';
import {
  AGENT_CODE_MAX_LENGTH,
  agentCodeRemainingMs,
  emptyAgentCodeConfig,
} from '@/shared/lib/agent-code';
import { register, sendOtpToMobile, verifyMobile } from '../api/auth-api';
import { lookupPublicIp } from '../api/ip-lookup';
import { readFlowConfig } from '../lib/modal-config';
import { completeSignIn } from '../lib/session';
import {
  EXTRA_VALIDATION_KEYS,
  isEmailFormat,
  isOtpFormat,
  toKey,
} from '@/shared/lib/validation-text';
import { LinkButton, PasswordField, PhoneField, TextField } from '@/shared/ui/form-controls';
import { Field } from '@/shared/ui/field';
import { RegionRefusalNotice } from './region-refusal-notice';

/** Phone digits (with 91) from the dialog's query parameters `mobile` and `country_code`. */
export function phoneFromQuery(search: string): string | undefined {
  const params = new URLSearchParams(search);
  const mobile = (params.get('mobile') ?? '').replace(/\D/g, '');
  if (!mobile) return undefined;
  const countryCode = (params.get('country_code') ?? '').replace(/\D/g, '');
  if (countryCode) return capPhoneDigits(`${countryCode}${mobile}`);
  return capPhoneDigits(mobile.length === 10 ? `${INDIA_COUNTRY_CODE}${mobile}` : mobile);
}

export interface AgentCodeState {
  code: string;
  /** Locked while the saved code is younger than AGENT_CODE_VALIDITY_MS (SPEC 5). */
  lockedForMs: number;
  /** The saved code is too old and has to be discarded. */
  stale: boolean;
}

export function agentCodeState(config: AgentCodeConfig, now: number): AgentCodeState {
  const lockedForMs = agentCodeRemainingMs(config, now);
  if (lockedForMs > 0) return { code: config.agentCode ?? '', lockedForMs, stale: false };
  return { code: '', lockedForMs: 0, stale: config.agentCode !== null };
}

export interface RegistrationInput {
  username: string;
  password: string;
  email: string;
  emailOn: boolean;
  phone: IndianPhone;
  agentCode: string;
  source: string | undefined;
  trackingId: string | null;
  ip: string | undefined;
  /** The "WhatsApp/Telegram updates" checkbox: the server stores it with its time. */
  updatesConsent: boolean;
  /** The state the player declares (issue 42 item 7), an addition to SPEC 3's payload. */
  state: IndianStateCode;
}

/**
 * The registration payload of SPEC 3, plus the declared state and the ticked 18+ box (issue 42
 * item 7): Sign Up is only enabled while the box is ticked, so it is sent as true.
 */
export function buildRegisterBody(input: RegistrationInput): RegisterBody {
  const body: RegisterBody = {
    username: input.username,
    name: input.username,
    password: input.password,
    typeId: REGISTRATION_TYPE_ID,
    parentId: REGISTRATION_PARENT_ID,
    mobile: input.phone.mobile,
    country_code: input.phone.countryCode,
    extras: input.trackingId ? { trackingId: input.trackingId } : {},
    state: input.state,
    age_confirmed: true,
  };
  if (input.emailOn) body.email = input.email.trim();
  const agentCode = input.agentCode.trim();
  if (agentCode) body.agent_code = agentCode;
  if (input.source) body.source = input.source.slice(0, 512);
  if (input.ip) body.ip = input.ip;
  if (input.updatesConsent) body.updates_consent = true;
  return body;
}

interface RegisterErrors {
  email: string | null;
  username: string | null;
  password: string | null;
  otp: string | null;
}

function emailError(email: string, emailOn: boolean): string | null {
  const empty = toKey(validateRegisterEmail(email, emailOn));
  if (empty || !emailOn) return empty;
  return isEmailFormat(email) ? null : EXTRA_VALIDATION_KEYS.emailInvalid;
}

function socialLinks(details: AppDetails | null) {
  if (!details) return [];
  return [
    { key: 'whatsapp', url: details.WHATS_APP_URL },
    { key: 'telegram', url: details.TELEGRAM },
    { key: 'instagram', url: details.INSTATGRAM },
    { key: 'facebook', url: details.FACEBOOK },
  ].filter((link) => link.url);
}

/** SPEC 2.5 registration dialog, SPEC 4.3 flow, SPEC 5 rules. */
export function RegisterDialog() {
  const { t } = useTranslation();
  const { search } = useLocation();
  const appDetails = useAppStore((state) => state.appDetails);
  const openAuthModal = useAppStore((state) => state.openAuthModal);
  const setAgentCodeConfig = useAppStore((state) => state.setAgentCodeConfig);
  const otpFlowOn = appDetails?.OTP === 0;
  const emailOn = Boolean(appDetails?.IS_EMAIL);

  // Read once when the dialog opens.
  const [flow] = useState(() => readFlowConfig(useAppStore.getState().authModalConfig));
  const [source] = useState(
    () => new URLSearchParams(search).get('source') || flow.source || undefined,
  );
  const [agent] = useState(() =>
    agentCodeState(useAppStore.getState().agentCodeConfig, Date.now()),
  );

  const [email, setEmail] = useState('');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [phone, setPhone] = useState(() => flow.phone ?? phoneFromQuery(search) ?? '');
  const [otp, setOtp] = useState('');
  const [otpSent, setOtpSent] = useState(false);
  const [verified, setVerified] = useState(() => flow.verified === true && Boolean(flow.phone));
  const [agentCode, setAgentCode] = useState(agent.code);
  const [agentLocked, setAgentLocked] = useState(agent.lockedForMs > 0);
  // The server's refusal of a code no agent has, shown on the field (the toast says it too).
  const [agentCodeError, setAgentCodeError] = useState<string | null>(null);
  const [agree, setAgree] = useState(true);
  const stateId = useId();
  const [state, setState] = useState<IndianStateCode | ''>('');
  const [stateError, setStateError] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<RegionRefusal | null>(null);
  // In the reader's language and alphabet order, so a player finds their state.
  const stateOptions = useMemo(
    () =>
      INDIAN_STATE_CODES.map((code) => ({ code, name: t(`regions.states.${code}`) })).sort((a, b) =>
        a.name.localeCompare(b.name),
      ),
    [t],
  );
  const [updatesConsent, setUpdatesConsent] = useState(false);
  const [errors, setErrors] = useState<RegisterErrors>({
    email: null,
    username: null,
    password: null,
    otp: null,
  });
  const [phoneError, setPhoneError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [verifying, setVerifying] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    // SPEC 5: an older saved code is discarded.
    if (agent.stale) setAgentCodeConfig(emptyAgentCodeConfig);
  }, [agent.stale, setAgentCodeConfig]);

  useEffect(() => {
    if (agent.lockedForMs <= 0) return;
    const timer = setTimeout(() => setAgentLocked(false), agent.lockedForMs);
    return () => clearTimeout(timer);
  }, [agent.lockedForMs]);

  const parsedPhone = parseIndianPhone(phone);
  // SPEC 4.3: Sign Up only in the verified state; with the OTP flow off a complete phone is it.
  const verifiedState = otpFlowOn ? verified && parsedPhone !== null : parsedPhone !== null;
  const canSignUp = verifiedState && agree && !busy;

  const onPhone = (digits: string) => {
    if (digits === phone) return;
    setPhone(digits);
    setPhoneError(digits === '' ? 'validation.mobileRequired' : null);
    // A different number needs its own code.
    setOtpSent(false);
    setVerified(false);
    setOtp('');
    setErrors((current) => ({ ...current, otp: null }));
  };

  const sendOtp = async (resend: boolean) => {
    if (!parsedPhone) {
      setPhoneError('validation.mobileRequired');
      return;
    }
    setSending(true);
    const outcome = await sendOtpToMobile({
      mobile: parsedPhone.mobile,
      country_code: parsedPhone.countryCode,
    });
    setSending(false);
    if (!outcome.ok) return;
    saveMobileDetails({ mobile: parsedPhone.mobile, country_code: parsedPhone.countryCode });
    if (resend) toast.success(outcome.message ?? t('toasts.otpSent'));
    else toast.success(t(otpFlowOn ? 'toasts.otpSent' : 'toasts.phoneRegistered'));
    if (otpFlowOn) setOtpSent(true);
  };

  const verifyOtp = async () => {
    if (!parsedPhone) return;
    if (!isOtpFormat(otp)) {
      setErrors((current) => ({ ...current, otp: EXTRA_VALIDATION_KEYS.otpInvalid }));
      return;
    }
    setVerifying(true);
    const outcome = await verifyMobile({
      mobile: parsedPhone.mobile,
      country_code: parsedPhone.countryCode,
      otp,
    });
    setVerifying(false);
    if (!outcome.ok) return;
    toast.success(t('toasts.otpVerified'));
    setVerified(true);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const checked: RegisterErrors = {
      email: emailError(email, emailOn),
      username: toKey(validateRegisterUsername(username)),
      password: toKey(validateRegisterPassword(password)),
      otp: null,
    };
    setErrors(checked);
    if (!parsedPhone) setPhoneError('validation.mobileRequired');
    if (state === '') setStateError('regions.stateRequired');
    if (checked.email || checked.username || checked.password) return;
    if (!parsedPhone || !canSignUp || state === '') return;
    setBusy(true);
    const ip = await lookupPublicIp();
    const body = buildRegisterBody({
      username,
      password,
      email,
      emailOn,
      phone: parsedPhone,
      agentCode,
      source,
      trackingId: readTracker(),
      ip,
      updatesConsent,
      state,
    });
    const { data, error, region } = await register(body);
    setRefusal(region);
    if (!data) {
      if (error?.code === 'AGENT_CODE_UNKNOWN') {
        setAgentCodeError('errors.AGENT_CODE_UNKNOWN');
      }
      setBusy(false);
      return;
    }
    toast.success(t('toasts.registrationSuccess'));
    removeStorage(MOBILE_DETAILS_STORAGE_KEY);
    removeStorage(TRACKER_STORAGE_KEY);
    await completeSignIn(data, { showWelcome: false });
  };

  const links = socialLinks(appDetails);
  const showOtpEntry = otpFlowOn && otpSent && !verified;

  return (
    <form className="auth-form" onSubmit={(event) => void onSubmit(event)} noValidate>
      {emailOn && (
        <TextField
          label={t('auth.email')}
          type="email"
          value={email}
          onChange={(value) => {
            setEmail(value);
            setErrors((current) => ({ ...current, email: emailError(value, emailOn) }));
          }}
          error={errors.email}
          autoComplete="email"
          testId="register-email"
        />
      )}
      <TextField
        label={t('auth.username')}
        value={username}
        onChange={(value) => {
          setUsername(value);
          setErrors((current) => ({
            ...current,
            username: toKey(validateRegisterUsername(value)),
          }));
        }}
        error={errors.username}
        autoComplete="username"
        testId="register-username"
      />
      <PasswordField
        label={t('auth.password')}
        value={password}
        onChange={(value) => {
          setPassword(value);
          setErrors((current) => ({
            ...current,
            password: toKey(validateRegisterPassword(value)),
          }));
        }}
        error={errors.password}
        autoComplete="new-password"
        testId="register-password"
      />
      <PhoneField
        label={t('auth.phone')}
        value={phone}
        onChange={onPhone}
        error={phoneError}
        autoComplete="tel"
        testId="register-phone"
        addon={
          <button
            type="button"
            className="form-field__action"
            onClick={() => void sendOtp(false)}
            disabled={!parsedPhone || sending || otpSent || verified}
            aria-busy={sending}
            data-testid="register-send-otp"
          >
            {t('auth.sendOtp')}
          </button>
        }
      />
      {otpFlowOn && verified && (
        <p className="form-success" data-testid="register-verified">
          {t('auth.verified')}
        </p>
      )}
      {showOtpEntry && (
        <TextField
          label={t('auth.otp')}
          value={otp}
          onChange={(typed) => {
            setOtp(typed.replace(/\D/g, '').slice(0, 6));
            setErrors((current) => ({ ...current, otp: null }));
          }}
          error={errors.otp}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          testId="register-otp"
          addon={
            <button
              type="button"
              className="form-field__action"
              onClick={() => void verifyOtp()}
              disabled={verifying}
              aria-busy={verifying}
              data-testid="register-verify-otp"
            >
              {t('auth.verifyOtp')}
            </button>
          }
        />
      )}
      {showOtpEntry && (
        <div className="auth-form__aside">
          <LinkButton onClick={() => void sendOtp(true)} testId="register-resend-otp">
            {t('auth.resendOtp')}
          </LinkButton>
        </div>
      )}
      <Field id={stateId} label={t('regions.state')} error={stateError}>
        <select
          id={stateId}
          className="form-field__select"
          value={state}
          onChange={(event) => {
            const next = INDIAN_STATE_CODES.find((code) => code === event.target.value);
            setState(next ?? '');
            setStateError(next ? null : 'regions.stateRequired');
          }}
          aria-invalid={stateError ? true : undefined}
          data-testid="register-state"
        >
          <option value="">{t('regions.choose')}</option>
          {stateOptions.map((option) => (
            <option key={option.code} value={option.code}>
              {option.name}
            </option>
          ))}
        </select>
      </Field>
      <TextField
        label={t('auth.agentCode')}
        value={agentCode}
        onChange={(value) => {
          setAgentCode(value.slice(0, AGENT_CODE_MAX_LENGTH));
          setAgentCodeError(null);
        }}
        error={agentCodeError}
        readOnly={agentLocked}
        maxLength={AGENT_CODE_MAX_LENGTH}
        autoComplete="off"
        hint={agentLocked ? t('auth.agentCodeLocked') : undefined}
        testId="register-agent-code"
      />
      <label className="checkbox">
        <input
          type="checkbox"
          checked={agree}
          onChange={(event) => setAgree(event.target.checked)}
          data-testid="register-agree"
        />
        <span>{t('auth.agree')}</span>
      </label>
      <label className="checkbox">
        <input
          type="checkbox"
          checked={updatesConsent}
          onChange={(event) => setUpdatesConsent(event.target.checked)}
          data-testid="register-updates"
        />
        <span>{t('auth.updatesConsent')}</span>
      </label>
      <RegionRefusalNotice refusal={refusal} />
      <button
        type="submit"
        className="button button--primary button--block"
        disabled={!canSignUp}
        aria-busy={busy}
        data-testid="register-submit"
      >
        {t('auth.signUp')}
      </button>
      <p className="auth-form__switch">
        {t('auth.haveAccount')}{' '}
        <LinkButton onClick={() => openAuthModal('login')} testId="open-login-from-register">
          {t('auth.logInLink')}
        </LinkButton>
      </p>
      {/* SPEC 2.5: the social links come from app settings, but the block is hidden. */}
      <div className="social-links" hidden data-testid="register-social">
        <p>{t('auth.socialTitle')}</p>
        <ul>
          {links.map((link) => (
            <li key={link.key}>
              <a href={link.url} target="_blank" rel="noopener noreferrer">
                {t(`auth.social.${link.key}`)}
              </a>
            </li>
          ))}
        </ul>
      </div>
    </form>
  );
}
