import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from 'react-toastify';
import { gatewayCodeSchema, referenceSchema } from '@spm/contract';
import type { Gateway } from '@spm/contract';
import type { PageProps } from '@/shared/lib/route-paths';
import { cashierMessageKey } from '@/shared/lib/cashier-messages';
import { formatAmount } from '@spm/client';
import { browserLocation } from '@/shared/lib/navigation';
import { DemoNotice, useIsDemo } from '@/shared/ui/demo-notice';
import { LimitsPrompt } from '@/shared/safer-play/limits-prompt';
import { describedBy, Field } from '@/shared/ui/field';
import {
  CashierLoadError,
  createDeposit,
  startFastpay,
  useGateway,
  useInvalidateCashier,
} from './api/cashier-api';
import { AmountField } from './components/amount-field';
import { CopyRow } from './components/copy-row';
import { GatewayIcon } from './components/gateway-icon';
import { ImageInput } from './components/image-input';
import { LoadState } from './components/load-state';
import { PayQr } from './components/pay-qr';
import { amountProblem, inCurrency, parseAmount, shareOf } from './lib/amount';
import { problem } from './lib/form-problem';
import type { FieldProblem } from './lib/form-problem';
import './cashier.css';
import { CashierPageFrame } from './components/cashier-page-frame';

const NOT_FOUND_CODES = new Set(['GATEWAY_NOT_FOUND', 'NOT_FOUND']);

function referenceProblem(reference: string): FieldProblem | null {
  const checked = referenceSchema.safeParse(reference);
  return checked.success
    ? null
    : problem(cashierMessageKey(checked.error.issues[0]?.message ?? ''));
}

/** Where to pay (manual gateways): each detail with a copy button, and the QR. */
function PayToDetails({ gateway, amount }: { gateway: Gateway; amount: number | null }) {
  const { t } = useTranslation();
  const { payTo } = gateway;
  const rows: { key: keyof typeof payTo; label: string; value: string | null }[] = [
    { key: 'upiId', label: t('cashier.payTo.upiId'), value: payTo.upiId },
    { key: 'accountName', label: t('cashier.payTo.accountName'), value: payTo.accountName },
    { key: 'accountNo', label: t('cashier.payTo.accountNo'), value: payTo.accountNo },
    { key: 'ifscCode', label: t('cashier.payTo.ifscCode'), value: payTo.ifscCode },
    { key: 'bankName', label: t('cashier.payTo.bankName'), value: payTo.bankName },
    {
      key: 'walletAddress',
      label: payTo.network
        ? t('cashier.payTo.walletAddressOn', { network: payTo.network })
        : t('cashier.payTo.walletAddress'),
      value: payTo.walletAddress,
    },
  ];
  const shown = rows.filter((row) => row.value);
  return (
    <section className="cashier-card pay-to" aria-labelledby="pay-to-title">
      <h2 id="pay-to-title" className="cashier-card__title">
        {t('cashier.payTo.title')}
      </h2>
      <div className="pay-to__body">
        {shown.length > 0 && (
          <dl className="pay-to__list">
            {shown.map((row) => (
              <CopyRow
                key={row.key}
                label={row.label}
                value={row.value ?? ''}
                testId={`pay-to-${row.key}`}
              />
            ))}
          </dl>
        )}
        <PayQr gateway={gateway} amount={amount} />
      </div>
      {payTo.network && (
        <p className="notice notice--warning" data-testid="pay-to-network">
          {t('cashier.payTo.networkWarning', { network: payTo.network })}
        </p>
      )}
    </section>
  );
}

interface DepositFormProps {
  gateway: Gateway;
  amountText: string;
  onAmountText: (text: string) => void;
}

