import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { KYC_DOCUMENT_TYPES, kycDocumentType, kycSubmitFieldsSchema } from '@spm/contract';
import type { KycState, KycSubmission } from '@spm/contract';
import type { PageProps } from '@/shared/lib/route-paths';
import { fieldErrors } from '@/shared/lib/cashier-messages';
import { formatAmount, formatDateTime } from '@spm/client';
import { DemoNotice, useIsDemo } from '@/shared/ui/demo-notice';
import { describedBy, Field } from '@/shared/ui/field';
import { submitKyc, useInvalidateCashier, useKyc } from './api/cashier-api';
import { ImageInput } from './components/image-input';
import { LoadState } from './components/load-state';
import { StatusBadge } from './components/status-badge';
import { problem } from './lib/form-problem';
import type { FieldProblem } from './lib/form-problem';
import './cashier.css';
import { CashierPageFrame } from './components/cashier-page-frame';

/** A document type's name as the app translates it (the contract names: pancard, …). */
function useDocTypeName() {
  const { t } = useTranslation();
  return (id: number, fallback = '') => {
    const type = kycDocumentType(id);
    return type ? t(`cashier.kyc.docTypes.${type.name}`) : fallback;
  };
}

function KycStatusCard({ state }: { state: KycState }) {
  const { t } = useTranslation();
  const latest = state.submissions[0];
  const threshold = formatAmount(state.kycRequiredAbove);
  return (
    <section className="cashier-card kyc-status" aria-labelledby="kyc-status-title">
      <div className="history-item__head">
        <h2 id="kyc-status-title" className="cashier-card__title">
          {t('cashier.kyc.statusTitle')}
        </h2>
        <StatusBadge status={state.status} testId="kyc-status" />
      </div>
      <p className="page__muted" data-testid="kyc-status-text">
        {t(`cashier.kyc.statusText.${state.status}`, { amount: threshold })}
      </p>
      {state.status === 'declined' && latest?.reason && (
        <p className="history-item__reason" data-testid="kyc-declined-reason">
          {t('cashier.history.reason', { reason: latest.reason })}
        </p>
      )}
    </section>
  );
}

