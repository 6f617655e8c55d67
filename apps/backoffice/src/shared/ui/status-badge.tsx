import type { ReactNode } from 'react';

export type BadgeTone = 'neutral' | 'good' | 'warn' | 'bad' | 'info';

const TONES: Record<string, BadgeTone> = {
  active: 'good',
  approved: 'good',
  open: 'good',
  live: 'good',
  success: 'good',
  settled: 'info',
  won: 'good',
  pending: 'warn',
  suspended: 'warn',
  maintenance: 'warn',
  warning: 'warn',
  in_play: 'info',
  inplay: 'info',
  upcoming: 'info',
  info: 'info',
  locked: 'bad',
  declined: 'bad',
  rejected: 'bad',
  closed: 'neutral',
  void: 'neutral',
  voided: 'neutral',
  cancelled: 'neutral',
  expired: 'neutral',
  disabled: 'bad',
  lost: 'bad',
  error: 'bad',
  failed: 'bad',
};

export interface StatusBadgeProps {
  /** The raw status; picks the colour when no tone is given. */
  status: string;
  /** What to show (translated); the raw status when omitted. */
  label?: ReactNode;
  tone?: BadgeTone;
}

export function StatusBadge({ status, label, tone }: StatusBadgeProps) {
  const chosen = tone ?? TONES[status] ?? 'neutral';
  return (
    <span className={`badge badge-${chosen}`} data-status={status}>
      {label ?? status}
    </span>
  );
}
