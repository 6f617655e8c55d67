import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { staffChangePasswordBodySchema, type StaffChangePasswordBody } from '@spm/contract';
import { ApiError } from '@spm/client';
import { Field, Modal, errorText, toastError, toastSuccess } from '../../shared/ui/index.ts';
import { requestPasswordChange } from './api.ts';

type FieldName = 'currentPassword' | 'newPassword' | 'repeatPassword' | 'code';
type Errors = Partial<Record<FieldName, string>>;

const EMPTY = { currentPassword: '', newPassword: '', repeatPassword: '', code: '' };

/**
 * The header's "Change password": the member's own password, proven with the current one and
 * a code from their authenticator (docs/backoffice.md). The server ends their other sessions.
 */
export function ChangePasswordButton() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        {t('changePassword.button')}
      </button>
      {open ? <ChangePasswordDialog onClose={() => setOpen(false)} /> : null}
    </>
  );
}

function ChangePasswordDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const [form, setForm] = useState(EMPTY);
  const [errors, setErrors] = useState<Errors>({});

  const mutation = useMutation({
    mutationFn: requestPasswordChange,
    onSuccess: () => {
      toastSuccess(t('changePassword.done'));
      onClose();
    },
    onError: (error) => {
      // The two refusals a member can fix are shown on their field; the rest as a toast.
      if (error instanceof ApiError && error.code === 'WRONG_PASSWORD') {
        setErrors({ currentPassword: errorText(error) });
      } else if (error instanceof ApiError && error.code === 'TOTP_INVALID') {
        setErrors({ code: errorText(error) });
      } else {
        toastError(error);
      }
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body: StaffChangePasswordBody = {
      currentPassword: form.currentPassword,
      newPassword: form.newPassword,
      code: form.code.replace(/\s/g, ''),
    };
    const found: Errors = {};
    const checked = staffChangePasswordBodySchema.safeParse(body);
    if (!checked.success) {
      for (const issue of checked.error.issues) {
        const field = issue.path[0];
        if (field === 'currentPassword') found.currentPassword = t('changePassword.errors.current');
        if (field === 'code') found.code = t('changePassword.errors.code');
        if (field === 'newPassword') {
          found.newPassword =
            body.newPassword.length >= 12 && body.newPassword === body.currentPassword
              ? t('changePassword.errors.same')
              : t('changePassword.errors.newPassword');
        }
      }
    }
    if (!found.newPassword && form.repeatPassword !== form.newPassword) {
      found.repeatPassword = t('changePassword.errors.mismatch');
    }
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    mutation.mutate(body);
  };

  const input = (name: FieldName, autoComplete: string, type = 'password') => (
    <input
      name={name}
      type={type}
      autoComplete={autoComplete}
      value={form[name]}
      onChange={(event) => setForm({ ...form, [name]: event.target.value })}
      {...(type === 'password' ? {} : { inputMode: 'numeric' as const, maxLength: 7 })}
    />
  );

  return (
    <Modal open title={t('changePassword.title')} onClose={onClose}>
      <form className="stack" onSubmit={submit} noValidate data-testid="change-password-form">
        <Field label={t('changePassword.current')} error={errors.currentPassword}>
          {input('currentPassword', 'current-password')}
        </Field>
        <Field label={t('changePassword.new')} error={errors.newPassword}>
          {input('newPassword', 'new-password')}
        </Field>
        <Field label={t('changePassword.repeat')} error={errors.repeatPassword}>
          {input('repeatPassword', 'new-password')}
        </Field>
        <Field label={t('changePassword.code')} error={errors.code}>
          {input('code', 'one-time-code', 'text')}
        </Field>
        <p className="muted">{t('changePassword.note')}</p>
        <div className="actions">
          <button type="button" onClick={onClose}>
            {t('ui.cancel')}
          </button>
          <button type="submit" className="primary" disabled={mutation.isPending}>
            {t('changePassword.submit')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
