import { useId, useRef } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useModalFocus } from '@/shared/hooks/use-modal-focus';
import './confirm-dialog.css';

interface ConfirmDialogProps {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  busy?: boolean;
  testId?: string;
}

/**
 * "Are you sure?" before an action that cannot be taken back (cancel a withdrawal, delete a
 * bank detail). Escape and the backdrop cancel; focus starts on Cancel, the safe choice.
 */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  onConfirm,
  onCancel,
  busy = false,
  testId = 'confirm-dialog',
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const cancelRef = useRef<HTMLButtonElement>(null);

  useModalFocus(cancelRef, onCancel);

  return (
    <div
      className="modal-backdrop"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget && !busy) onCancel();
      }}
    >
      <div
        className="modal"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={headingId}
        data-testid={testId}
      >
        <header className="modal__header">
          <h2 id={headingId} className="modal__title">
            {title}
          </h2>
        </header>
        <div className="modal__body confirm-dialog__body">
          <div className="confirm-dialog__text">{children}</div>
          <div className="confirm-dialog__actions">
            <button
              ref={cancelRef}
              type="button"
              className="button button--ghost"
              onClick={onCancel}
              disabled={busy}
              data-testid={`${testId}-cancel`}
            >
              {t('common.cancel')}
            </button>
            <button
              type="button"
              className="button button--primary"
              onClick={onConfirm}
              disabled={busy}
              aria-busy={busy}
              data-testid={`${testId}-confirm`}
            >
              {confirmLabel}
            </button>
          </div>
        </div>
      </div>
    </div>
  );
}
