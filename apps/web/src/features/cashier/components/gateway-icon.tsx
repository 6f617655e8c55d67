import type { GatewayKind } from '@spm/contract';

const PATHS: Record<GatewayKind, string> = {
  // Phone with a tick: paying from a UPI app.
  upi: 'M8 2h8a2 2 0 0 1 2 2v16a2 2 0 0 1-2 2H8a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2zM9.5 12l2 2 3.5-4M11 18h2',
  // A bank building.
  bank: 'M3 10l9-6 9 6M5 10v8M9.5 10v8M14.5 10v8M19 10v8M3 20h18',
  // A wallet.
  wallet: 'M3 7h15a3 3 0 0 1 3 3v7a3 3 0 0 1-3 3H6a3 3 0 0 1-3-3V7zm0 0l12-3v3M16 13.5h2',
  // A coin with a T (USDT).
  crypto: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM8 8h8M12 8v9',
};

/** The kind of a payment method at a glance, next to its translated label. */
export function GatewayIcon({ kind }: { kind: GatewayKind }) {
  return (
    <span className={`gateway-icon gateway-icon--${kind}`} aria-hidden="true">
      <svg viewBox="0 0 24 24" width="24" height="24">
        <path
          d={PATHS[kind]}
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
    </span>
  );
}
