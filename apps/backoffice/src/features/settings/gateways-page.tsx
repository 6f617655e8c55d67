import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CRYPTO_NETWORKS,
  GATEWAY_CURRENCIES,
  GATEWAY_KINDS,
  gatewayUpdateBodySchema,
  type Gateway,
  type GatewayPayTo,
} from '@spm/contract';
import {
  type Column,
  DataTable,
  DialogActions,
  Field,
  FormFeedback,
  Modal,
  opsErrorText,
  StatusBadge,
  toastSuccess,
} from '../../shared/ui/index.ts';
import { formatAmount } from '@spm/client';
import { fetchGateways, settingsKeys, updateGateway, uploadGatewayQr } from './api.ts';
import { IMAGE_ACCEPT, IMAGE_MAX_MB, imageProblem } from './lib.ts';
import './settings.css';

/** Every payment gateway, and an editor for all its fields. */
export function GatewaysPage() {
  const { t } = useTranslation('ops');
  const gateways = useQuery({ queryKey: settingsKeys.gateways, queryFn: fetchGateways });
  const [editing, setEditing] = useState<string | null>(null);
  const current = gateways.data?.find((gateway) => gateway.code === editing);
  const sorted = [...(gateways.data ?? [])].sort((a, b) => a.sortOrder - b.sortOrder);
  const onOff = (value: boolean) => (
    <StatusBadge
      status={value ? 'active' : 'disabled'}
      label={value ? t('common.enabled') : t('common.disabled')}
    />
  );

  const columns: Column<Gateway>[] = [
    {
      key: 'name',
      header: t('settings.gateways.name'),
      render: (row) => (
        <span>
          {row.name}
          <br />
          <small className="muted">{row.code}</small>
        </span>
      ),
    },
    {
      key: 'kind',
      header: t('settings.gateways.kind'),
      render: (row) =>
        `${t(`settings.gateways.kinds.${row.kind}`)} · ${row.currency}${row.automated ? ` · ${t('settings.gateways.automated')}` : ''}`,
    },
    {
      key: 'deposit',
      header: t('settings.gateways.depositLimits'),
      render: (row) => `${formatAmount(row.minAmount)} – ${formatAmount(row.maxAmount)}`,
    },
    {
      key: 'enabled',
      header: t('settings.gateways.deposits'),
      render: (row) => onOff(row.enabled),
    },
    {
      key: 'withdraw',
      header: t('settings.gateways.withdrawals'),
      render: (row) => onOff(row.withdrawEnabled),
    },
    {
      key: 'percent',
      header: t('settings.gateways.bonusExtra'),
      render: (row) => `${row.depositBonusPercent}% / ${row.withdrawExtraPercent}%`,
    },
    {
      key: 'sort',
      header: t('settings.gateways.sortOrder'),
      align: 'num',
      render: (row) => row.sortOrder,
    },
    {
      key: 'actions',
      header: t('common.actions'),
      render: (row) => (
        <button
          type="button"
          aria-label={t('settings.gateways.editOf', { name: row.name })}
          onClick={() => setEditing(row.code)}
        >
          {t('common.edit')}
        </button>
      ),
    },
  ];

  return (
    <section className="page">
      <h1>{t('settings.gateways.title')}</h1>
      {gateways.isError ? (
        <p className="field-error" role="alert">
          {opsErrorText(gateways.error)}
        </p>
      ) : null}
      <DataTable
        columns={columns}
        rows={sorted}
        rowKey={(row) => row.code}
        loading={gateways.isPending}
        empty={t('settings.gateways.empty')}
        testId="gateways-table"
      />
      {current ? <GatewayDialog gateway={current} onClose={() => setEditing(null)} /> : null}
    </section>
  );
}

const NUMBER_FIELDS = [
  'pointsPerUnit',
  'minAmount',
  'maxAmount',
  'withdrawMinAmount',
  'withdrawMaxAmount',
  'depositBonusPercent',
  'withdrawExtraPercent',
  'sortOrder',
] as const;
type NumberField = (typeof NUMBER_FIELDS)[number];
const PAY_TO_TEXT = [
  'upiId',
  'qrImageUrl',
  'accountNo',
  'accountName',
  'ifscCode',
  'bankName',
  'walletAddress',
] as const;
type PayToText = (typeof PAY_TO_TEXT)[number];

interface GatewayForm {
  name: string;
  kind: Gateway['kind'];
  currency: Gateway['currency'];
  numbers: Record<NumberField, string>;
  presets: string;
  instructions: string;
  payTo: Record<PayToText, string> & { network: string };
  enabled: boolean;
  withdrawEnabled: boolean;
}

