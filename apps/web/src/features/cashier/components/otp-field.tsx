import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describedBy, Field } from '@/shared/ui/field';
import { sendWithdrawOtp } from '../api/cashier-api';
import type { FieldProblem } from '../lib/form-problem';

/** Seconds before another code may be asked for (the identity flow's resend wait). */
export const OTP_RESEND_SECONDS = 30;
const OTP_DIGITS = 6;

interface WithdrawOtpFieldProps {
  value: string;
  onChange: (value: string) => void;
  error: FieldProblem | null;
  disabled?: boolean;
}

/**
 * The withdrawal OTP: a Send button (POST /withdraw/request/otp, errors shown here and not
 * toasted, SPEC 7.4), a resend countdown, and the 6-digit box.
 */
export function WithdrawOtpField({ value, onChange, error, disabled }: WithdrawOtpFieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const [sending, setSending] = useState(false);
  const [sendError, setSendError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  // A deadline, not a count of ticks: a throttled background tab still opens on time.
  const [resendAt, setResendAt] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const secondsLeft = resendAt === null ? 0 : Math.max(0, Math.ceil((resendAt - now) / 1000));

  useEffect(() => {
    if (resendAt === null) return;
    const timer = setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (current >= resendAt) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [resendAt]);

  const send = async () => {
    setSending(true);
    setSendError(null);
    const outcome = await sendWithdrawOtp();
    setSending(false);
    if (!outcome.ok) {
      setSendError(outcome.error);
      return;
    }
    setSentTo(outcome.answer.sentTo);
    const sentAt = Date.now();
    setNow(sentAt);
    setResendAt(sentAt + OTP_RESEND_SECONDS * 1000);
  };

  const sendLabel =
    secondsLeft > 0
      ? t('cashier.otp.resendIn', { seconds: secondsLeft })
      : sentTo !== null
        ? t('cashier.otp.resend')
        : t('cashier.otp.send');
  const hint =
    sentTo === null
      ? t('cashier.otp.hint')
      : sentTo
        ? t('cashier.otp.sentTo', { phone: sentTo })
        : t('cashier.otp.sent');

  return (
    <div className="otp-field">
      <Field
        id={id}
        label={t('cashier.otp.label')}
        error={error?.key ?? null}
        errorValues={error?.values}
        errorTestId="withdraw-otp-error"
        hint={<span data-testid="withdraw-otp-hint">{hint}</span>}
      >
        <div className="form-field__control">
          <input
            id={id}
            className="form-field__input otp-field__input"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={OTP_DIGITS}
            value={value}
            disabled={disabled}
            onChange={(event) =>
              onChange(event.target.value.replace(/\D/g, '').slice(0, OTP_DIGITS))
            }
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy(id, error?.key, hint)}
            data-testid="withdraw-otp"
          />
          <button
            type="button"
            className="form-field__action"
            onClick={() => void send()}
            disabled={disabled || sending || secondsLeft > 0}
            aria-busy={sending}
            data-testid="withdraw-otp-send"
          >
            {sendLabel}
          </button>
        </div>
      </Field>
      {sendError && (
        <p className="form-error" role="alert" data-testid="withdraw-otp-send-error">
          {sendError}
        </p>
      )}
    </div>
  );
}
