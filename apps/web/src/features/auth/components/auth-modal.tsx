import { useId, useRef } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useModalFocus } from '@/shared/hooks/use-modal-focus';

interface AuthModalProps {
  /** The modal state value (SPEC 2.5), also written to data-modal for tests. */
  name: string;
  title: string;
  onClose: () => void;
  children?: ReactNode;
  /** data-testid of the dialog and of its close button (defaults: none, "modal-close"). */
  testId?: string;
  closeTestId?: string;
}

/** An accessible modal frame: labelled dialog, Escape and backdrop close, focus inside. */
export function AuthModal({
  name,
  title,
  onClose,
  children,
  testId,
  closeTestId = 'modal-close',
}: AuthModalProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);

  useModalFocus(dialogRef, onClose);

  return (
    <div
      className="modal-backdrop"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div
        ref={dialogRef}
        className="modal"
        role="dialog"
        aria-modal="true"
        aria-labelledby={headingId}
        data-modal={name}
        data-testid={testId}
        tabIndex={-1}
      >
        <header className="modal__header">
          <h2 id={headingId} className="modal__title">
            {title}
          </h2>
          <button
            type="button"
            className="modal__close"
            onClick={onClose}
            aria-label={t('modals.close')}
            data-testid={closeTestId}
          >
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
              <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" />
            </svg>
          </button>
        </header>
        <div className="modal__body">{children}</div>
      </div>
    </div>
  );
}