function formOf(gateway: Gateway): GatewayForm {
  return {
    name: gateway.name,
    kind: gateway.kind,
    currency: gateway.currency,
    numbers: Object.fromEntries(NUMBER_FIELDS.map((key) => [key, String(gateway[key])])) as Record<
      NumberField,
      string
    >,
    presets: gateway.presets.join(', '),
    instructions: gateway.instructions,
    payTo: {
      ...(Object.fromEntries(PAY_TO_TEXT.map((key) => [key, gateway.payTo[key] ?? ''])) as Record<
        PayToText,
        string
      >),
      network: gateway.payTo.network ?? '',
    },
    enabled: gateway.enabled,
    withdrawEnabled: gateway.withdrawEnabled,
  };
}

function parsePresets(text: string): number[] {
  return text
    .split(/[,\s]+/)
    .filter((part) => part !== '')
    .map(Number);
}

/** The PATCH body: only the fields (and payTo fields) that differ from the gateway now. */
function gatewayChanges(gateway: Gateway, form: GatewayForm): Record<string, unknown> {
  const changes: Record<string, unknown> = {};
  if (form.name.trim() !== gateway.name) changes.name = form.name.trim();
  if (form.kind !== gateway.kind) changes.kind = form.kind;
  if (form.currency !== gateway.currency) changes.currency = form.currency;
  for (const key of NUMBER_FIELDS) {
    const text = form.numbers[key].trim();
    if (text !== String(gateway[key])) changes[key] = text === '' ? Number.NaN : Number(text);
  }
  const presets = parsePresets(form.presets);
  if (presets.join(',') !== gateway.presets.join(',')) changes.presets = presets;
  if (form.instructions !== gateway.instructions) changes.instructions = form.instructions;
  if (form.enabled !== gateway.enabled) changes.enabled = form.enabled;
  if (form.withdrawEnabled !== gateway.withdrawEnabled)
    changes.withdrawEnabled = form.withdrawEnabled;
  const payTo: Partial<GatewayPayTo> = {};
  for (const key of PAY_TO_TEXT) {
    const value = form.payTo[key].trim() || null;
    if (value !== gateway.payTo[key]) payTo[key] = value;
  }
  const network = (form.payTo.network || null) as GatewayPayTo['network'];
  if (network !== gateway.payTo.network) payTo.network = network;
  if (Object.keys(payTo).length > 0) changes.payTo = payTo;
  return changes;
}

