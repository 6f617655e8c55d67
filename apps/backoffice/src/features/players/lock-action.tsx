import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StaffPlayer } from '@spm/contract';
import { ReasonDialog, toastError, toastSuccess } from '../../shared/ui/index.ts';
import { playerKeys, setPlayerLock } from './api.ts';

/** Lock (ends every session and socket) or unlock, always with a reason for the audit log. */
export function LockAction({ player }: { player: StaffPlayer }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const locking = player.status !== 'locked';

  const mutation = useMutation({
    mutationFn: (reason: string) => setPlayerLock(player.id, locking, reason),
    onSuccess: (answer) => {
      queryClient.setQueryData(playerKeys.detail(player.id), answer.player);
      void queryClient.invalidateQueries({ queryKey: playerKeys.all });
      setOpen(false);
      toastSuccess(
        locking
          ? t('players.lock.done', { sessions: answer.sessionsEnded })
          : t('players.unlock.done'),
      );
    },
    onError: toastError,
  });

  if (player.status === 'closed') return null;
  return (
    <>
      <button
        type="button"
        className={locking ? 'danger' : 'primary'}
        onClick={() => setOpen(true)}
      >
        {locking ? t('players.lock.button') : t('players.unlock.button')}
      </button>
      <ReasonDialog
        open={open}
        danger={locking}
        busy={mutation.isPending}
        title={
          locking
            ? t('players.lock.title', { username: player.username })
            : t('players.unlock.title', { username: player.username })
        }
        message={locking ? t('players.lock.message') : t('players.unlock.message')}
        confirmLabel={locking ? t('players.lock.confirm') : t('players.unlock.confirm')}
        onCancel={() => setOpen(false)}
        onSubmit={(reason) => mutation.mutate(reason)}
      />
    </>
  );
}
