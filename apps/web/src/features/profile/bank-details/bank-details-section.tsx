import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { toast } from 'react-toastify';
import { useQueryClient } from '@tanstack/react-query';
import { MAX_BANK_DETAILS } from '@spm/contract';
import type { BankDetail } from '@spm/contract';
import { bankDetailsKeys, maskAccountNo, useBankDetails } from '@/shared/api/bank-details-api';
import { ConfirmDialog } from '@/shared/ui/confirm-dialog';
import { DemoNotice, useIsDemo } from '@/shared/ui/demo-notice';
import { BankDetailForm } from './bank-detail-form';
import { deleteBankDetail } from './bank-details-api';
import './bank-details.css';

/** The address the cashier links to (/profile#bank-details). */
export const BANK_DETAILS_ANCHOR = 'bank-details';

function BankDetailItem({
  detail,
  onEdit,
  onDelete,
  disabled,
}: {
  detail: BankDetail;
  onEdit: () => void;
  onDelete: () => void;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const extra = [detail.bankName, detail.ifscCode].filter(Boolean).join(' · ');
  return (
    <li className="bank-item" data-testid="bank-row" data-id={detail.id}>
      <div className="bank-item__main">
        <span className="bank-item__type" data-testid="bank-row-type">
          {t(`cashier.destinationTypes.${detail.type}`)}
        </span>
        <span className="bank-item__number" data-testid="bank-row-number">
          {maskAccountNo(detail)}
        </span>
        <span className="bank-item__name">{detail.accountName}</span>
        {extra && (
          <span className="bank-item__extra" data-testid="bank-row-extra">
            {extra}
          </span>
        )}
      </div>
      <div className="bank-item__actions">
        <button
          type="button"
          className="button button--ghost"
          onClick={onEdit}
          disabled={disabled}
          data-testid="bank-edit"
        >
          {t('bankDetails.edit')}
        </button>
        <button
          type="button"
          className="button button--outline"
          onClick={onDelete}
          disabled={disabled}
          data-testid="bank-delete"
        >
          {t('bankDetails.delete')}
        </button>
      </div>
    </li>
  );
}

/**
 * The player's saved payout details on /profile (SPEC 2.6 "bank/KYC", 7.4): list, add,
 * edit and delete. Withdrawals pick one of these.
 */
export function BankDetailsSection() {
  const { t } = useTranslation();
  const { hash } = useLocation();
  const queryClient = useQueryClient();
  const isDemo = useIsDemo();
  const details = useBankDetails();
  const sectionRef = useRef<HTMLElement>(null);
  const [editing, setEditing] = useState<'new' | BankDetail | null>(null);
  const [deleting, setDeleting] = useState<BankDetail | null>(null);
  const [deleteBusy, setDeleteBusy] = useState(false);
  const closeDelete = useCallback(() => setDeleting(null), []);

  useEffect(() => {
    // Arriving from the cashier (/profile#bank-details): bring the section into view.
    if (hash === `#${BANK_DETAILS_ANCHOR}`)
      sectionRef.current?.scrollIntoView?.({ block: 'start' });
  }, [hash]);

  const refresh = () => void queryClient.invalidateQueries({ queryKey: bankDetailsKeys.all });

  const confirmDelete = async () => {
    if (!deleting) return;
    setDeleteBusy(true);
    const deleted = await deleteBankDetail(deleting.id);
    setDeleteBusy(false);
    setDeleting(null);
    refresh();
    if (deleted) toast.success(t('bankDetails.deleted'));
  };

  const list = details.data ?? [];
  const atLimit = list.length >= MAX_BANK_DETAILS;

  return (
    <section
      ref={sectionRef}
      id={BANK_DETAILS_ANCHOR}
      className="profile-card bank-details"
      aria-labelledby="bank-details-title"
      data-testid="bank-details"
    >
      <h2 id="bank-details-title" className="profile-card__title">
        {t('bankDetails.title')}
      </h2>
      <DemoNotice />
      {details.isError ? (
        <p className="page__muted" role="alert">
          {t('cashier.loadError')}
        </p>
      ) : details.data && list.length === 0 && editing === null ? (
        <p className="page__muted" data-testid="bank-empty">
          {t('bankDetails.empty')}
        </p>
      ) : (
        <ul className="bank-list">
          {list.map((detail) =>
            editing !== 'new' && editing?.id === detail.id ? (
              <li key={detail.id} className="bank-item bank-item--editing">
                <BankDetailForm
                  detail={detail}
                  disabled={isDemo}
                  onCancel={() => setEditing(null)}
                  onSaved={() => {
                    setEditing(null);
                    refresh();
                  }}
                />
              </li>
            ) : (
              <BankDetailItem
                key={detail.id}
                detail={detail}
                disabled={isDemo || editing !== null}
                onEdit={() => setEditing(detail)}
                onDelete={() => setDeleting(detail)}
              />
            ),
          )}
        </ul>
      )}
      {editing === 'new' ? (
        <BankDetailForm
          disabled={isDemo}
          onCancel={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            refresh();
          }}
        />
      ) : (
        details.data && (
          <div className="bank-details__footer">
            {atLimit ? (
              <p className="page__muted" data-testid="bank-limit">
                {t('bankDetails.limit', { max: MAX_BANK_DETAILS })}
              </p>
            ) : (
              <button
                type="button"
                className="button button--outline"
                onClick={() => setEditing('new')}
                disabled={isDemo || editing !== null}
                data-testid="bank-add"
              >
                {t('bankDetails.add')}
              </button>
            )}
          </div>
        )
      )}
      {deleting && (
        <ConfirmDialog
          title={t('bankDetails.deleteTitle')}
          confirmLabel={t('bankDetails.delete')}
          onConfirm={() => void confirmDelete()}
          onCancel={closeDelete}
          busy={deleteBusy}
          testId="bank-delete-dialog"
        >
          <p>
            {t('bankDetails.deleteText', {
              type: t(`cashier.destinationTypes.${deleting.type}`),
              number: maskAccountNo(deleting),
            })}
          </p>
        </ConfirmDialog>
      )}
    </section>
  );
}
