import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AdjustmentBody, StaffPlayer } from '@spm/contract';
import { newIdempotencyKey, formatAmount } from '@spm/client';
import { ConfirmDialog, Field, toastError, toastSuccess } from '../../shared/ui/index.ts';
import { adjustBalance, playerKeys } from './api.ts';

type Direction = AdjustmentBody['direction'];
/** A guard against a slipped finger; the server has no ceiling of its own. */
export const MAX_ADJUSTMENT_POINTS = 10_000_000;
const AMOUNT_PATTERN = /^\d+(\.\d{1,2})?$/;

interface FieldErrors {
  amount?: string;
  reason?: string;
}

/**
 * Credit or debit a player's cash with a reason. One idempotency key per form instance: a
 * retry after a lost answer replays the first adjustment instead of making a second; the key
 * is renewed once an adjustment succeeds.
 */
export function AdjustmentForm({ player }: { player: StaffPlayer }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [direction, setDirection] = useState<Direction>('credit');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [pending, setPending] = useState<AdjustmentBody | null>(null);
  const [idempotencyKey, setIdempotencyKey] = useState(newIdempotencyKey);

  const mutation = useMutation({
    mutationFn: (body: AdjustmentBody) => adjustBalance(player.id, body),
    onSuccess: (answer, body) => {
      queryClient.setQueryData<StaffPlayer>(playerKeys.detail(player.id), (current) =>
        current ? { ...current, wallet: answer.wallet } : current,
      );
      void queryClient.invalidateQueries({ queryKey: playerKeys.all });
      setPending(null);
      setAmount('');
      setReason('');
      setIdempotencyKey(newIdempotencyKey());
      toastSuccess(
        t(body.direction === 'credit' ? 'players.adjust.credited' : 'players.adjust.debited', {
          amount: formatAmount(body.amount),
          username: player.username,
        }),
      );
    },
    onError: (error) => {
      setPending(null);
      toastError(error);
    },
  });

  const validate = (): FieldErrors => {
    const found: FieldErrors = {};
    const text = amount.trim();
    const value = Number(text);
    if (!text) found.amount = t('players.adjust.errors.amountRequired');
    else if (!AMOUNT_PATTERN.test(text) || !Number.isFinite(value))
      found.amount = t('players.adjust.errors.amountFormat');
    else if (value <= 0) found.amount = t('players.adjust.errors.amountPositive');
    else if (value > MAX_ADJUSTMENT_POINTS)
      found.amount = t('players.adjust.errors.amountTooLarge', {
        max: formatAmount(MAX_ADJUSTMENT_POINTS),
      });
    const why = reason.trim();
    if (why.length < 3) found.reason = t('players.adjust.errors.reasonRequired');
    else if (why.length > 500) found.reason = t('players.adjust.errors.reasonTooLong');
    return found;
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validate();
    setErrors(found);
    if (found.amount || found.reason) return;
    setPending({ direction, amount: Number(amount.trim()), reason: reason.trim(), idempotencyKey });
  };

  return (
    <form
      className="panel stack adjustment"
      onSubmit={submit}
      noValidate
      aria-labelledby="adjust-heading"
    >
      <h2 id="adjust-heading">{t('players.adjust.title')}</h2>
      <fieldset className="radios">
        <legend>{t('players.adjust.direction')}</legend>
        {(['credit', 'debit'] as const).map((value) => (
          <label key={value}>
            <input
              type="radio"
              name="direction"
              value={value}
              checked={direction === value}
              onChange={() => setDirection(value)}
            />
            {t(`players.adjust.${value}`)}
          </label>
        ))}
      </fieldset>
      <Field label={t('players.adjust.amount')} error={errors.amount}>
        <input
          name="amount"
          inputMode="decimal"
          value={amount}
          aria-invalid={errors.amount ? true : undefined}
          onChange={(event) => setAmount(event.target.value)}
        />
      </Field>
      <Field label={t('players.adjust.reason')} error={errors.reason}>
        <textarea
          name="reason"
          rows={2}
          value={reason}
          aria-invalid={errors.reason ? true : undefined}
          onChange={(event) => setReason(event.target.value)}
        />
      </Field>
      <div className="actions">
        <button type="submit" className="primary" disabled={mutation.isPending}>
          {t('players.adjust.submit')}
        </button>
      </div>
      <ConfirmDialog
        open={pending !== null}
        busy={mutation.isPending}
        danger={pending?.direction === 'debit'}
        title={t('players.adjust.confirmTitle')}
        message={
          pending
            ? t(
                pending.direction === 'credit'
                  ? 'players.adjust.confirmCredit'
                  : 'players.adjust.confirmDebit',
                { amount: formatAmount(pending.amount), username: player.username },
              )
            : null
        }
        confirmLabel={t('players.adjust.confirm')}
        onCancel={() => setPending(null)}
        onConfirm={() => {
          if (pending) mutation.mutate(pending);
        }}
      />
    </form>
  );
}
