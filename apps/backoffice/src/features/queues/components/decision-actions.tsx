import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  FormFeedback,
  opsErrorText,
  ReasonDialog,
  toastSuccess,
} from '../../../shared/ui/index.ts';
import { decideRequest, queueKeys, type Decision, type QueueKind } from '../api.ts';

export interface DecisionActionsProps {
  kind: QueueKind;
  id: string;
  /** What approving does to the player's money, shown before the staff member confirms. */
  approveEffect: ReactNode;
  /** What declining does. */
  declineEffect: ReactNode;
}

/**
 * Approve (optional note) and decline (reason required) for one pending request. Either asks
 * first; a refusal (e.g. REQUEST_ALREADY_DECIDED when someone else was quicker) is shown here
 * translated and the queue is reloaded so the row shows what really happened.
 */
export function DecisionActions({ kind, id, approveEffect, declineEffect }: DecisionActionsProps) {
  const { t } = useTranslation('ops');
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState<'approve' | 'decline' | null>(null);
  const [error, setError] = useState<string | null>(null);

  const decide = useMutation({
    mutationFn: (decision: Decision) => decideRequest(kind, id, decision),
    onSuccess: (_answer, decision) => {
      setError(null);
      toastSuccess(
        decision.action === 'approve'
          ? t(`queues.${kind}.approved`, { id })
          : t(`queues.${kind}.declined`, { id }),
      );
    },
    onError: (failure) => setError(opsErrorText(failure)),
    onSettled: () => {
      setAsking(null);
      void queryClient.invalidateQueries({ queryKey: queueKeys.all(kind) });
    },
  });

  return (
    <div className="ops-decision">
      <FormFeedback error={error} />
      <div className="actions">
        <button
          type="button"
          className="primary"
          disabled={decide.isPending}
          onClick={() => {
            setError(null);
            setAsking('approve');
          }}
        >
          {t('queues.approve')}
        </button>
        <button
          type="button"
          className="danger"
          disabled={decide.isPending}
          onClick={() => {
            setError(null);
            setAsking('decline');
          }}
        >
          {t('queues.decline')}
        </button>
      </div>
      <ReasonDialog
        open={asking === 'approve'}
        title={t(`queues.${kind}.approveTitle`, { id })}
        message={approveEffect}
        label={t('queues.noteOptional')}
        confirmLabel={t('queues.approve')}
        required={false}
        busy={decide.isPending}
        onSubmit={(note) => decide.mutate({ action: 'approve', note })}
        onCancel={() => setAsking(null)}
      />
      <ReasonDialog
        open={asking === 'decline'}
        title={t(`queues.${kind}.declineTitle`, { id })}
        message={declineEffect}
        label={t('queues.reasonRequired')}
        confirmLabel={t('queues.decline')}
        danger
        busy={decide.isPending}
        onSubmit={(reason) => decide.mutate({ action: 'decline', reason })}
        onCancel={() => setAsking(null)}
      />
    </div>
  );
}