function DepositForm({ gateway, amountText, onAmountText }: DepositFormProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const invalidate = useInvalidateCashier();
  const isDemo = useIsDemo();
  const referenceId = useId();
  const [reference, setReference] = useState('');
  const [proof, setProof] = useState<File | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);

  const amount = parseAmount(amountText);
  const limits = { min: gateway.minAmount, max: gateway.maxAmount };
  const amountIssue = amountProblem(amountText, limits);
  const referenceIssue = gateway.automated ? null : referenceProblem(reference);
  const proofIssue = gateway.automated || proof ? null : problem('cashier.messages.proofRequired');
  // Typing shows amount problems at once (except "required"); the rest wait for a submit.
  const shownAmountIssue =
    submitted || (amountText !== '' && amountIssue?.key !== 'cashier.messages.amountRequired')
      ? amountIssue
      : null;

  const usdt =
    gateway.currency !== 'INR' && amount !== null
      ? inCurrency(amount, gateway.pointsPerUnit)
      : null;
  const bonus =
    gateway.depositBonusPercent > 0 && amount !== null
      ? shareOf(amount, gateway.depositBonusPercent)
      : 0;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (busy || isDemo || amountIssue || referenceIssue || proofIssue || amount === null) return;
    setBusy(true);
    if (gateway.automated) {
      const answer = await startFastpay({ gateway: gateway.code, amount });
      if (!answer) {
        setBusy(false);
        return;
      }
      invalidate();
      // The gateway's own page takes the payment and sends the player back to /deposit/list.
      browserLocation.assign(answer.payUrl);
      return;
    }
    if (!proof) return;
    const deposit = await createDeposit({
      gateway: gateway.code,
      amount: String(amount),
      reference: reference.trim(),
      proof,
    });
    setBusy(false);
    if (!deposit) return;
    toast.success(t('cashier.deposit.created'));
    invalidate();
    navigate('/deposit/list');
  };

  return (
    <section className="cashier-card" aria-labelledby="deposit-form-title">
      <h2 id="deposit-form-title" className="cashier-card__title">
        {t(gateway.automated ? 'cashier.deposit.payTitle' : 'cashier.deposit.confirmTitle')}
      </h2>
      <form
        className="auth-form cashier-form"
        onSubmit={(event) => void onSubmit(event)}
        noValidate
        data-testid="deposit-form"
      >
        <AmountField
          label={t('cashier.amount')}
          value={amountText}
          onChange={onAmountText}
          error={shownAmountIssue}
          hint={t('cashier.limits', {
            min: formatAmount(gateway.minAmount),
            max: formatAmount(gateway.maxAmount),
          })}
          presets={gateway.presets}
          testId="deposit-amount"
          note={
            (usdt !== null || bonus > 0) && (
              <>
                {usdt !== null && (
                  <p data-testid="deposit-currency">
                    {t('cashier.deposit.approx', { amount: usdt, currency: gateway.currency })}
                  </p>
                )}
                {bonus > 0 && (
                  <p className="amount-field__bonus" data-testid="deposit-bonus">
                    {t('cashier.deposit.bonusPreview', {
                      bonus: formatAmount(bonus),
                      percent: gateway.depositBonusPercent,
                    })}
                  </p>
                )}
              </>
            )
          }
        />
        {!gateway.automated && (
          <>
            <Field
              id={referenceId}
              label={t('cashier.deposit.reference')}
              error={submitted ? (referenceIssue?.key ?? null) : null}
              errorTestId="deposit-reference-error"
              hint={t('cashier.deposit.referenceHint')}
            >
              <div className="form-field__control">
                <input
                  id={referenceId}
                  className="form-field__input"
                  value={reference}
                  onChange={(event) => setReference(event.target.value)}
                  autoComplete="off"
                  maxLength={80}
                  aria-invalid={submitted && referenceIssue ? true : undefined}
                  aria-describedby={describedBy(
                    referenceId,
                    submitted ? referenceIssue?.key : null,
                    true,
                  )}
                  data-testid="deposit-reference"
                />
              </div>
            </Field>
            <ImageInput
              label={t('cashier.deposit.proof')}
              file={proof}
              onChange={setProof}
              error={submitted ? proofIssue : null}
              testId="deposit-proof"
            />
          </>
        )}
        <button
          type="submit"
          className="button button--primary button--block"
          disabled={busy || isDemo}
          aria-busy={busy}
          data-testid="deposit-submit"
        >
          {busy
            ? t('cashier.sending')
            : t(gateway.automated ? 'cashier.deposit.payNow' : 'cashier.deposit.submit')}
        </button>
        {gateway.automated && <p className="page__muted">{t('cashier.deposit.automatedNote')}</p>}
      </form>
    </section>
  );
}

/** One amount for both halves: the UPI QR carries it once it is a valid amount. */
function DepositScreen({ gateway }: { gateway: Gateway }) {
  const [amountText, setAmountText] = useState('');
  const amount = parseAmount(amountText);
  const qrAmount =
    amount !== null && amount >= gateway.minAmount && amount <= gateway.maxAmount ? amount : null;
  return (
    <div className="deposit-layout">
      <div className="deposit-layout__info">
        {gateway.instructions && (
          <p className="notice notice--info" data-testid="deposit-instructions">
            {gateway.instructions}
          </p>
        )}
        {!gateway.automated && <PayToDetails gateway={gateway} amount={qrAmount} />}
      </div>
      <DepositForm gateway={gateway} amountText={amountText} onAmountText={setAmountText} />
    </div>
  );
}

function GatewayNotFound() {
  const { t } = useTranslation();
  return (
    <div className="cashier-empty" role="alert" data-testid="deposit-not-found">
      <p>{t('cashier.deposit.notFound')}</p>
      <Link className="button button--outline" to="/gateways">
        {t('cashier.deposit.chooseAnother')}
      </Link>
    </div>
  );
}

/** /deposit/{gateway}: how to pay this method, then the amount and proof (or Pay now). */
export function DepositPage({ titleKey }: PageProps) {
  const { t } = useTranslation();
  const { gateway: code = '' } = useParams();
  const validCode = gatewayCodeSchema.safeParse(code).success;
  const query = useGateway(code, validCode);
  const notFound =
    !validCode ||
    (query.error instanceof CashierLoadError && NOT_FOUND_CODES.has(query.error.code ?? ''));
  const gateway = query.data;

  return (
    <CashierPageFrame
      back={{ to: '/gateways', labelKey: 'cashier.backToGateways' }}
      titleClassName="cashier-title"
      title={
        <>
          {gateway && <GatewayIcon kind={gateway.kind} />}
          <span>
            {gateway ? t('cashier.deposit.titleWith', { name: gateway.name }) : t(titleKey)}
          </span>
        </>
      }
    >
      <DemoNotice />
      <LimitsPrompt place="deposit" />
      {notFound ? (
        <GatewayNotFound />
      ) : !gateway ? (
        <LoadState isError={query.isError} testId="deposit" />
      ) : (
        <DepositScreen key={gateway.code} gateway={gateway} />
      )}
    </CashierPageFrame>
  );
}
