import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { BankDetail, WithdrawInfo } from '@spm/contract';
import type { PageProps } from '@/shared/lib/route-paths';
import { maskAccountNo, useBankDetails } from '@/shared/api/bank-details-api';
import { DemoNotice, useIsDemo } from '@/shared/ui/demo-notice';
import { createWithdrawal, useWithdrawInfo } from './api/cashier-api';
import { AmountField } from './components/amount-field';
import { LoadState } from './components/load-state';
import { WithdrawOtpField } from './components/otp-field';
import { WithdrawNotices, WithdrawSummary } from './components/withdraw-parts';
import { useIdempotencyKey } from '@/shared/hooks/use-idempotency-key';
import { useWithdrawSubmit } from './hooks/use-withdraw-submit';
import { parseAmount } from './lib/amount';
import { otpProblem, pendingLimitReached, withdrawAmountProblem } from './lib/withdraw';
import './cashier.css';
import { CashierPageFrame } from './components/cashier-page-frame';

const BANK_DETAILS_PATH = { pathname: '/profile', hash: '#bank-details' };

function BankChoice({
  banks,
  value,
  onChange,
  disabled,
}: {
  banks: BankDetail[];
  value: string;
  onChange: (id: string) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className="bank-choice" disabled={disabled}>
      <legend className="form-field__label">{t('cashier.withdraw.to')}</legend>
      {banks.map((bank) => (
        <label
          key={bank.id}
          className="bank-choice__option"
          data-testid="withdraw-bank"
          data-id={bank.id}
        >
          <input
            type="radio"
            name="withdraw-bank"
            value={bank.id}
            checked={value === bank.id}
            onChange={() => onChange(bank.id)}
          />
          <span className="bank-choice__text">
            <span className="bank-choice__type">{t(`cashier.destinationTypes.${bank.type}`)}</span>
            <span className="bank-choice__number">{maskAccountNo(bank)}</span>
            <span className="bank-choice__name">
              {[bank.accountName, bank.bankName, bank.ifscCode].filter(Boolean).join(' · ')}
            </span>
          </span>
        </label>
      ))}
      <Link
        className="bank-choice__manage"
        to={BANK_DETAILS_PATH}
        data-testid="withdraw-manage-banks"
      >
        {t('cashier.withdraw.manageBanks')}
      </Link>
    </fieldset>
  );
}

function WithdrawForm({ info, banks }: { info: WithdrawInfo; banks: BankDetail[] }) {
  const { t } = useTranslation();
  const isDemo = useIsDemo();
  const [chosenBankId, setChosenBankId] = useState('');
  const [amountText, setAmountText] = useState('');
  const [otp, setOtp] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const { busy, submit } = useWithdrawSubmit();

  // The first saved detail is chosen until the player picks another.
  const bankId = banks.some((bank) => bank.id === chosenBankId)
    ? chosenBankId
    : (banks[0]?.id ?? '');
  const amount = parseAmount(amountText);
  const limits = { min: info.minAmount, max: info.maxAmount };
  const amountIssue = withdrawAmountProblem(amountText, limits, info);
  const otpIssue = otpProblem(otp);
  const idempotencyKey = useIdempotencyKey(`${bankId}|${amount ?? amountText}|${otp}`);
  const blocked = isDemo || pendingLimitReached(info);
  const shownAmountIssue =
    submitted || (amountText !== '' && amountIssue?.key !== 'cashier.messages.amountRequired')
      ? amountIssue
      : null;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (blocked || amountIssue || otpIssue || amount === null || !bankId) return;
    void submit(() => createWithdrawal({ amount, bankId, otp, idempotencyKey }));
  };

  return (
    <>
      <WithdrawNotices info={info} amount={amount} />
      <section className="cashier-card" aria-labelledby="withdraw-form-title">
        <h2 id="withdraw-form-title" className="cashier-card__title">
          {t('cashier.withdraw.formTitle')}
        </h2>
        {banks.length === 0 ? (
          <div className="cashier-empty" data-testid="withdraw-no-banks">
            <p>{t('cashier.withdraw.noBanks')}</p>
            <Link
              className="button button--primary"
              to={BANK_DETAILS_PATH}
              data-testid="withdraw-add-bank"
            >
              {t('cashier.withdraw.addBank')}
            </Link>
          </div>
        ) : (
          <form
            className="auth-form cashier-form"
            onSubmit={onSubmit}
            noValidate
            data-testid="withdraw-form"
          >
            <BankChoice banks={banks} value={bankId} onChange={setChosenBankId} disabled={busy} />
            <AmountField
              label={t('cashier.amount')}
              value={amountText}
              onChange={setAmountText}
              error={shownAmountIssue}
              testId="withdraw-amount"
              disabled={busy}
            />
            <WithdrawOtpField
              value={otp}
              onChange={setOtp}
              error={submitted ? otpIssue : null}
              disabled={blocked || busy}
            />
            <button
              type="submit"
              className="button button--primary button--block"
              disabled={busy || blocked}
              aria-busy={busy}
              data-testid="withdraw-submit"
            >
              {busy ? t('cashier.sending') : t('cashier.withdraw.submit')}
            </button>
          </form>
        )}
      </section>
    </>
  );
}

/** /withdraw: cash to one of the player's saved bank details, confirmed by an OTP. */
export function WithdrawPage({ titleKey }: PageProps) {
  const { t } = useTranslation();
  const info = useWithdrawInfo();
  const banks = useBankDetails();
  return (
    <CashierPageFrame
      title={t(titleKey)}
      action={{
        to: '/withdrawlist',
        labelKey: 'cashier.hub.withdrawHistory',
        testId: 'withdraw-history',
        variant: 'ghost',
      }}
    >
      <DemoNotice />
      {!info.data || !banks.data ? (
        <LoadState isError={info.isError || banks.isError} testId="withdraw" />
      ) : (
        <>
          <WithdrawSummary info={info.data} min={info.data.minAmount} max={info.data.maxAmount} />
          <WithdrawForm info={info.data} banks={banks.data} />
        </>
      )}
      <Link
        className="cashier-link cashier-link--crypto"
        to="/withdraw/gateways"
        data-testid="withdraw-crypto-link"
      >
        <span className="cashier-link__text">{t('cashier.withdraw.cryptoLink')}</span>
      </Link>
    </CashierPageFrame>
  );
}
