import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { BonusClaim } from '@spm/contract';
import { formatAmount, formatDateTime } from '@spm/client';
import {
  type Column,
  ConfirmDialog,
  DataTable,
  StatusBadge,
  errorText,
  toastSuccess,
} from '../../shared/ui/index.ts';
import { cancelBonusClaim, fetchPlayerBonuses, playerKeys } from './api.ts';

/** What a bonus is called: its offer's title, else where its coins came from. */
function useClaimName() {
  const { t } = useTranslation();
  return (claim: BonusClaim) => claim.title ?? t(`players.bonuses.sources.${claim.source}`);
}

/**
 * The player's bonus coins and bonuses (claims), newest first; those who edit the offers may
 * end a pending or active one (its coins left are forfeited). Agents see their downline only.
 */
export function BonusesPanel({ playerId, canCancel }: { playerId: string; canCancel: boolean }) {
  const { t } = useTranslation();
  const [cancelling, setCancelling] = useState<BonusClaim | null>(null);
  const bonuses = useQuery({
    queryKey: playerKeys.tab(playerId, 'bonuses', {}),
    queryFn: () => fetchPlayerBonuses(playerId),
  });
  const columns = useClaimColumns(canCancel ? setCancelling : null);
  if (bonuses.isError) {
    return (
      <p className="field-error" role="alert">
        {errorText(bonuses.error)}
      </p>
    );
  }
  if (!bonuses.data) return <p className="muted">{t('ui.loading')}</p>;
  return (
    <section className="panel" data-testid="player-bonuses">
      <h2>{t('players.bonuses.title')}</h2>
      <dl className="figures">
        <div className="figure-row">
          <dt>{t('players.bonuses.coins')}</dt>
          <dd>{formatAmount(bonuses.data.coinsPoints)}</dd>
        </div>
      </dl>
      <DataTable
        columns={columns}
        rows={bonuses.data.claims}
        rowKey={(claim) => String(claim.id)}
        empty={t('players.bonuses.none')}
        testId="player-bonuses-claims"
      />
      <CancelClaimDialog
        playerId={playerId}
        claim={cancelling}
        coinsPoints={bonuses.data.coinsPoints}
        onClose={() => setCancelling(null)}
      />
    </section>
  );
}

/** What became of the coins: converted to cash, forfeited, or nothing yet. */
function endedText(t: TFunction, claim: BonusClaim): string {
  if (claim.convertedPoints !== null) {
    return t('players.bonuses.converted', { amount: formatAmount(claim.convertedPoints) });
  }
  if (claim.forfeitedPoints !== null) {
    return t('players.bonuses.forfeited', { amount: formatAmount(claim.forfeitedPoints) });
  }
  return '—';
}

const DATES = ['createdAt', 'activatedAt', 'expiresAt', 'endedAt'] as const;

/** The claims' columns; a Cancel button on pending and active ones when `onCancel` is given. */
function useClaimColumns(onCancel: ((claim: BonusClaim) => void) | null): Column<BonusClaim>[] {
  const { t } = useTranslation();
  const name = useClaimName();
  const columns: Column<BonusClaim>[] = [
    { key: 'name', header: t('players.bonuses.name'), render: name },
    {
      key: 'status',
      header: t('players.status'),
      render: (claim) => (
        <StatusBadge
          status={claim.status}
          tone={claim.status === 'completed' ? 'info' : undefined}
          label={t(`players.bonuses.statuses.${claim.status}`)}
        />
      ),
    },
    {
      key: 'bonus',
      header: t('players.bonuses.bonus'),
      align: 'num',
      render: (claim) => formatAmount(claim.bonusPoints),
    },
    {
      key: 'wagering',
      header: t('players.bonuses.wagering'),
      align: 'num',
      render: (claim) =>
        `${formatAmount(claim.wageredPoints)} / ${formatAmount(claim.wageringRequiredPoints)}`,
    },
    { key: 'ended', header: t('players.bonuses.result'), render: (claim) => endedText(t, claim) },
    ...DATES.map((key) => ({
      key,
      header: t(`players.bonuses.${key}`),
      render: (claim: BonusClaim) => formatDateTime(claim[key]),
    })),
  ];
  return onCancel ? [...columns, cancelColumn(t, onCancel)] : columns;
}

/** A Cancel button on a bonus that has not ended (pending or active). */
function cancelColumn(t: TFunction, onCancel: (claim: BonusClaim) => void): Column<BonusClaim> {
  return {
    key: 'actions',
    header: t('ui.actions'),
    render: (claim) =>
      claim.status === 'pending' || claim.status === 'active' ? (
        <button type="button" className="danger" onClick={() => onCancel(claim)}>
          {t('players.bonuses.cancel')}
        </button>
      ) : null,
  };
}

interface CancelClaimDialogProps {
  playerId: string;
  claim: BonusClaim | null;
  coinsPoints: number;
  onClose: () => void;
}

/** Asks before ending a bonus; says what is forfeited; the failure stays in the dialog. */
function CancelClaimDialog({ playerId, claim, coinsPoints, onClose }: CancelClaimDialogProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const name = useClaimName();
  const cancel = useMutation({
    mutationFn: cancelBonusClaim,
    onSuccess: () => {
      toastSuccess(t('players.bonuses.cancelled'));
      onClose();
    },
    // The claims and the wallet figures (coins) both change.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: playerKeys.detail(playerId) }),
  });
  const close = () => {
    cancel.reset();
    onClose();
  };
  const values = { name: claim ? name(claim) : '', coins: formatAmount(coinsPoints) };
  return (
    <ConfirmDialog
      open={claim !== null}
      title={t('players.bonuses.cancelTitle')}
      message={
        <>
          {t(
            `players.bonuses.${claim?.status === 'pending' ? 'cancelPending' : 'cancelActive'}`,
            values,
          )}
          {cancel.isError ? (
            <span className="field-error" role="alert">
              {' '}
              {errorText(cancel.error)}
            </span>
          ) : null}
        </>
      }
      confirmLabel={t('players.bonuses.cancel')}
      cancelLabel={t('players.bonuses.keep')}
      danger
      busy={cancel.isPending}
      onConfirm={() => claim && cancel.mutate(claim.id)}
      onCancel={close}
    />
  );
}
