import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  staffCasinoProviderCreateBodySchema,
  staffCasinoProviderUpdateBodySchema,
  type StaffCasinoProvider,
  type StaffCasinoProviderSecret,
  type StaffCasinoProviderUpdateBody,
} from '@spm/contract';
import {
  type Column,
  ConfirmDialog,
  DataTable,
  Field,
  Modal,
  ModalForm,
  opsErrorText,
  StatusBadge,
  toastSuccess,
} from '../../shared/ui/index.ts';
import {
  casinoKeys,
  createProvider,
  fetchProviders,
  rotateProviderSecret,
  updateProvider,
} from './api.ts';
import { CopyButton } from './copy-button.tsx';
import { firstIssue } from './lib.ts';
import './casino.css';

type Pending = { kind: 'rotate' | 'disable'; provider: StaffCasinoProvider } | null;

/** Providers: create, edit, rotate a secret (shown once), enable and disable (confirmed). */
export function CasinoProvidersPage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const providers = useQuery({ queryKey: casinoKeys.providers, queryFn: fetchProviders });
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<StaffCasinoProvider | null>(null);
  const [pending, setPending] = useState<Pending>(null);
  const [secret, setSecret] = useState<StaffCasinoProviderSecret | null>(null);

  const refresh = () => client.invalidateQueries({ queryKey: casinoKeys.providers });
  const rotate = useMutation({
    mutationFn: (provider: StaffCasinoProvider) => rotateProviderSecret(provider.id),
    onSuccess: async (answer) => {
      setPending(null);
      setSecret(answer);
      await refresh();
    },
  });
  const toggle = useMutation({
    mutationFn: ({ provider, enabled }: { provider: StaffCasinoProvider; enabled: boolean }) =>
      updateProvider(provider.id, { enabled }),
    onSuccess: async (updated) => {
      setPending(null);
      toastSuccess(
        t(updated.enabled ? 'casino.providers.enabledNow' : 'casino.providers.disabledNow', {
          name: updated.name,
        }),
      );
      await refresh();
    },
  });

  const columns: Column<StaffCasinoProvider>[] = [
    {
      key: 'name',
      header: t('casino.providers.name'),
      render: (provider) => (
        <span>
          {provider.name}
          {provider.builtIn ? (
            <>
              {' '}
              <StatusBadge status="info" tone="info" label={t('casino.providers.builtIn')} />
            </>
          ) : null}
          <br />
          <small className="muted">{provider.id}</small>
        </span>
      ),
    },
    {
      key: 'launch',
      header: t('casino.providers.launchUrl'),
      render: (provider) =>
        provider.launchUrl ? (
          <span className="casino-break">{provider.launchUrl}</span>
        ) : (
          <span className="muted">{t('casino.providers.inApp')}</span>
        ),
    },
    {
      key: 'secret',
      header: t('casino.providers.secret'),
      render: (provider) => <code>{`••••${provider.secretLast4}`}</code>,
    },
    {
      key: 'games',
      header: t('casino.providers.games'),
      align: 'num',
      render: (provider) => `${provider.enabledGames} / ${provider.games}`,
    },
    {
      key: 'status',
      header: t('casino.providers.status'),
      render: (provider) => <ProviderStatus provider={provider} />,
    },
    {
      key: 'actions',
      header: <span className="sr-only">{t('casino.providers.actions')}</span>,
      render: (provider) => (
        <span className="casino-actions">
          <button
            type="button"
            onClick={() => setEditing(provider)}
            aria-label={t('casino.providers.editFor', { name: provider.name })}
          >
            {t('casino.providers.edit')}
          </button>
          {provider.builtIn ? null : (
            <button
              type="button"
              onClick={() => setPending({ kind: 'rotate', provider })}
              aria-label={t('casino.providers.rotateFor', { name: provider.name })}
            >
              {t('casino.providers.rotate')}
            </button>
          )}
          {provider.enabled ? (
            <button
              type="button"
              className="danger"
              onClick={() => setPending({ kind: 'disable', provider })}
              aria-label={t('casino.providers.disableFor', { name: provider.name })}
            >
              {t('casino.providers.disable')}
            </button>
          ) : (
            <button
              type="button"
              disabled={toggle.isPending}
              onClick={() => toggle.mutate({ provider, enabled: true })}
              aria-label={t('casino.providers.enableFor', { name: provider.name })}
            >
              {t('casino.providers.enable')}
            </button>
          )}
        </span>
      ),
    },
  ];

  const actionError = rotate.isError ? rotate.error : toggle.isError ? toggle.error : null;

  return (
    <section className="page">
      <div className="page-head">
        <h1>{t('casino.providers.title')}</h1>
        <div className="actions">
          <button type="button" className="primary" onClick={() => setCreating(true)}>
            {t('casino.providers.create')}
          </button>
        </div>
      </div>
      {providers.isError ? (
        <p className="field-error" role="alert">
          {opsErrorText(providers.error)}
        </p>
      ) : null}
      {actionError ? (
        <p className="field-error" role="alert">
          {opsErrorText(actionError)}
        </p>
      ) : null}
      <div className="casino-table">
        <DataTable
          columns={columns}
          rows={providers.data}
          rowKey={(provider) => provider.id}
          loading={providers.isPending}
          empty={t('casino.providers.empty')}
          testId="casino-providers-table"
        />
      </div>
      <ConfirmDialog
        open={pending?.kind === 'rotate'}
        title={t('casino.providers.rotateTitle', { name: pending?.provider.name ?? '' })}
        message={t('casino.providers.rotateMessage')}
        confirmLabel={t('casino.providers.rotate')}
        danger
        busy={rotate.isPending}
        onConfirm={() => pending && rotate.mutate(pending.provider)}
        onCancel={() => setPending(null)}
      />
      <ConfirmDialog
        open={pending?.kind === 'disable'}
        title={t('casino.providers.disableTitle', { name: pending?.provider.name ?? '' })}
        message={t('casino.providers.disableMessage', {
          count: pending?.provider.enabledGames ?? 0,
        })}
        confirmLabel={t('casino.providers.disable')}
        danger
        busy={toggle.isPending}
        onConfirm={() => pending && toggle.mutate({ provider: pending.provider, enabled: false })}
        onCancel={() => setPending(null)}
      />
      <ProviderCreateDialog
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(answer) => {
          setCreating(false);
          setSecret(answer);
          void refresh();
        }}
      />
      <ProviderEditDialog provider={editing} onClose={() => setEditing(null)} />
      <SecretDialog answer={secret} onClose={() => setSecret(null)} />
    </section>
  );
}

