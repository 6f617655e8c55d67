import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { MARKET_TYPES, staffMarketCreateBodySchema, type StaffEvent } from '@spm/contract';
import { Field, ModalForm, opsErrorText, toastSuccess } from '../../../shared/ui/index.ts';
import { createMarket, sportsKeys } from '../api.ts';
import { issuesByField, numberOrUndefined } from '../lib.ts';

type MarketType = (typeof MARKET_TYPES)[number];

interface MarketForm {
  type: MarketType;
  name: string;
  runners: string[];
  line: string;
  yesRate: string;
  noRate: string;
  minStake: string;
  maxStake: string;
  maxProfit: string;
  inPlayDelayMs: string;
}

const MAX_RUNNERS = 20;

function emptyForm(event: StaffEvent): MarketForm {
  return {
    type: 'match_odds',
    name: '',
    runners: [event.homeTeam, event.awayTeam],
    line: '',
    yesRate: '100',
    noRate: '100',
    minStake: '100',
    maxStake: '100000',
    maxProfit: '1000000',
    inPlayDelayMs: '0',
  };
}

/** A match odds or bookmaker market with its selections, or a fancy line with its rates. */
export function MarketCreateDialog({
  event,
  open,
  onClose,
}: {
  event: StaffEvent;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('ops');
  const queryClient = useQueryClient();
  const [form, setForm] = useState<MarketForm>(() => emptyForm(event));
  const [invalid, setInvalid] = useState<Record<string, true>>({});
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (open) {
      setForm(emptyForm(event));
      setInvalid({});
      setError(null);
    }
  }, [open, event]);

  const create = useMutation({
    mutationFn: (body: unknown) => createMarket(event.id, body),
    onSuccess: () => {
      toastSuccess(t('sports.market.created'));
      void queryClient.invalidateQueries({ queryKey: sportsKeys.event(event.id) });
      onClose();
    },
    onError: (failure) => setError(opsErrorText(failure)),
  });

  const set = (key: Exclude<keyof MarketForm, 'runners' | 'type'>) => (value: string) =>
    setForm((current) => ({ ...current, [key]: value }));
  const setRunner = (index: number, value: string) =>
    setForm((current) => ({
      ...current,
      runners: current.runners.map((runner, at) => (at === index ? value : runner)),
    }));

  const submit = (submitted: FormEvent) => {
    submitted.preventDefault();
    const limits = {
      minStake: numberOrUndefined(form.minStake),
      maxStake: numberOrUndefined(form.maxStake),
      maxProfit: numberOrUndefined(form.maxProfit),
      inPlayDelayMs: numberOrUndefined(form.inPlayDelayMs),
    };
    const body =
      form.type === 'fancy'
        ? {
            type: form.type,
            name: form.name,
            line: numberOrUndefined(form.line),
            yesRate: numberOrUndefined(form.yesRate),
            noRate: numberOrUndefined(form.noRate),
            ...limits,
          }
        : { type: form.type, name: form.name, runners: form.runners, ...limits };
    const parsed = staffMarketCreateBodySchema.safeParse(body);
    if (!parsed.success) {
      setInvalid(issuesByField(parsed.error));
      return;
    }
    setInvalid({});
    setError(null);
    create.mutate(parsed.data);
  };

  const fieldError = (key: string) => (invalid[key] ? t(`sports.validation.${key}`) : null);

  return (
    <ModalForm
      open={open}
      title={t('sports.market.createTitle')}
      onClose={onClose}
      wide
      onSubmit={submit}
      error={error}
      busy={create.isPending}
      submitLabel={t('sports.market.create')}
    >
      <Field label={t('sports.market.type')}>
        <select
          value={form.type}
          onChange={(change) =>
            setForm((current) => ({ ...current, type: change.target.value as MarketType }))
          }
        >
          {MARKET_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(`sports.marketTypes.${type}`)}
            </option>
          ))}
        </select>
      </Field>
      <Field label={t('sports.market.name')} error={fieldError('name')}>
        <input value={form.name} onChange={(change) => set('name')(change.target.value)} />
      </Field>
      {form.type === 'fancy' ? (
        <div className="ops-form-grid">
          <Field label={t('sports.market.line')} error={fieldError('line')}>
            <input
              inputMode="numeric"
              value={form.line}
              onChange={(change) => set('line')(change.target.value)}
            />
          </Field>
          <Field label={t('sports.market.yesRate')} error={fieldError('yesRate')}>
            <input
              inputMode="numeric"
              value={form.yesRate}
              onChange={(change) => set('yesRate')(change.target.value)}
            />
          </Field>
          <Field label={t('sports.market.noRate')} error={fieldError('noRate')}>
            <input
              inputMode="numeric"
              value={form.noRate}
              onChange={(change) => set('noRate')(change.target.value)}
            />
          </Field>
        </div>
      ) : (
        <fieldset className="ops-runners">
          <legend>{t('sports.market.runners')}</legend>
          {form.runners.map((runner, index) => (
            <div key={index} className="ops-runner-row">
              <Field label={t('sports.market.runnerN', { n: index + 1 })}>
                <input
                  value={runner}
                  onChange={(change) => setRunner(index, change.target.value)}
                />
              </Field>
              <button
                type="button"
                disabled={form.runners.length <= 2}
                aria-label={t('sports.market.removeRunner', { n: index + 1 })}
                onClick={() =>
                  setForm((current) => ({
                    ...current,
                    runners: current.runners.filter((_, at) => at !== index),
                  }))
                }
              >
                {t('common.remove')}
              </button>
            </div>
          ))}
          <button
            type="button"
            disabled={form.runners.length >= MAX_RUNNERS}
            onClick={() =>
              setForm((current) => ({ ...current, runners: [...current.runners, ''] }))
            }
          >
            {t('sports.market.addRunner')}
          </button>
          {fieldError('runners') ? (
            <small className="field-error">{fieldError('runners')}</small>
          ) : null}
        </fieldset>
      )}
      <div className="ops-form-grid">
        <Field label={t('sports.market.minStake')} error={fieldError('minStake')}>
          <input
            inputMode="decimal"
            value={form.minStake}
            onChange={(change) => set('minStake')(change.target.value)}
          />
        </Field>
        <Field label={t('sports.market.maxStake')} error={fieldError('maxStake')}>
          <input
            inputMode="decimal"
            value={form.maxStake}
            onChange={(change) => set('maxStake')(change.target.value)}
          />
        </Field>
        <Field label={t('sports.market.maxProfit')} error={fieldError('maxProfit')}>
          <input
            inputMode="decimal"
            value={form.maxProfit}
            onChange={(change) => set('maxProfit')(change.target.value)}
          />
        </Field>
        <Field label={t('sports.market.inPlayDelayMs')} error={fieldError('inPlayDelayMs')}>
          <input
            inputMode="numeric"
            value={form.inPlayDelayMs}
            onChange={(change) => set('inPlayDelayMs')(change.target.value)}
          />
        </Field>
      </div>
    </ModalForm>
  );
}
