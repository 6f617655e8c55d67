import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import type { WithdrawAnswer } from '@spm/contract';
import { applyWalletReply } from '@/shared/realtime/realtime-client';
import { useInvalidateCashier } from '../api/cashier-api';

/**
 * Sends a withdrawal once at a time; on success the wallet takes the answer's figures (unless
 * an update_balance newer than them came first), the histories refetch and the player lands
 * on /withdrawlist.
 */
export function useWithdrawSubmit() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const invalidate = useInvalidateCashier();
  const [busy, setBusy] = useState(false);
  // State updates land after the click handler returns; the ref stops a second click now.
  const inFlight = useRef(false);

  const submit = async (send: () => Promise<WithdrawAnswer | null>) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setBusy(true);
    const answer = await send();
    inFlight.current = false;
    setBusy(false);
    if (!answer) return;
    applyWalletReply(answer.wallet);
    toast.success(t('cashier.withdraw.created'));
    invalidate();
    navigate('/withdrawlist');
  };

  return { busy, submit };
}
