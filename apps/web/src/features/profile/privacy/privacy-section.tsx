import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import { DATA_REQUEST_TEXT_MAX, type DataRequest, type UpdatesConsent } from '@spm/contract';
import { formatIndiaDate, formatIndiaDateTime } from '@spm/core';
import {
  downloadDataExport,
  useCreateDataRequest,
  useDataRequests,
  useSaveConsent,
  useUpdatesConsent,
} from './privacy-api';
import './privacy.css';

/**
 * "Your data" on /profile (issue 42 item 8, docs/personal-data.md): the consent to updates
 * with its time, the download of everything held on the player, and the correction and
 * erasure requests with their deadlines.
 */
export function PrivacySection() {
  const { t } = useTranslation();
  return (
    <section
      className="profile-card privacy-section"
      aria-labelledby="privacy-section-title"
      data-testid="privacy-section"
    >
      <h2 id="privacy-section-title" className="profile-card__title">
        {t('privacy.section.title')}
      </h2>
      <p className="page__muted">{t('privacy.section.intro')}</p>
      <ConsentControl />
      <DownloadControl />
      <CorrectionForm />
      <ErasureControl />
      <RequestList />
      <Link className="privacy-section__policy" to="/privacypolicy">
        {t('privacy.section.policyLink')}
      </Link>
    </section>
  );
}

/** The i18n key and time of the consent's state: given, withdrawn, or never given. */
function consentStatus(consent: UpdatesConsent): { key: string; time: string | null } {
  if (consent.given && consent.givenAt) {
    return { key: 'privacy.section.consentGiven', time: consent.givenAt };
  }
  if (consent.withdrawnAt) {
    return { key: 'privacy.section.consentWithdrawn', time: consent.withdrawnAt };
  }
  return { key: 'privacy.section.consentNever', time: null };
}

function ConsentControl() {
  const { t, i18n } = useTranslation();
  const { data: consent } = useUpdatesConsent();
  const save = useSaveConsent();
  const [busy, setBusy] = useState(false);
  if (!consent) return null;
  const status = consentStatus(consent);

  const toggle = async (given: boolean) => {
    setBusy(true);
    const outcome = await save({ given });
    setBusy(false);
    if (outcome.ok) toast.success(t('privacy.section.consentSaved'));
    else toast.error(outcome.error);
  };

  return (
    <div className="privacy-section__block">
      <label className="checkbox">
        <input
          type="checkbox"
          checked={consent.given}
          disabled={busy}
          onChange={(event) => void toggle(event.target.checked)}
          data-testid="privacy-consent"
        />
        <span>{t('privacy.section.consentLabel')}</span>
      </label>
      <p className="privacy-section__hint" data-testid="privacy-consent-status">
        {t(status.key, { time: formatIndiaDateTime(status.time, i18n.language) })}
      </p>
    </div>
  );
}

function DownloadControl() {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    const done = await downloadDataExport();
    setBusy(false);
    if (!done) toast.error(t('privacy.section.downloadFailed'));
  };
  return (
    <div className="privacy-section__block">
      <p className="privacy-section__hint">{t('privacy.section.downloadHint')}</p>
      <button
        type="button"
        className="button button--outline"
        disabled={busy}
        aria-busy={busy}
        onClick={() => void download()}
        data-testid="privacy-download"
      >
        {t('privacy.section.download')}
      </button>
    </div>
  );
}

function CorrectionForm() {
  const { t } = useTranslation();
  const create = useCreateDataRequest();
  const [details, setDetails] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (details.trim() === '') return;
    setBusy(true);
    const outcome = await create({ kind: 'correction', details: details.trim() });
    setBusy(false);
    if (!outcome.ok) {
      setError(outcome.error);
      return;
    }
    setError(null);
    setDetails('');
    toast.success(t('privacy.section.requestSent'));
  };

  return (
    <form className="privacy-section__block" onSubmit={(event) => void onSubmit(event)}>
      <label className="form-field__label" htmlFor="privacy-correction">
        {t('privacy.section.correctionLabel')}
      </label>
      <textarea
        id="privacy-correction"
        className="form-field__input privacy-section__textarea"
        value={details}
        maxLength={DATA_REQUEST_TEXT_MAX}
        placeholder={t('privacy.section.correctionPlaceholder')}
        onChange={(event) => setDetails(event.target.value)}
        data-testid="privacy-correction-input"
      />
      {error && (
        <p className="form-error" role="alert" data-testid="privacy-correction-error">
          {error}
        </p>
      )}
      <button
        type="submit"
        className="button button--outline"
        disabled={busy || details.trim() === ''}
        data-testid="privacy-correction-submit"
      >
        {t('privacy.section.correctionSubmit')}
      </button>
    </form>
  );
}

function ErasureControl() {
  const { t } = useTranslation();
  const create = useCreateDataRequest();
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    setBusy(true);
    const outcome = await create({ kind: 'erasure' });
    setBusy(false);
    setConfirming(false);
    if (!outcome.ok) {
      setError(outcome.error);
      return;
    }
    setError(null);
    toast.success(t('privacy.section.requestSent'));
  };

  return (
    <div className="privacy-section__block">
      <h3 className="privacy-section__subtitle">{t('privacy.section.erasureTitle')}</h3>
      <p className="privacy-section__hint">{t('privacy.section.erasureExplain')}</p>
      {confirming ? (
        <div className="privacy-section__confirm" role="alertdialog" aria-live="polite">
          <p>{t('privacy.section.erasureConfirmText')}</p>
          <button
            type="button"
            className="button button--primary"
            disabled={busy}
            onClick={() => void confirm()}
            data-testid="privacy-erasure-confirm"
          >
            {t('privacy.section.erasureConfirm')}
          </button>
          <button
            type="button"
            className="button button--outline"
            onClick={() => setConfirming(false)}
          >
            {t('privacy.section.erasureCancel')}
          </button>
        </div>
      ) : (
        <button
          type="button"
          className="button button--outline"
          onClick={() => setConfirming(true)}
          data-testid="privacy-erasure"
        >
          {t('privacy.section.erasureStart')}
        </button>
      )}
      {error && (
        <p className="form-error" role="alert" data-testid="privacy-erasure-error">
          {error}
        </p>
      )}
    </div>
  );
}

function RequestRow({ request }: { request: DataRequest }) {
  const { t, i18n } = useTranslation();
  return (
    <li className="privacy-section__request" data-testid={`privacy-request-${request.id}`}>
      <strong>{t(`privacy.kind.${request.kind}`)}</strong>
      <span>{t(`privacy.status.${request.status}`)}</span>
      <span>
        {t('privacy.section.askedOn', { date: formatIndiaDate(request.createdAt, i18n.language) })}
      </span>
      {request.status === 'open' && (
        <span>
          {t('privacy.section.dueBy', { date: formatIndiaDate(request.dueAt, i18n.language) })}
        </span>
      )}
      {request.note && <span>{request.note}</span>}
    </li>
  );
}

function RequestList() {
  const { t } = useTranslation();
  const { data: requests } = useDataRequests();
  if (!requests || requests.length === 0) return null;
  return (
    <div className="privacy-section__block">
      <h3 className="privacy-section__subtitle">{t('privacy.section.requestsTitle')}</h3>
      <ul className="privacy-section__requests">
        {requests.map((request) => (
          <RequestRow key={request.id} request={request} />
        ))}
      </ul>
    </div>
  );
}
