import { formatAmount } from '@spm/client';
import { useAuthStore } from '@/shared/stores/auth-store';
import './wallet-figures.css';

/**
 * The balance and exposure every screen shows (header, casino tables, cashier): read from the
 * auth store only, where the realtime client puts each versioned wallet (update_balance and
 * get:balance), so two tables and the header of one player can never show two figures.
 */
export function useWalletFigures(): { balance: number; exposure: number; coins: number } {
  const balance = useAuthStore((state) => state.wallet.balance);
  const exposure = useAuthStore((state) => state.exposureAmount);
  // Bonus coins: the casino stakes them after cash (docs/bonus.md).
  const coins = useAuthStore((state) => state.wallet.coins);
  return { balance, exposure, coins };
}

/**
 * Exposure is money held for open bets, never a loss: red only while some is held (above
 * zero); 0.00 is drawn like any other figure.
 */
export function exposureTone(exposure: number): 'held' | 'none' {
  return exposure > 0 ? 'held' : 'none';
}

export function ExposureAmount({
  amount,
  className,
  testId,
}: {
  amount: number;
  className?: string;
  testId: string;
}) {
  const tone = exposureTone(amount);
  return (
    <span
      className={`${className ? `${className} ` : ''}exposure-amount exposure-amount--${tone}`}
      data-testid={testId}
      data-tone={tone}
    >
      {formatAmount(amount)}
    </span>
  );
}
