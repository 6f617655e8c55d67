import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from './modal.tsx';

export interface FormFeedbackProps {
  /** A quiet line (e.g. "saved") shown above the error. */
  notice?: ReactNode;
  /** The failure of the last attempt; announced to assistive tech. */
  error?: ReactNode;
}

/** The notice and error lines every back-office form shows under its fields; an empty one is left out. */
export function FormFeedback({ notice, error }: FormFeedbackProps) {
  return (
    <>
      {notice ? <p className="muted">{notice}</p> : null}
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </>
  );
}

export interface DialogActionsProps {
  onCancel: () => void;
  /** True while the submit is in flight; the submit button is disabled meanwhile. */
  busy: boolean;
  /** Label of the submit button (defaults to "Save"). */
  submitLabel?: ReactNode;
}

/** The Cancel / submit row that closes every dialog form, so they all look and behave alike. */
export function DialogActions({ onCancel, busy, submitLabel }: DialogActionsProps) {
  // The ops screens' dialogs say Cancel/Save with the words of the ops namespace (common.*), not ui.*.
  const { t } = useTranslation('ops');
  return (
    <div className="actions">
      <button type="button" onClick={onCancel}>
        {t('common.cancel')}
      </button>
      <button type="submit" className="primary" disabled={busy}>
        {submitLabel ?? t('common.save')}
      </button>
    </div>
  );
}

export interface ModalFormProps extends FormFeedbackProps, Omit<DialogActionsProps, 'onCancel'> {
  open: boolean;
  title: ReactNode;
  onClose: () => void;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  wide?: boolean;
  /** The form's fields. */
  children: ReactNode;
}

/**
 * A dialog whose body is one form: the fields, then the notice/error lines, then Cancel/submit.
 * The form validates itself (noValidate) so the messages stay the app's own, in its language.
 */
export function ModalForm({
  open,
  title,
  onClose,
  onSubmit,
  wide,
  notice,
  error,
  busy,
  submitLabel,
  children,
}: ModalFormProps) {
  return (
    <Modal open={open} title={title} onClose={onClose} wide={wide}>
      <form className="stack" onSubmit={onSubmit} noValidate>
        {children}
        <FormFeedback notice={notice} error={error} />
        <DialogActions onCancel={onClose} busy={busy} submitLabel={submitLabel} />
      </form>
    </Modal>
  );
}
