import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { staffCreateBodySchema, type StaffAccount } from '@spm/contract';
import { ApiError } from '@spm/client';
import { Field, errorText, toastError, toastSuccess } from '../../shared/ui/index.ts';
import { STAFF_USERS_KEY, createStaffUser, type StaffCreateInput } from './api.ts';

type Errors = Partial<Record<'username' | 'password' | 'agentCode' | 'parentStaffId', string>>;

/** New admin or agent. Agents carry the code players type at sign-up; sub-agents a parent. */
export function CreateStaffForm({ agents }: { agents: StaffAccount[] }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [form, setForm] = useState<StaffCreateInput>({
    username: '',
    password: '',
    role: 'agent',
    agentCode: '',
    parentStaffId: '',
  });
  const [errors, setErrors] = useState<Errors>({});

  const mutation = useMutation({
    mutationFn: createStaffUser,
    onSuccess: (_answer, body) => {
      void queryClient.invalidateQueries({ queryKey: STAFF_USERS_KEY });
      toastSuccess(t('staffUsers.created', { username: body.username }));
      setForm({ username: '', password: '', role: form.role, agentCode: '', parentStaffId: '' });
      setErrors({});
    },
    onError: (error) => {
      if (error instanceof ApiError && error.code === 'STAFF_USERNAME_TAKEN') {
        setErrors({ username: errorText(error) });
      } else if (error instanceof ApiError && error.code === 'AGENT_CODE_TAKEN') {
        setErrors({ agentCode: errorText(error) });
      } else {
        toastError(error);
      }
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const isAgent = form.role === 'agent';
    const body: StaffCreateInput = {
      username: form.username.trim(),
      password: form.password,
      role: form.role,
      agentCode: isAgent && form.agentCode?.trim() ? form.agentCode.trim() : undefined,
      parentStaffId: isAgent && form.parentStaffId ? form.parentStaffId : undefined,
    };
    const found: Errors = {};
    const checked = staffCreateBodySchema.safeParse(body);
    if (!checked.success) {
      for (const issue of checked.error.issues) {
        const field = issue.path[0];
        if (field === 'username') found.username = t('staffUsers.errors.username');
        if (field === 'password') found.password = t('staffUsers.errors.password');
        if (field === 'agentCode') found.agentCode = t('staffUsers.errors.agentCode');
      }
    }
    if (isAgent && !body.agentCode) found.agentCode = t('staffUsers.errors.agentCodeRequired');
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    mutation.mutate(body);
  };

  return (
    <form
      className="panel stack"
      onSubmit={submit}
      noValidate
      aria-labelledby="create-staff-heading"
    >
      <h2 id="create-staff-heading">{t('staffUsers.createTitle')}</h2>
      <div className="form-grid">
        <Field label={t('staffUsers.username')} error={errors.username}>
          <input
            name="username"
            autoComplete="off"
            value={form.username}
            onChange={(event) => setForm({ ...form, username: event.target.value })}
          />
        </Field>
        <Field label={t('staffUsers.password')} error={errors.password}>
          <input
            name="password"
            type="password"
            autoComplete="new-password"
            value={form.password}
            onChange={(event) => setForm({ ...form, password: event.target.value })}
          />
        </Field>
        <Field label={t('staffUsers.role')}>
          <select
            name="role"
            value={form.role}
            onChange={(event) =>
              setForm({ ...form, role: event.target.value === 'admin' ? 'admin' : 'agent' })
            }
          >
            <option value="agent">{t('roles.agent')}</option>
            <option value="admin">{t('roles.admin')}</option>
          </select>
        </Field>
        {form.role === 'agent' ? (
          <>
            <Field label={t('staffUsers.agentCode')} error={errors.agentCode}>
              <input
                name="agentCode"
                value={form.agentCode}
                onChange={(event) => setForm({ ...form, agentCode: event.target.value })}
              />
            </Field>
            <Field label={t('staffUsers.parent')}>
              <select
                name="parentStaffId"
                value={form.parentStaffId}
                onChange={(event) => setForm({ ...form, parentStaffId: event.target.value })}
              >
                <option value="">{t('staffUsers.noParent')}</option>
                {agents.map((agent) => (
                  <option key={agent.id} value={agent.id}>
                    {agent.username}
                    {agent.agentCode ? ` (${agent.agentCode})` : ''}
                  </option>
                ))}
              </select>
            </Field>
          </>
        ) : null}
      </div>
      <p className="muted">{t('staffUsers.totpNote')}</p>
      <div className="actions">
        <button type="submit" className="primary" disabled={mutation.isPending}>
          {t('staffUsers.create')}
        </button>
      </div>
    </form>
  );
}
