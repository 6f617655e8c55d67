import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { staffBookmakerRatesBodySchema } from '@spm/contract';
import { ModalForm, opsErrorText, toastSuccess } from '../../../shared/ui/index.ts';
import { setBookmakerRates, sportsKeys, type StaffMarket } from '../api.ts';

type Side = 'backRate' | 'layRate';
const RATE_PATTERN = /^\d{1,4}$/;

/** A rate box: empty means "not offered"; otherwise a whole number 1–1000 per 100. */
export function parseRate(text: string): number | null | 'invalid' {
  const value = text.trim();
  if (value === '') return null;
  if (!RATE_PATTERN.test(value)) return 'invalid';
  const rate = Number(value);
  return rate >= 1 && rate <= 1000 ? rate : 'invalid';
}

/** The operator's back and lay rates per runner of a bookmaker market, set by hand. */
export function RatesEditor({ market, onClose }: { market: StaffMarket; onClose: () => void }) {
  const { t } = useTranslation('ops');
  const queryClient = useQueryClient();
  const [rates, setRates] = useState<Record<string, Record<Side, string>>>(() =>
    Object.fromEntries(
      market.runners.map((runner) => [
        runner.id,
        {
          backRate: runner.backRate === null ? '' : String(runner.backRate),
          layRate: runner.layRate === null ? '' : String(runner.layRate),
        },
      ]),
    ),
  );
  const [invalid, setInvalid] = useState<Record<string, true>>({});
  const [error, setError] = useState<string | null>(null);

  const save = useMutation({
    mutationFn: (body: unknown) => setBookmakerRates(market.id, body),
    onSuccess: () => {
      toastSuccess(t('sports.rates.saved'));
      void queryClient.invalidateQueries({ queryKey: sportsKeys.event(market.eventId) });
      onClose();
    },
    onError: (failure) => setError(opsErrorText(failure)),
  });

  const submit = (submitted: FormEvent) => {
    submitted.preventDefault();
    const bad: Record<string, true> = {};
    const body = {
      rates: market.runners.map((runner) => {
        const entry = rates[runner.id] ?? { backRate: '', layRate: '' };
        const backRate = parseRate(entry.backRate);
        const layRate = parseRate(entry.layRate);
        if (backRate === 'invalid') bad[`${runner.id}.backRate`] = true;
        if (layRate === 'invalid') bad[`${runner.id}.layRate`] = true;
        return {
          runnerId: runner.id,
          backRate: backRate === 'invalid' ? null : backRate,
          layRate: layRate === 'invalid' ? null : layRate,
        };
      }),
    };
    setInvalid(bad);
    if (Object.keys(bad).length > 0) return;
    const parsed = staffBookmakerRatesBodySchema.safeParse(body);
    if (!parsed.success) {
      setError(t('sports.rates.invalid'));
      return;
    }
    setError(null);
    save.mutate(parsed.data);
  };

  const input = (runnerId: string, runnerName: string, side: Side) => {
    const key = `${runnerId}.${side}`;
    return (
      <td>
        <input
          inputMode="numeric"
          aria-label={t(`sports.rates.${side}For`, { runner: runnerName })}
          aria-invalid={invalid[key] ? true : undefined}
          value={rates[runnerId]?.[side] ?? ''}
          onChange={(change) =>
            setRates((current) => ({
              ...current,
              [runnerId]: {
                ...(current[runnerId] ?? { backRate: '', layRate: '' }),
                [side]: change.target.value,
              },
            }))
          }
        />
        {invalid[key] ? <small className="field-error">{t('sports.validation.rate')}</small> : null}
      </td>
    );
  };

  return (
    <ModalForm
      open
      title={t('sports.rates.title', { name: market.name })}
      onClose={onClose}
      wide
      onSubmit={submit}
      error={error}
      busy={save.isPending}
      submitLabel={t('sports.rates.save')}
    >
      <p className="muted">{t('sports.rates.help')}</p>
      <table className="data-table">
        <thead>
          <tr>
            <th scope="col">{t('sports.market.runner')}</th>
            <th scope="col">{t('sports.rates.back')}</th>
            <th scope="col">{t('sports.rates.lay')}</th>
          </tr>
        </thead>
        <tbody>
          {market.runners.map((runner) => (
            <tr key={runner.id}>
              <th scope="row">{runner.name}</th>
              {input(runner.id, runner.name, 'backRate')}
              {input(runner.id, runner.name, 'layRate')}
            </tr>
          ))}
        </tbody>
      </table>
    </ModalForm>
  );
}
