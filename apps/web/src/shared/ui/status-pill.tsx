import './status-pill.css';

/** What a status means to the player, which the pill's colour says. */
export type StatusTone = 'info' | 'active' | 'good' | 'bad' | 'muted';

/** A status as a small coloured pill; `status` is kept as data-status for tests and styles. */
export function StatusPill({
  status,
  tone,
  label,
  testId,
}: {
  status: string;
  tone: StatusTone;
  label: string;
  testId: string;
}) {
  return (
    <span className={`status-pill status-pill--${tone}`} data-status={status} data-testid={testId}>
      {label}
    </span>
  );
}