/** The whole secret, this once: the server never answers it again. */
function SecretDialog({
  answer,
  onClose,
}: {
  answer: StaffCasinoProviderSecret | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      open={answer !== null}
      title={t('casino.providers.secretTitle', { name: answer?.provider.name ?? '' })}
      onClose={onClose}
      footer={
        <button type="button" className="primary" onClick={onClose}>
          {t('casino.providers.secretSaved')}
        </button>
      }
    >
      <p>{t('casino.providers.secretOnce')}</p>
      <p className="casino-secret">
        <code data-testid="provider-secret">{answer?.secret}</code>
        {answer ? <CopyButton value={answer.secret} label={t('casino.providers.secret')} /> : null}
      </p>
    </Modal>
  );
}

function ProviderCreateDialog({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (answer: StaffCasinoProviderSecret) => void;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState({ id: '', name: '', launchUrl: '' });
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    if (open) {
      setDraft({ id: '', name: '', launchUrl: '' });
      setProblem(null);
    }
  }, [open]);
  const create = useMutation({ mutationFn: createProvider, onSuccess: onCreated });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = staffCasinoProviderCreateBodySchema.safeParse(draft);
    if (!checked.success) {
      setProblem(firstIssue(checked.error));
      return;
    }
    setProblem(null);
    create.mutate(checked.data);
  };
  return (
    <ModalForm
      open={open}
      title={t('casino.providers.createTitle')}
      onClose={onClose}
      onSubmit={submit}
      busy={create.isPending}
      submitLabel={t('casino.providers.create')}
      error={problem ?? (create.isError ? opsErrorText(create.error) : null)}
    >
      <Field label={t('casino.providers.id')}>
        <input
          value={draft.id}
          maxLength={40}
          autoCapitalize="none"
          spellCheck={false}
          onChange={(event) => setDraft({ ...draft, id: event.target.value })}
          data-autofocus
        />
      </Field>
      <p className="muted">{t('casino.providers.idHint')}</p>
      <Field label={t('casino.providers.name')}>
        <input
          value={draft.name}
          maxLength={60}
          onChange={(event) => setDraft({ ...draft, name: event.target.value })}
        />
      </Field>
      <Field label={t('casino.providers.launchUrl')}>
        <input
          type="url"
          value={draft.launchUrl}
          maxLength={500}
          placeholder="https://"
          onChange={(event) => setDraft({ ...draft, launchUrl: event.target.value })}
        />
      </Field>
    </ModalForm>
  );
}

