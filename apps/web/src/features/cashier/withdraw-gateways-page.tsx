import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CASHIER_MESSAGES, CRYPTO_ADDRESS_RULES } from '@spm/contract';
import type { Gateway, WithdrawInfo } from '@spm/contract';
import type { PageProps } from '@/shared/lib/route-paths';
import { cashierMessageKey } from '@/shared/lib/cashier-messages';
import { formatAmount } from '@spm/client';
import { DemoNotice, useIsDemo } from '@/shared/ui/demo-notice';
import { describedBy, Field } from '@/shared/ui/field';
import { createDynamicWithdrawal, useWithdrawGateways, useWithdrawInfo } from './api/cashier-api';
import { AmountField } from './components/amount-field';
import { GatewayIcon } from './components/gateway-icon';
import { LoadState } from './components/load-state';
import { WithdrawOtpField } from './components/otp-field';
import { WithdrawNotices, WithdrawSummary } from './components/withdraw-parts';
import { useIdempotencyKey } from '@/shared/hooks/use-idempotency-key';
import { useWithdrawSubmit } from './hooks/use-withdraw-submit';
import { inCurrency, parseAmount, plusShare, shareOf } from './lib/amount';
import { problem } from './lib/form-problem';
import type { FieldProblem } from './lib/form-problem';
import { otpProblem, pendingLimitReached, withdrawAmountProblem } from './lib/withdraw';
import './cashier.css';
import { CashierPageFrame } from './components/cashier-page-frame';

/** The contract's address rule of the gateway's network (TRC20 T…, BEP20 0x…). */
function addressProblem(address: string, gateway: Gateway): FieldProblem | null {
  const trimmed = address.trim();
  if (trimmed === '') return problem(cashierMessageKey(CASHIER_MESSAGES.addressRequired));
  const rule = gateway.payTo.network ? CRYPTO_ADDRESS_RULES[gateway.payTo.network] : null;
  if (rule && !rule.pattern.test(trimmed)) return problem(cashierMessageKey(rule.message));
  return null;
}

function WithdrawGatewayCard({
  gateway,
  selected,
  onSelect,
}: {
  gateway: Gateway;
  selected: boolean;
  onSelect: () => void;
}) {
  const { t } = useTranslation();
  return (
    <li>
      <button
        type="button"
        className="gateway-card"
        aria-pressed={selected}
        onClick={onSelect}
        data-testid="withdraw-gateway-card"
        data-code={gateway.code}
      >
        <GatewayIcon kind={gateway.kind} />
        <span className="gateway-card__body">
          <span className="gateway-card__name">{gateway.name}</span>
          <span className="gateway-card__kind">
            {gateway.payTo.network ?? t(`cashier.gatewayKinds.${gateway.kind}`)}
          </span>
          <span className="gateway-card__limits">
            {t('cashier.limits', {
              min: formatAmount(gateway.withdrawMinAmount),
              max: formatAmount(gateway.withdrawMaxAmount),
            })}
          </span>
        </span>
        {gateway.withdrawExtraPercent > 0 && (
          <span className="gateway-card__badges">
            <span className="badge badge--bonus" data-testid="withdraw-gateway-extra">
              {t('cashier.extraBadge', { percent: gateway.withdrawExtraPercent })}
            </span>
          </span>
        )}
      </button>
    </li>
  );
}

