import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StaffBonusOffer } from '@spm/contract';
import { formatAmount, formatCount, formatDateTime } from '@spm/client';
import { type Column, DataTable, FormFeedback, opsErrorText } from '../../shared/ui/index.ts';
import { fetchBonusOffers, settingsKeys, updateBonusOffer } from './api.ts';
import { BonusOfferDialog } from './bonus-offer-dialog.tsx';
import './settings.css';

/** The dialog: closed, a new offer, or an offer to edit. */
type Editing = { offer: StaffBonusOffer | null } | null;

/** The deposit offers players claim: each with what it has given, a new one, edits, on or off. */
export function BonusOffersPage() {
  const { t } = useTranslation('bonus');
  const queryClient = useQueryClient();
  const list = useQuery({ queryKey: settingsKeys.bonusOffers, queryFn: fetchBonusOffers });
  const [editing, setEditing] = useState<Editing>(null);
  const toggle = useMutation({
    mutationFn: ({ id, active }: { id: number; active: boolean }) =>
      updateBonusOffer(id, { active }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: settingsKeys.bonusOffers }),
  });
  const columns = useOfferColumns({
    onEdit: (offer) => setEditing({ offer }),
    onToggle: (offer, active) => toggle.mutate({ id: offer.id, active }),
    toggling: toggle.isPending,
  });
  const failure = toggle.error ?? list.error;
  return (
    <section className="page">
      <div className="page-head">
        <h1>{t('offers.title')}</h1>
        <div className="actions">
          <button type="button" className="primary" onClick={() => setEditing({ offer: null })}>
            {t('offers.new')}
          </button>
        </div>
      </div>
      <p className="muted">{t('offers.intro')}</p>
      <FormFeedback error={failure ? opsErrorText(failure) : null} />
      <DataTable
        columns={columns}
        rows={list.data}
        rowKey={(row) => String(row.id)}
        loading={list.isPending}
        empty={t('offers.empty')}
        testId="bonus-offers-table"
      />
      {editing ? <BonusOfferDialog offer={editing.offer} onClose={() => setEditing(null)} /> : null}
    </section>
  );
}

interface OfferColumnsOptions {
  onEdit: (offer: StaffBonusOffer) => void;
  onToggle: (offer: StaffBonusOffer, active: boolean) => void;
  toggling: boolean;
}

function useOfferColumns({ onEdit, onToggle, toggling }: OfferColumnsOptions) {
  const { t } = useTranslation('bonus');
  const { t: tOps } = useTranslation('ops');
  const header = (key: string) => t(`offers.columns.${key}`);
  const figure = (key: string, render: Column<StaffBonusOffer>['render']) =>
    ({ key, header: header(key), render, align: 'num' }) as const;
  const columns: Column<StaffBonusOffer>[] = [
    { key: 'title', header: header('title'), render: (row) => row.title },
    figure('percent', (row) => `${row.percent}%`),
    figure('max', (row) => formatAmount(row.maxBonusPoints)),
    figure('minDeposit', (row) => formatAmount(row.minDepositPoints)),
    figure('wagering', (row) => `${row.wageringMultiplier}×`),
    figure('validDays', (row) => row.validDays),
    {
      key: 'firstDepositOnly',
      header: header('firstDepositOnly'),
      render: (row) => tOps(row.firstDepositOnly ? 'common.yes' : 'common.no'),
    },
    {
      key: 'active',
      header: header('active'),
      render: (row) => (
        <input
          type="checkbox"
          aria-label={t('offers.activeOf', { title: row.title })}
          checked={row.active}
          disabled={toggling}
          onChange={(event) => onToggle(row, event.target.checked)}
        />
      ),
    },
    { key: 'startsAt', header: header('startsAt'), render: (row) => formatDateTime(row.startsAt) },
    { key: 'endsAt', header: header('endsAt'), render: (row) => formatDateTime(row.endsAt) },
    figure('claims', (row) => formatCount(row.claims)),
    figure('granted', (row) => formatAmount(row.grantedPoints)),
    figure('converted', (row) => formatAmount(row.convertedPoints)),
    {
      key: 'actions',
      header: tOps('common.actions'),
      render: (row) => (
        <button type="button" onClick={() => onEdit(row)}>
          {tOps('common.edit')}
        </button>
      ),
    },
  ];
  return columns;
}