function GatewayDialog({ gateway, onClose }: { gateway: Gateway; onClose: () => void }) {
  const { t } = useTranslation('ops');
  const queryClient = useQueryClient();
  const [form, setForm] = useState<GatewayForm>(() => formOf(gateway));
  const [invalid, setInvalid] = useState<Record<string, true>>({});
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const save = useMutation({
    mutationFn: (body: unknown) => updateGateway(gateway.code, body),
    onSuccess: () => {
      toastSuccess(t('settings.gateways.saved', { name: gateway.name }));
      void queryClient.invalidateQueries({ queryKey: settingsKeys.gateways });
      onClose();
    },
    onError: (failure) => setError(opsErrorText(failure)),
  });

  const submit = (submitted: FormEvent) => {
    submitted.preventDefault();
    setError(null);
    const changes = gatewayChanges(gateway, form);
    if (Object.keys(changes).length === 0) {
      setNotice(t('common.nothingChanged'));
      return;
    }
    setNotice(null);
    const found: Record<string, true> = {};
    const parsed = gatewayUpdateBodySchema.safeParse(changes);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) found[String(issue.path[0] ?? '')] = true;
    }
    // The contract compares deposit limits; both pairs are compared here with the form's values.
    const value = (key: NumberField) => Number(form.numbers[key]);
    if (value('minAmount') > value('maxAmount')) found.maxAmount = true;
    if (value('withdrawMinAmount') > value('withdrawMaxAmount')) found.withdrawMaxAmount = true;
    setInvalid(found);
    if (Object.keys(found).length > 0 || !parsed.success) return;
    save.mutate(parsed.data);
  };

  const fieldError = (key: string) => (invalid[key] ? t(`settings.gateways.invalid.${key}`) : null);
  const number = (key: NumberField) => (
    <Field key={key} label={t(`settings.gateways.fields.${key}`)} error={fieldError(key)}>
      <input
        inputMode="decimal"
        value={form.numbers[key]}
        onChange={(change) =>
          setForm({ ...form, numbers: { ...form.numbers, [key]: change.target.value } })
        }
      />
    </Field>
  );

  return (
    <Modal
      open
      title={t('settings.gateways.editTitle', { name: gateway.name })}
      onClose={onClose}
      wide
    >
      <form className="ops-settings-form" onSubmit={submit} noValidate>
        <fieldset>
          <legend>{t('settings.gateways.general')}</legend>
          <Field label={t('settings.gateways.fields.name')} error={fieldError('name')}>
            <input
              value={form.name}
              onChange={(change) => setForm({ ...form, name: change.target.value })}
            />
          </Field>
          <Field label={t('settings.gateways.kind')}>
            <select
              value={form.kind}
              onChange={(change) =>
                setForm({ ...form, kind: change.target.value as Gateway['kind'] })
              }
            >
              {GATEWAY_KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {t(`settings.gateways.kinds.${kind}`)}
                </option>
              ))}
            </select>
          </Field>
          <Field label={t('settings.gateways.fields.currency')}>
            <select
              value={form.currency}
              onChange={(change) =>
                setForm({ ...form, currency: change.target.value as Gateway['currency'] })
              }
            >
              {GATEWAY_CURRENCIES.map((currency) => (
                <option key={currency} value={currency}>
                  {currency}
                </option>
              ))}
            </select>
          </Field>
          {number('pointsPerUnit')}
          {number('sortOrder')}
          <Field
            label={t('settings.gateways.fields.instructions')}
            error={fieldError('instructions')}
          >
            <textarea
              rows={3}
              value={form.instructions}
              onChange={(change) => setForm({ ...form, instructions: change.target.value })}
            />
          </Field>
        </fieldset>
        <fieldset>
          <legend>{t('settings.gateways.deposits')}</legend>
          <label className="ops-check">
            <input
              type="checkbox"
              checked={form.enabled}
              onChange={(change) => setForm({ ...form, enabled: change.target.checked })}
            />
            {t('settings.gateways.fields.enabled')}
          </label>
          {number('minAmount')}
          {number('maxAmount')}
          <Field label={t('settings.gateways.fields.presets')} error={fieldError('presets')}>
            <input
              value={form.presets}
              onChange={(change) => setForm({ ...form, presets: change.target.value })}
            />
          </Field>
          {number('depositBonusPercent')}
        </fieldset>
        <fieldset>
          <legend>{t('settings.gateways.withdrawals')}</legend>
          <label className="ops-check">
            <input
              type="checkbox"
              checked={form.withdrawEnabled}
              onChange={(change) => setForm({ ...form, withdrawEnabled: change.target.checked })}
            />
            {t('settings.gateways.fields.withdrawEnabled')}
          </label>
          {number('withdrawMinAmount')}
          {number('withdrawMaxAmount')}
          {number('withdrawExtraPercent')}
        </fieldset>
        <fieldset>
          <legend>{t('settings.gateways.payTo')}</legend>
          {PAY_TO_TEXT.map((key) => (
            <Field key={key} label={t(`settings.gateways.payToFields.${key}`)}>
              <input
                value={form.payTo[key]}
                onChange={(change) =>
                  setForm({ ...form, payTo: { ...form.payTo, [key]: change.target.value } })
                }
              />
            </Field>
          ))}
          <Field label={t('settings.gateways.payToFields.network')}>
            <select
              value={form.payTo.network}
              onChange={(change) =>
                setForm({ ...form, payTo: { ...form.payTo, network: change.target.value } })
              }
            >
              <option value="">{t('settings.gateways.noNetwork')}</option>
              {CRYPTO_NETWORKS.map((network) => (
                <option key={network} value={network}>
                  {network}
                </option>
              ))}
            </select>
          </Field>
        </fieldset>
        <FormFeedback notice={notice} error={error} />
        <DialogActions onCancel={onClose} busy={save.isPending} />
      </form>
      <QrUpload gateway={gateway} />
    </Modal>
  );
}

/** The QR image players scan to pay (manual UPI gateways); the app draws one when none. */
function QrUpload({ gateway }: { gateway: Gateway }) {
  const { t } = useTranslation('ops');
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const upload = useMutation({
    mutationFn: (chosen: File) => uploadGatewayQr(gateway.code, chosen),
    onSuccess: () => {
      toastSuccess(t('settings.gateways.qrUploaded'));
      setFile(null);
      void queryClient.invalidateQueries({ queryKey: settingsKeys.gateways });
    },
    onError: (failure) => setProblem(opsErrorText(failure)),
  });
  const submit = (submitted: FormEvent) => {
    submitted.preventDefault();
    const found = imageProblem(file);
    if (found || !file) {
      setProblem(t(`settings.image.${found ?? 'required'}`, { mb: IMAGE_MAX_MB }));
      return;
    }
    setProblem(null);
    upload.mutate(file);
  };
  return (
    <form
      className="ops-settings-form"
      onSubmit={submit}
      noValidate
      aria-label={t('settings.gateways.qr')}
    >
      <fieldset>
        <legend>{t('settings.gateways.qr')}</legend>
        {gateway.payTo.qrImageUrl ? (
          <img
            className="ops-qr"
            src={gateway.payTo.qrImageUrl}
            alt={t('settings.gateways.qrAlt')}
          />
        ) : (
          <p className="muted">{t('settings.gateways.noQr')}</p>
        )}
        <Field label={t('settings.gateways.qrFile', { mb: IMAGE_MAX_MB })} error={problem}>
          <input
            type="file"
            accept={IMAGE_ACCEPT}
            onChange={(change) => setFile(change.target.files?.[0] ?? null)}
          />
        </Field>
        <div className="actions">
          <button type="submit" disabled={upload.isPending}>
            {t('settings.gateways.uploadQr')}
          </button>
        </div>
      </fieldset>
    </form>
  );
}
