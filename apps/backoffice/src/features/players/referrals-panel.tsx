import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatAmount, formatDateTime } from '@spm/client';
import { errorText } from '../../shared/ui/index.ts';
import type { StaffPlayerReferrals } from '@spm/contract';
import { fetchReferrals, playerKeys } from './api.ts';

/**
 * Who invited the player and whom they invited (docs/referral.md): the same address or a
 * chain of new accounts rewarded one after the other is how one person's many accounts show.
 */
export function ReferralsPanel({ playerId }: { playerId: string }) {
  const { t } = useTranslation();
  const referrals = useQuery({
    queryKey: playerKeys.tab(playerId, 'referrals', {}),
    queryFn: () => fetchReferrals(playerId),
  });
  if (referrals.isError) {
    return (
      <p className="field-error" role="alert">
        {errorText(referrals.error)}
      </p>
    );
  }
  if (!referrals.data) return <p className="muted">{t('ui.loading')}</p>;
  const { code, invitedBy, invited, invitedTotal } = referrals.data;
  return (
    <section className="panel" data-testid="player-referrals">
      <h2>{t('players.referrals.title')}</h2>
      <dl className="figures">
        <div className="figure-row">
          <dt>{t('players.referrals.code')}</dt>
          <dd>{code ?? '—'}</dd>
        </div>
        <div className="figure-row">
          <dt>{t('players.referrals.invitedBy')}</dt>
          <dd>
            {invitedBy ? <Link to={`/players/${invitedBy.id}`}>{invitedBy.username}</Link> : '—'}
          </dd>
        </div>
        <div className="figure-row">
          <dt>{t('players.referrals.invitedTotal')}</dt>
          <dd>{invitedTotal}</dd>
        </div>
      </dl>
      {invited.length > 0 ? <InvitedTable invited={invited} /> : null}
      {invitedTotal > invited.length ? (
        <p className="muted">
          {t('players.referrals.newestShown', { shown: invited.length, total: invitedTotal })}
        </p>
      ) : null}
    </section>
  );
}

/** The invited players, newest first: each a link, with the signals of a repeated person. */
function InvitedTable({ invited }: { invited: StaffPlayerReferrals['invited'] }) {
  const { t } = useTranslation();
  return (
    <table className="table" data-testid="player-referrals-invited">
      <thead>
        <tr>
          <th>{t('players.username')}</th>
          <th>{t('players.referrals.joined')}</th>
          <th>{t('players.status')}</th>
          <th>{t('players.registrationIp')}</th>
          <th>{t('players.referrals.reward')}</th>
        </tr>
      </thead>
      <tbody>
        {invited.map((player) => (
          <tr key={player.id}>
            <td>
              <Link to={`/players/${player.id}`}>{player.username}</Link>
            </td>
            <td>{formatDateTime(player.joinedAt)}</td>
            <td>{t(`players.statuses.${player.status}`)}</td>
            <td>{player.registrationIp ?? '—'}</td>
            <td>
              {player.rewardPoints === null
                ? t('players.referrals.noReward')
                : formatAmount(player.rewardPoints)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
