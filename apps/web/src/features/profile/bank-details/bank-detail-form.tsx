import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { BANK_DETAIL_TYPES, bankDetailBodySchema } from '@spm/contract';
import type { BankDetail, BankDetailInput, BankDetailType } from '@spm/contract';
import { fieldErrors } from '@/shared/lib/cashier-messages';
import { describedBy, Field } from '@/shared/ui/field';
import { createBankDetail, updateBankDetail } from './bank-details-api';

type TextFieldName = 'accountName' | 'accountNo' | 'ifscCode' | 'bankName' | 'iban';

interface FieldSpec {
  name: TextFieldName;
  labelKey: string;
  hintKey?: string;
  inputMode?: 'numeric' | 'text' | 'email';
  autoComplete?: string;
  maxLength: number;
}

/** SPEC 3's fields, the ones each type uses (upi: the UPI id lives in accountNo). */
const FIELDS: Record<BankDetailType, FieldSpec[]> = {
  bank: [
    {
      name: 'accountName',
      labelKey: 'bankDetails.fields.accountName',
      autoComplete: 'name',
      maxLength: 100,
    },
    {
      name: 'accountNo',
      labelKey: 'bankDetails.fields.accountNumber',
      inputMode: 'numeric',
      maxLength: 24,
    },
    {
      name: 'ifscCode',
      labelKey: 'bankDetails.fields.ifscCode',
      hintKey: 'bankDetails.hints.ifscCode',
      maxLength: 11,
    },
    { name: 'bankName', labelKey: 'bankDetails.fields.bankName', maxLength: 100 },
    {
      name: 'iban',
      labelKey: 'bankDetails.fields.iban',
      hintKey: 'bankDetails.hints.iban',
      maxLength: 42,
    },
  ],
  card: [
    {
      name: 'accountName',
      labelKey: 'bankDetails.fields.cardName',
      autoComplete: 'cc-name',
      maxLength: 100,
    },
    {
      name: 'accountNo',
      labelKey: 'bankDetails.fields.cardNumber',
      inputMode: 'numeric',
      autoComplete: 'cc-number',
      maxLength: 23,
    },
  ],
  upi: [
    {
      name: 'accountName',
      labelKey: 'bankDetails.fields.accountName',
      autoComplete: 'name',
      maxLength: 100,
    },
    {
      name: 'accountNo',
      labelKey: 'bankDetails.fields.upiId',
      hintKey: 'bankDetails.hints.upiId',
      inputMode: 'email',
      maxLength: 256,
    },
  ],
};

type Values = Record<TextFieldName, string>;

function initialValues(detail?: BankDetail): Values {
  return {
    accountName: detail?.accountName ?? '',
    accountNo: detail?.accountNo ?? '',
    ifscCode: detail?.ifscCode ?? '',
    bankName: detail?.bankName ?? '',
    iban: detail?.iban ?? '',
  };
}

/** Only the chosen type's fields are sent: a card never carries a stale IFSC. */
function toInput(type: BankDetailType, values: Values): BankDetailInput {
  const input: BankDetailInput = {
    type,
    accountNo: values.accountNo,
    accountName: values.accountName,
  };
  if (type === 'bank') {
    input.ifscCode = values.ifscCode;
    input.bankName = values.bankName;
    input.iban = values.iban;
  }
  return input;
}

interface BankDetailFormProps {
  /** The saved detail being edited; none to add a new one. */
  detail?: BankDetail;
  onSaved: () => void;
  onCancel: () => void;
  disabled: boolean;
}

/**
 * Add or edit one bank detail. The contract's bankDetailBodySchema decides (Luhn for
 * cards, IFSC and account digits for banks, name@handle for UPI); each problem shows,
 * translated, under its own field once the player has tried to save.
 */
export function BankDetailForm({ detail, onSaved, onCancel, disabled }: BankDetailFormProps) {
  const { t } = useTranslation();
  const baseId = useId();
  const [type, setType] = useState<BankDetailType>(detail?.type ?? 'bank');
  const [values, setValues] = useState<Values>(() => initialValues(detail));
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);

  const checked = bankDetailBodySchema.safeParse(toInput(type, values));
  const errors = submitted && !checked.success ? fieldErrors(checked.error) : {};

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!checked.success || busy || disabled) return;
    setBusy(true);
    const saved = detail
      ? await updateBankDetail(detail.id, checked.data)
      : await createBankDetail(checked.data);
    setBusy(false);
    if (!saved) return;
    toast.success(t(detail ? 'bankDetails.updated' : 'bankDetails.added'));
    onSaved();
  };

  const typeId = `${baseId}-type`;
  return (
    <form
      className="auth-form bank-form"
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      data-testid="bank-form"
    >
      <h3 className="bank-form__title">
        {t(detail ? 'bankDetails.editTitle' : 'bankDetails.addTitle')}
      </h3>
      <Field
        id={typeId}
        label={t('bankDetails.fields.type')}
        hint={detail ? t('bankDetails.hints.typeLocked') : undefined}
      >
        <select
          id={typeId}
          className="form-field__select"
          value={type}
          disabled={Boolean(detail) || busy}
          onChange={(event) => {
            const next = BANK_DETAIL_TYPES.find((option) => option === event.target.value);
            if (next) setType(next);
          }}
          data-testid="bank-type"
        >
          {BANK_DETAIL_TYPES.map((option) => (
            <option key={option} value={option}>
              {t(`cashier.destinationTypes.${option}`)}
            </option>
          ))}
        </select>
      </Field>
      {FIELDS[type].map((spec) => {
        const id = `${baseId}-${spec.name}`;
        const error = errors[spec.name] ?? null;
        const hint = spec.hintKey ? t(spec.hintKey) : undefined;
        return (
          <Field
            key={`${type}-${spec.name}`}
            id={id}
            label={t(spec.labelKey)}
            error={error}
            hint={hint}
            errorTestId={`bank-${spec.name}-error`}
          >
            <div className="form-field__control">
              <input
                id={id}
                className="form-field__input"
                value={values[spec.name]}
                onChange={(event) =>
                  setValues((current) => ({ ...current, [spec.name]: event.target.value }))
                }
                inputMode={spec.inputMode}
                autoComplete={spec.autoComplete ?? 'off'}
                maxLength={spec.maxLength}
                disabled={busy}
                aria-invalid={error ? true : undefined}
                aria-describedby={describedBy(id, error, hint)}
                data-testid={`bank-${spec.name}`}
              />
            </div>
          </Field>
        );
      })}
      <div className="bank-form__actions">
        <button
          type="button"
          className="button button--ghost"
          onClick={onCancel}
          disabled={busy}
          data-testid="bank-cancel"
        >
          {t('common.cancel')}
        </button>
        <button
          type="submit"
          className="button button--primary"
          disabled={busy || disabled}
          aria-busy={busy}
          data-testid="bank-save"
        >
          {t('bankDetails.save')}
        </button>
      </div>
    </form>
  );
}
