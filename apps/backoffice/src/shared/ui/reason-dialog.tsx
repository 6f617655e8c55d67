import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from './modal.tsx';

export interface ReasonDialogProps {
  open: boolean;
  title: ReactNode;
  message?: ReactNode;
  /** Label of the text box (defaults to "Reason"). */
  label?: ReactNode;
  confirmLabel?: ReactNode;
  /** Minimum length after trimming (default 3, as the contract's lock/decline reasons). */
  minLength?: number;
  maxLength?: number;
  /** When false an empty text is accepted (e.g. an optional approval note). */
  required?: boolean;
  danger?: boolean;
  busy?: boolean;
  onSubmit: (reason: string) => void;
  onCancel: () => void;
}

/** Asks for a reason (or note) before a decision; validates the length. */
export function ReasonDialog({
  open,
  title,
  message,
  label,
  confirmLabel,
  minLength = 3,
  maxLength = 500,
  required = true,
  danger,
  busy,
  onSubmit,
  onCancel,
}: ReasonDialogProps) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const fieldId = useId();

  useEffect(() => {
    if (open) {
      setReason('');
      setError(null);
    }
  }, [open]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = reason.trim();
    if ((required || text.length > 0) && text.length < minLength) {
      setError(t('ui.reasonTooShort', { min: minLength }));
      return;
    }
    if (text.length > maxLength) {
      setError(t('ui.reasonTooLong', { max: maxLength }));
      return;
    }
    onSubmit(text);
  };

  return (
    <Modal open={open} title={title} onClose={onCancel}>
      <form onSubmit={submit} className="stack">
        {message ? <p>{message}</p> : null}
        <label htmlFor={fieldId}>{label ?? t('ui.reason')}</label>
        <textarea
          id={fieldId}
          value={reason}
          rows={3}
          maxLength={maxLength + 50}
          aria-invalid={error ? true : undefined}
          onChange={(event) => setReason(event.target.value)}
        />
        {error ? (
          <p className="field-error" role="alert">
            {error}
          </p>
        ) : null}
        <div className="actions">
          <button type="button" onClick={onCancel}>
            {t('ui.cancel')}
          </button>
          <button type="submit" className={danger ? 'danger' : 'primary'} disabled={busy}>
            {confirmLabel ?? t('ui.confirm')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
