import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatAmount } from '@spm/client';
import type { RealityCheckEvent } from '@spm/contract';
import { useModalFocus } from '@/shared/hooks/use-modal-focus';
import './safer-play.css';

interface RealityCheckDialogProps {
  check: RealityCheckEvent;
  /** Closes the dialog; play goes on. */
  onContinue: () => void;
  /** Signs the player out. */
  onStop: () => void;
}

/** "1 h 5 min" or "45 min", in the player's language. */
export function usePlayedText(minutes: number): string {
  const { t } = useTranslation();
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return hours > 0
    ? t('saferPlaySessions.hoursMinutes', { hours, minutes: rest })
    : t('saferPlaySessions.minutes', { minutes: rest });
}

/**
 * The reality check over any page (issue 42 item 2): time played in this session, its net
 * result and a link to the history, with "continue" and "stop" (sign out). The figures are
 * the server's, sent at the player's interval. Escape continues; the backdrop does nothing,
 * so a stray tap does not dismiss it unread.
 */
export function RealityCheckDialog({ check, onContinue, onStop }: RealityCheckDialogProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const continueRef = useRef<HTMLButtonElement>(null);
  useModalFocus(continueRef, onContinue);
  const played = usePlayedText(check.playedMinutes);
  const netClass =
    check.net > 0 ? 'reality-check__net--won' : check.net < 0 ? 'reality-check__net--lost' : '';

  return (
    <div className="modal-backdrop reality-check__backdrop">
      <div
        className="modal reality-check"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={headingId}
        data-testid="reality-check-dialog"
      >
        <header className="modal__header">
          <h2 id={headingId} className="modal__title">
            {t('saferPlaySessions.dialogTitle')}
          </h2>
        </header>
        <div className="modal__body">
          <dl className="reality-check__figures">
            <div className="reality-check__figure">
              <dt>{t('saferPlaySessions.timePlayed')}</dt>
              <dd data-testid="reality-check-played">{played}</dd>
            </div>
            <div className="reality-check__figure">
              <dt>{t('saferPlaySessions.netResult')}</dt>
              <dd className={netClass} data-testid="reality-check-net">
                {check.net > 0 ? '+' : ''}
                {formatAmount(check.net)}
              </dd>
            </div>
          </dl>
          <p className="reality-check__hint">{t('saferPlaySessions.dialogHint')}</p>
          <Link
            to="/statement"
            className="reality-check__history"
            onClick={onContinue}
            data-testid="reality-check-history"
          >
            {t('saferPlaySessions.historyLink')}
          </Link>
          <div className="reality-check__actions">
            <button
              type="button"
              className="button button--ghost"
              onClick={onStop}
              data-testid="reality-check-stop"
            >
              {t('saferPlaySessions.stop')}
            </button>
            <button
              ref={continueRef}
              type="button"
              className="button button--primary"
              onClick={onContinue}
              data-testid="reality-check-continue"
            >
              {t('saferPlaySessions.continue')}
            </button>
          </div>
        </div>
      </div>
    </div>
  );
}
