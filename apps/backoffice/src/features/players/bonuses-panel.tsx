import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
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
  const { t } = useTranslation('bonus');
  return (claim: BonusClaim) => claim.title ?? t(`player.sources.${claim.source}`);
}

interface BonusesPanelProps {
  playerId: string;
  canCancel: boolean;
}

/**
 * The player's bonus coins and bonuses (claims), newest first; those who edit the offers may
 * end a pending or active one (its coins left are forfeited). Agents see their downline only.
 * Its strings are the lazy `bonus` namespace: until they are in, only this panel waits.
 */
export function BonusesPanel(props: BonusesPanelProps) {
  const { t } = useTranslation();
  return (
    <Suspense fallback={<p className="muted">{t('ui.loading')}</p>}>
      <BonusesPanelContent {...props} />
    </Suspense>
  );
}

function BonusesPanelContent({ playerId, canCancel }: BonusesPanelProps) {
  const { t } = useTranslation('bonus');
  const { t: tApp } = useTranslation();
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
  if (!bonuses.data) return <p className="muted">{tApp('ui.loading')}</p>;
  return (
    <section className="panel" data-testid="player-bonuses">
      <h2>{t('player.title')}</h2>
      <dl className="figures">
        <div className="figure-row">
          <dt>{t('player.coins')}</dt>
          <dd>{formatAmount(bonuses.data.coinsPoints)}</dd>
        </div>
      </dl>
      <DataTable
        columns={columns}
        rows={bonuses.data.claims}
        rowKey={(claim) => String(claim.id)}
        empty={t('player.none')}
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
function endedText(t: TFunction<'bonus'>, claim: BonusClaim): string {
  if (claim.convertedPoints !== null) {
    return t('player.converted', { amount: formatAmount(claim.convertedPoints) });
  }
  if (claim.forfeitedPoints !== null) {
    return t('player.forfeited', { amount: formatAmount(claim.forfeitedPoints) });
  }
  return '—';
}

const DATES = ['createdAt', 'activatedAt', 'expiresAt', 'endedAt'] as const;

/** The claims' columns; a Cancel button on pending and active ones when `onCancel` is given. */
function useClaimColumns(onCancel: ((claim: BonusClaim) => void) | null): Column<BonusClaim>[] {
  const { t } = useTranslation('bonus');
  const { t: tApp } = useTranslation();
  const name = useClaimName();
  const columns: Column<BonusClaim>[] = [
    { key: 'name', header: t('player.name'), render: name },
    {
      key: 'status',
      header: tApp('players.status'),
      render: (claim) => (
        <StatusBadge
          status={claim.status}
          tone={claim.status === 'completed' ? 'info' : undefined}
          label={t(`player.statuses.${claim.status}`)}
        />
      ),
    },
    {
      key: 'bonus',
      header: t('player.bonus'),
      align: 'num',
      render: (claim) => formatAmount(claim.bonusPoints),
    },
    {
      key: 'wagering',
      header: t('player.wagering'),
      align: 'num',
      render: (claim) =>
        `${formatAmount(claim.wageredPoints)} / ${formatAmount(claim.wageringRequiredPoints)}`,
    },
    { key: 'ended', header: t('player.result'), render: (claim) => endedText(t, claim) },
    ...DATES.map((key) => ({
      key,
      header: t(`player.${key}`),
      render: (claim: BonusClaim) => formatDateTime(claim[key]),
    })),
  ];
  return onCancel ? [...columns, cancelColumn(t, tApp('ui.actions'), onCancel)] : columns;
}

/** A Cancel button on a bonus that has not ended (pending or active). */
function cancelColumn(
  t: TFunction<'bonus'>,
  header: string,
  onCancel: (claim: BonusClaim) => void,
): Column<BonusClaim> {
  return {
    key: 'actions',
    header,
    render: (claim) =>
      claim.status === 'pending' || claim.status === 'active' ? (
        <button type="button" className="danger" onClick={() => onCancel(claim)}>
          {t('player.cancel')}
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
  const { t } = useTranslation('bonus');
  const queryClient = useQueryClient();
  const name = useClaimName();
  const cancel = useMutation({
    mutationFn: cancelBonusClaim,
    onSuccess: () => {
      toastSuccess(t('player.cancelled'));
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
      title={t('player.cancelTitle')}
      message={
        <>
          {t(`player.${claim?.status === 'pending' ? 'cancelPending' : 'cancelActive'}`, values)}
          {cancel.isError ? (
            <span className="field-error" role="alert">
              {' '}
              {errorText(cancel.error)}
            </span>
          ) : null}
        </>
      }
      confirmLabel={t('player.cancel')}
      cancelLabel={t('player.keep')}
      danger
      busy={cancel.isPending}
      onConfirm={() => claim && cancel.mutate(claim.id)}
      onCancel={close}
    />
  );
}