function CryptoWithdrawForm({ gateway, info }: { gateway: Gateway; info: WithdrawInfo }) {
  const { t } = useTranslation();
  const isDemo = useIsDemo();
  const addressId = useId();
  const [amountText, setAmountText] = useState('');
  const [address, setAddress] = useState('');
  const [otp, setOtp] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const { busy, submit } = useWithdrawSubmit();

  const amount = parseAmount(amountText);
  const limits = { min: gateway.withdrawMinAmount, max: gateway.withdrawMaxAmount };
  const amountIssue = withdrawAmountProblem(amountText, limits, info);
  const addressIssue = addressProblem(address, gateway);
  const otpIssue = otpProblem(otp);
  const idempotencyKey = useIdempotencyKey(
    `${gateway.code}|${amount ?? amountText}|${address.trim()}|${otp}`,
  );
  const blocked = isDemo || pendingLimitReached(info);
  const shownAmountIssue =
    submitted || (amountText !== '' && amountIssue?.key !== 'cashier.messages.amountRequired')
      ? amountIssue
      : null;
  // A typed address is checked as it is typed; an empty one only complains on submit.
  const shownAddressIssue = submitted || address.trim() !== '' ? addressIssue : null;

  const extra = amount === null ? 0 : shareOf(amount, gateway.withdrawExtraPercent);
  const payout = amount === null ? null : plusShare(amount, gateway.withdrawExtraPercent);
  const payoutInCurrency =
    payout !== null && gateway.currency !== 'INR'
      ? inCurrency(payout, gateway.pointsPerUnit)
      : null;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (blocked || amountIssue || addressIssue || otpIssue || amount === null) return;
    void submit(() =>
      createDynamicWithdrawal({
        gateway: gateway.code,
        amount,
        address: address.trim(),
        otp,
        idempotencyKey,
      }),
    );
  };

  return (
    <>
      <WithdrawSummary info={info} min={limits.min} max={limits.max} />
      <WithdrawNotices info={info} amount={amount} />
      <section className="cashier-card" aria-labelledby="crypto-form-title">
        <h2 id="crypto-form-title" className="cashier-card__title">
          {t('cashier.withdraw.cryptoTitle', { name: gateway.name })}
        </h2>
        <form
          className="auth-form cashier-form"
          onSubmit={onSubmit}
          noValidate
          data-testid="crypto-withdraw-form"
        >
          <AmountField
            label={t('cashier.amount')}
            value={amountText}
            onChange={setAmountText}
            error={shownAmountIssue}
            testId="crypto-amount"
            disabled={busy}
            note={
              payout !== null && (
                <dl className="payout-preview" data-testid="crypto-payout">
                  {extra > 0 && (
                    <div>
                      <dt>
                        {t('cashier.withdraw.extra', { percent: gateway.withdrawExtraPercent })}
                      </dt>
                      <dd data-testid="crypto-extra">+{formatAmount(extra)}</dd>
                    </div>
                  )}
                  <div>
                    <dt>{t('cashier.withdraw.payout')}</dt>
                    <dd data-testid="crypto-payout-amount">
                      {formatAmount(payout)}
                      {payoutInCurrency !== null && ` ≈ ${payoutInCurrency} ${gateway.currency}`}
                    </dd>
                  </div>
                </dl>
              )
            }
          />
          <Field
            id={addressId}
            label={
              gateway.payTo.network
                ? t('cashier.withdraw.addressOn', { network: gateway.payTo.network })
                : t('cashier.withdraw.address')
            }
            error={shownAddressIssue?.key ?? null}
            errorTestId="crypto-address-error"
          >
            <div className="form-field__control">
              <input
                id={addressId}
                className="form-field__input history-item__mono"
                value={address}
                onChange={(event) => setAddress(event.target.value)}
                autoComplete="off"
                spellCheck={false}
                maxLength={100}
                disabled={busy}
                aria-invalid={shownAddressIssue ? true : undefined}
                aria-describedby={describedBy(addressId, shownAddressIssue?.key)}
                data-testid="crypto-address"
              />
            </div>
          </Field>
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
            data-testid="crypto-submit"
          >
            {busy ? t('cashier.sending') : t('cashier.withdraw.submit')}
          </button>
        </form>
      </section>
    </>
  );
}

/** /withdraw/gateways: withdrawals to a crypto address (SPEC 9: +3% on USDT TRC20). */
export function WithdrawGatewaysPage({ titleKey }: PageProps) {
  const { t } = useTranslation();
  const gateways = useWithdrawGateways();
  const info = useWithdrawInfo();
  const [selectedCode, setSelectedCode] = useState<string | null>(null);
  const selected = gateways.data?.find((gateway) => gateway.code === selectedCode) ?? null;

  return (
    <CashierPageFrame
      back={{ to: '/withdraw', labelKey: 'cashier.backToWithdraw' }}
      title={t(titleKey)}
    >
      <DemoNotice />
      {!gateways.data || !info.data ? (
        <LoadState isError={gateways.isError || info.isError} testId="withdraw-gateways" />
      ) : gateways.data.length === 0 ? (
        <p className="cashier-empty" data-testid="withdraw-gateways-empty">
          {t('cashier.withdraw.noGateways')}
        </p>
      ) : (
        <>
          <ul className="gateway-grid">
            {gateways.data.map((gateway) => (
              <WithdrawGatewayCard
                key={gateway.code}
                gateway={gateway}
                selected={gateway.code === selectedCode}
                onSelect={() => setSelectedCode(gateway.code)}
              />
            ))}
          </ul>
          {selected ? (
            <CryptoWithdrawForm key={selected.code} gateway={selected} info={info.data} />
          ) : (
            <p className="page__muted" data-testid="withdraw-gateways-choose">
              {t('cashier.withdraw.chooseGateway')}
            </p>
          )}
        </>
      )}
    </CashierPageFrame>
  );
}