function ProviderEditDialog({
  provider,
  onClose,
}: {
  provider: StaffCasinoProvider | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [draft, setDraft] = useState({ name: '', launchUrl: '', winsWithoutBet: false });
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    setDraft({
      name: provider?.name ?? '',
      launchUrl: provider?.launchUrl ?? '',
      winsWithoutBet: provider?.winsWithoutBet ?? false,
    });
    setProblem(null);
  }, [provider]);
  const save = useMutation({
    mutationFn: (body: StaffCasinoProviderUpdateBody) => updateProvider(provider?.id ?? '', body),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: casinoKeys.providers });
      onClose();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!provider) return;
    const body: StaffCasinoProviderUpdateBody = {};
    if (draft.name.trim() !== provider.name) body.name = draft.name;
    if (!provider.builtIn && draft.launchUrl.trim() !== (provider.launchUrl ?? '')) {
      body.launchUrl = draft.launchUrl;
    }
    if (!provider.builtIn && draft.winsWithoutBet !== provider.winsWithoutBet) {
      body.winsWithoutBet = draft.winsWithoutBet;
    }
    if (Object.keys(body).length === 0) {
      onClose();
      return;
    }
    const checked = staffCasinoProviderUpdateBodySchema.safeParse(body);
    if (!checked.success) {
      setProblem(firstIssue(checked.error));
      return;
    }
    setProblem(null);
    save.mutate(checked.data);
  };
  return (
    <ModalForm
      open={provider !== null}
      title={t('casino.providers.editTitle', { name: provider?.name ?? '' })}
      onClose={onClose}
      onSubmit={submit}
      busy={save.isPending}
      error={problem ?? (save.isError ? opsErrorText(save.error) : null)}
    >
      <Field label={t('casino.providers.name')}>
        <input
          value={draft.name}
          maxLength={60}
          onChange={(event) => setDraft({ ...draft, name: event.target.value })}
          data-autofocus
        />
      </Field>
      {provider?.builtIn ? (
        <p className="muted">{t('casino.providers.inApp')}</p>
      ) : (
        <Field label={t('casino.providers.launchUrl')}>
          <input
            type="url"
            value={draft.launchUrl}
            maxLength={500}
            onChange={(event) => setDraft({ ...draft, launchUrl: event.target.value })}
          />
        </Field>
      )}
      {provider?.builtIn ? null : (
        <WinsWithoutBetField
          checked={draft.winsWithoutBet}
          onChange={(winsWithoutBet) => setDraft({ ...draft, winsWithoutBet })}
        />
      )}
    </ModalForm>
  );
}

/** Enabled or disabled, and marked when it accepts wins without a bet. */
function ProviderStatus({ provider }: { provider: StaffCasinoProvider }) {
  const { t } = useTranslation();
  return (
    <span>
      <StatusBadge
        status={provider.enabled ? 'active' : 'disabled'}
        label={provider.enabled ? t('casino.enabled') : t('casino.disabled')}
      />
      {provider.winsWithoutBet ? (
        <>
          {' '}
          <StatusBadge
            status="warn"
            tone="warn"
            label={t('casino.providers.winsWithoutBetBadge')}
          />
        </>
      ) : null}
    </span>
  );
}

/** An external provider's switch for wins without a bet, with what accepting them risks. */
function WinsWithoutBetField({
  checked,
  onChange,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <label className="ops-check">
        <input
          type="checkbox"
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
        />
        {t('casino.providers.winsWithoutBet')}
      </label>
      <p className="muted">{t('casino.providers.winsWithoutBetHint')}</p>
    </>
  );
}
