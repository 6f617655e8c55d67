import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { StaffAccount } from '@spm/contract';
import { useAuthStore } from '../../shared/auth-store.ts';
import {
  ConfirmDialog,
  DataTable,
  StatusBadge,
  errorText,
  toastError,
  toastSuccess,
  type Column,
} from '../../shared/ui/index.ts';
import { formatDateTime } from '@spm/client';
import {
  STAFF_USERS_KEY,
  fetchStaffUsers,
  runStaffUserAction,
  type StaffUserAction,
} from './api.ts';
import { CreateStaffForm } from './create-staff-form.tsx';

interface PendingAction {
  member: StaffAccount;
  action: StaffUserAction;
}

/** Admins and agents: create, reset the authenticator, disable and enable. */
export function StaffUsersPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const selfId = useAuthStore((state) => state.staff?.id);
  const [pending, setPending] = useState<PendingAction | null>(null);
  const users = useQuery({ queryKey: STAFF_USERS_KEY, queryFn: fetchStaffUsers });

  const mutation = useMutation({
    mutationFn: ({ member, action }: PendingAction) => runStaffUserAction(member.id, action),
    onSuccess: (_answer, { member, action }) => {
      void queryClient.invalidateQueries({ queryKey: STAFF_USERS_KEY });
      setPending(null);
      toastSuccess(
        t(`staffUsers.actions.${actionKey(action)}.done`, { username: member.username }),
      );
    },
    onError: (error) => {
      setPending(null);
      toastError(error);
    },
  });

  const list = users.data ?? [];
  const byId = new Map(list.map((member) => [member.id, member]));
  const agents = list.filter((member) => member.role === 'agent' && !member.disabled);

  const columns: Column<StaffAccount>[] = [
    { key: 'username', header: t('staffUsers.username'), render: (row) => row.username },
    { key: 'role', header: t('staffUsers.role'), render: (row) => t(`roles.${row.role}`) },
    { key: 'code', header: t('staffUsers.agentCode'), render: (row) => row.agentCode ?? '—' },
    {
      key: 'parent',
      header: t('staffUsers.parent'),
      render: (row) =>
        row.parentStaffId
          ? (byId.get(row.parentStaffId)?.username ?? `#${row.parentStaffId}`)
          : '—',
    },
    {
      key: 'totp',
      header: t('staffUsers.totp'),
      render: (row) =>
        row.totpEnabled ? (
          <StatusBadge status="active" label={t('staffUsers.totpOn')} />
        ) : (
          <StatusBadge status="pending" label={t('staffUsers.totpOff')} />
        ),
    },
    {
      key: 'state',
      header: t('staffUsers.state'),
      render: (row) =>
        row.disabled ? (
          <StatusBadge status="disabled" label={t('staffUsers.disabled')} />
        ) : (
          <StatusBadge status="active" label={t('staffUsers.active')} />
        ),
    },
    {
      key: 'created',
      header: t('staffUsers.createdAt'),
      render: (row) => formatDateTime(row.createdAt),
    },
    {
      key: 'actions',
      header: t('ui.actions'),
      render: (row) =>
        row.id === selfId ? (
          <span className="muted">{t('staffUsers.you')}</span>
        ) : (
          <span className="inline-actions">
            <button type="button" onClick={() => setPending({ member: row, action: 'reset-totp' })}>
              {t('staffUsers.actions.resetTotp.button')}
            </button>
            {row.disabled ? (
              <button type="button" onClick={() => setPending({ member: row, action: 'enable' })}>
                {t('staffUsers.actions.enable.button')}
              </button>
            ) : (
              <button
                type="button"
                className="danger"
                onClick={() => setPending({ member: row, action: 'disable' })}
              >
                {t('staffUsers.actions.disable.button')}
              </button>
            )}
          </span>
        ),
    },
  ];

  const key = pending ? actionKey(pending.action) : 'enable';
  return (
    <div className="page">
      <h1>{t('staffUsers.title')}</h1>
      {users.isError ? (
        <p className="field-error" role="alert">
          {errorText(users.error)}
        </p>
      ) : null}
      <DataTable
        columns={columns}
        rows={users.data}
        rowKey={(row) => row.id}
        loading={users.isPending}
        empty={t('staffUsers.none')}
        testId="staff-table"
      />
      <CreateStaffForm agents={agents} />
      <ConfirmDialog
        open={pending !== null}
        busy={mutation.isPending}
        danger={pending?.action !== 'enable'}
        title={t(`staffUsers.actions.${key}.title`, { username: pending?.member.username ?? '' })}
        message={t(`staffUsers.actions.${key}.message`)}
        confirmLabel={t(`staffUsers.actions.${key}.button`)}
        onCancel={() => setPending(null)}
        onConfirm={() => {
          if (pending) mutation.mutate(pending);
        }}
      />
    </div>
  );
}

function actionKey(action: StaffUserAction): 'resetTotp' | 'disable' | 'enable' {
  return action === 'reset-totp' ? 'resetTotp' : action;
}
