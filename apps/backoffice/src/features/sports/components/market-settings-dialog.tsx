import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { staffMarketUpdateBodySchema } from '@spm/contract';
import { Field, ModalForm, opsErrorText, toastSuccess } from '../../../shared/ui/index.ts';
import { sportsKeys, updateMarket, type StaffMarket } from '../api.ts';
import { issuesByField, numberOrUndefined } from '../lib.ts';

const LIMIT_KEYS = ['minStake', 'maxStake', 'maxProfit', 'inPlayDelayMs'] as const;
type LimitKey = (typeof LIMIT_KEYS)[number];

/** Stake limits, maximum profit, in-play delay and the in-play switch; sends what changed. */
export function MarketSettingsDialog({
  market,
  onClose,
}: {
  market: StaffMarket;
  onClose: () => void;
}) {
  const { t } = useTranslation('ops');
  const queryClient = useQueryClient();
  const initial = () => ({
    minStake: String(market.minStake),
    maxStake: String(market.maxStake),
    maxProfit: String(market.maxProfit),
    inPlayDelayMs: String(market.inPlayDelayMs),
  });
  const [limits, setLimits] = useState<Record<LimitKey, string>>(initial);
  const [inPlay, setInPlay] = useState(market.inPlay);
  const [invalid, setInvalid] = useState<Record<string, true>>({});
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const save = useMutation({
    mutationFn: (body: unknown) => updateMarket(market.id, body),
    onSuccess: () => {
      toastSuccess(t('sports.market.saved'));
      void queryClient.invalidateQueries({ queryKey: sportsKeys.event(market.eventId) });
      onClose();
    },
    onError: (failure) => setError(opsErrorText(failure)),
  });

  const submit = (submitted: FormEvent) => {
    submitted.preventDefault();
    const changes: Record<string, unknown> = {};
    for (const key of LIMIT_KEYS) {
      if (limits[key].trim() !== String(market[key])) changes[key] = numberOrUndefined(limits[key]);
    }
    if (inPlay !== market.inPlay) changes.inPlay = inPlay;
    if (Object.keys(changes).length === 0) {
      setNotice(t('common.nothingChanged'));
      return;
    }
    setNotice(null);
    const parsed = staffMarketUpdateBodySchema.safeParse(changes);
    const minStake = Number(limits.minStake);
    const maxStake = Number(limits.maxStake);
    if (!parsed.success) {
      setInvalid(issuesByField(parsed.error));
      return;
    }
    if (minStake > maxStake) {
      setInvalid({ maxStake: true });
      return;
    }
    setInvalid({});
    setError(null);
    save.mutate(parsed.data);
  };

  const fieldError = (key: string) => (invalid[key] ? t(`sports.validation.${key}`) : null);

  return (
    <ModalForm
      open
      title={t('sports.market.settingsTitle', { name: market.name })}
      onClose={onClose}
      onSubmit={submit}
      notice={notice}
      error={error}
      busy={save.isPending}
    >
      {LIMIT_KEYS.map((key) => (
        <Field key={key} label={t(`sports.market.${key}`)} error={fieldError(key)}>
          <input
            inputMode="decimal"
            value={limits[key]}
            onChange={(change) => setLimits({ ...limits, [key]: change.target.value })}
          />
        </Field>
      ))}
      <label className="ops-check">
        <input
          type="checkbox"
          checked={inPlay}
          onChange={(change) => setInPlay(change.target.checked)}
        />
        {t('sports.market.inPlaySwitch')}
      </label>
    </ModalForm>
  );
}