function KycHistory({ submissions }: { submissions: KycSubmission[] }) {
  const { t, i18n } = useTranslation();
  const docTypeName = useDocTypeName();
  if (submissions.length === 0) return null;
  return (
    <section className="cashier-card" aria-labelledby="kyc-history-title">
      <h2 id="kyc-history-title" className="cashier-card__title">
        {t('cashier.kyc.historyTitle')}
      </h2>
      <ul className="history-list history-list--plain">
        {submissions.map((submission) => (
          <li key={submission.id} className="history-item" data-testid="kyc-row">
            <div className="history-item__head">
              <span className="history-item__title">
                {docTypeName(submission.docType, submission.docTypeName)}
              </span>
              <StatusBadge status={submission.status} testId="kyc-row-status" />
            </div>
            <dl className="history-item__details">
              {submission.docId && (
                <div>
                  <dt>{t('cashier.kyc.docNumber')}</dt>
                  <dd className="history-item__mono">{submission.docId}</dd>
                </div>
              )}
              <div>
                <dt>{t('cashier.history.submitted')}</dt>
                <dd>
                  <time dateTime={submission.createdAt}>
                    {formatDateTime(submission.createdAt, i18n.language)}
                  </time>
                </dd>
              </div>
              {submission.decidedAt && (
                <div>
                  <dt>{t('cashier.history.decided')}</dt>
                  <dd>
                    <time dateTime={submission.decidedAt}>
                      {formatDateTime(submission.decidedAt, i18n.language)}
                    </time>
                  </dd>
                </div>
              )}
            </dl>
            {submission.reason && (
              <p className="history-item__reason">
                {t('cashier.history.reason', { reason: submission.reason })}
              </p>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

interface KycProblems {
  docType: FieldProblem | null;
  docId: FieldProblem | null;
  front: FieldProblem | null;
  back: FieldProblem | null;
}

/** The upload form of SPEC 3's table: which sides and whether a number, per document type. */
function KycForm({ state }: { state: KycState }) {
  const { t } = useTranslation();
  const isDemo = useIsDemo();
  const invalidate = useInvalidateCashier();
  const ids = { docType: useId(), docId: useId() };
  const [docType, setDocType] = useState('');
  const [docId, setDocId] = useState('');
  const [front, setFront] = useState<File | null>(null);
  const [back, setBack] = useState<File | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);

  const type = docType === '' ? undefined : kycDocumentType(Number(docType));
  const checked = kycSubmitFieldsSchema.safeParse({
    docType: docType === '' ? undefined : docType,
    docId,
  });
  const schemaProblems = checked.success ? {} : fieldErrors(checked.error);
  const asProblem = (key: string | undefined) => (key ? problem(key) : null);
  const problems: KycProblems = {
    docType: asProblem(schemaProblems.docType),
    docId: type?.docIdRequired ? asProblem(schemaProblems.docId) : null,
    front: front ? null : problem('cashier.messages.frontRequired'),
    back: type?.backRequired && !back ? problem('cashier.messages.backRequired') : null,
  };
  const shown = (field: keyof KycProblems) => (submitted ? problems[field] : null);
  const closedReason =
    state.status === 'pending'
      ? 'cashier.kyc.closedPending'
      : state.status === 'approved'
        ? 'cashier.kyc.closedApproved'
        : null;
  const disabled = busy || isDemo || closedReason !== null;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (disabled || !checked.success || !type || !front) return;
    if (Object.values(problems).some(Boolean)) return;
    setBusy(true);
    const accepted = await submitKyc({
      docType: type.id,
      docId: type.docIdRequired ? checked.data.docId : undefined,
      front,
      back: type.backRequired && back ? back : undefined,
    });
    setBusy(false);
    if (!accepted) return;
    toast.success(t('cashier.kyc.submitted'));
    setDocType('');
    setDocId('');
    setFront(null);
    setBack(null);
    setSubmitted(false);
    invalidate();
  };

  return (
    <section className="cashier-card" aria-labelledby="kyc-form-title">
      <h2 id="kyc-form-title" className="cashier-card__title">
        {t('cashier.kyc.formTitle')}
      </h2>
      {closedReason && (
        <p className="notice notice--info" data-testid="kyc-form-closed">
          {t(closedReason)}
        </p>
      )}
      <form
        className="auth-form cashier-form"
        onSubmit={(event) => void onSubmit(event)}
        noValidate
        data-testid="kyc-form"
      >
        <fieldset className="cashier-form__fieldset" disabled={disabled}>
          <Field
            id={ids.docType}
            label={t('cashier.kyc.docType')}
            error={shown('docType')?.key ?? null}
            errorTestId="kyc-doc-type-error"
          >
            <select
              id={ids.docType}
              className="form-field__select"
              value={docType}
              onChange={(event) => setDocType(event.target.value)}
              aria-invalid={shown('docType') ? true : undefined}
              aria-describedby={describedBy(ids.docType, shown('docType')?.key)}
              data-testid="kyc-doc-type"
            >
              <option value="">{t('cashier.kyc.chooseType')}</option>
              {KYC_DOCUMENT_TYPES.map((option) => (
                <option key={option.id} value={option.id}>
                  {t(`cashier.kyc.docTypes.${option.name}`)}
                </option>
              ))}
            </select>
          </Field>
          {type?.docIdRequired && (
            <Field
              id={ids.docId}
              label={t(`cashier.kyc.docIdLabel.${type.name}`)}
              error={shown('docId')?.key ?? null}
              errorTestId="kyc-doc-id-error"
              hint={t(`cashier.kyc.docIdHint.${type.name}`)}
            >
              <div className="form-field__control">
                <input
                  id={ids.docId}
                  className="form-field__input history-item__mono"
                  value={docId}
                  onChange={(event) => setDocId(event.target.value)}
                  autoComplete="off"
                  inputMode={type.name === 'adharcard' ? 'numeric' : 'text'}
                  maxLength={type.name === 'adharcard' ? 14 : 10}
                  aria-invalid={shown('docId') ? true : undefined}
                  aria-describedby={describedBy(ids.docId, shown('docId')?.key, true)}
                  data-testid="kyc-doc-id"
                />
              </div>
            </Field>
          )}
          {type && (
            <div className="kyc-sides">
              <ImageInput
                label={t(type.backRequired ? 'cashier.kyc.front' : 'cashier.kyc.document')}
                file={front}
                onChange={setFront}
                error={shown('front')}
                testId="kyc-front"
                disabled={disabled}
              />
              {type.backRequired && (
                <ImageInput
                  label={t('cashier.kyc.back')}
                  file={back}
                  onChange={setBack}
                  error={shown('back')}
                  testId="kyc-back"
                  disabled={disabled}
                />
              )}
            </div>
          )}
          <button
            type="submit"
            className="button button--primary button--block"
            aria-busy={busy}
            data-testid="kyc-submit"
          >
            {busy ? t('cashier.sending') : t('cashier.kyc.submit')}
          </button>
        </fieldset>
      </form>
    </section>
  );
}

/** /kyc: identity verification status, its history, and the document upload (SPEC 3). */
export function KycPage({ titleKey }: PageProps) {
  const { t } = useTranslation();
  const kyc = useKyc();
  return (
    <CashierPageFrame title={t(titleKey)}>
      <DemoNotice />
      {!kyc.data ? (
        <LoadState isError={kyc.isError} testId="kyc" />
      ) : (
        <div className="kyc-layout">
          <KycStatusCard state={kyc.data} />
          <KycForm state={kyc.data} />
          <KycHistory submissions={kyc.data.submissions} />
        </div>
      )}
    </CashierPageFrame>
  );
}
