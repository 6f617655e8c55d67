import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { staffFancyLineBodySchema } from '@spm/contract';
import { Field, ModalForm, opsErrorText, toastSuccess } from '../../../shared/ui/index.ts';
import { setFancyLine, sportsKeys, type StaffMarket } from '../api.ts';
import { issuesByField, numberOrUndefined } from '../lib.ts';

const KEYS = ['line', 'yesRate', 'noRate'] as const;

/** The fancy market's line and its yes/no rates per 100, set by hand. */
export function FancyLineEditor({ market, onClose }: { market: StaffMarket; onClose: () => void }) {
  const { t } = useTranslation('ops');
  const queryClient = useQueryClient();
  const [form, setForm] = useState<Record<(typeof KEYS)[number], string>>({
    line: market.line === null ? '' : String(market.line),
    yesRate: market.yesRate === null ? '' : String(market.yesRate),
    noRate: market.noRate === null ? '' : String(market.noRate),
  });
  const [invalid, setInvalid] = useState<Record<string, true>>({});
  const [error, setError] = useState<string | null>(null);

  const save = useMutation({
    mutationFn: (body: unknown) => setFancyLine(market.id, body),
    onSuccess: () => {
      toastSuccess(t('sports.line.saved'));
      void queryClient.invalidateQueries({ queryKey: sportsKeys.event(market.eventId) });
      onClose();
    },
    onError: (failure) => setError(opsErrorText(failure)),
  });

  const submit = (submitted: FormEvent) => {
    submitted.preventDefault();
    const parsed = staffFancyLineBodySchema.safeParse({
      line: numberOrUndefined(form.line),
      yesRate: numberOrUndefined(form.yesRate),
      noRate: numberOrUndefined(form.noRate),
    });
    if (!parsed.success) {
      setInvalid(issuesByField(parsed.error));
      return;
    }
    setInvalid({});
    setError(null);
    save.mutate(parsed.data);
  };

  return (
    <ModalForm
      open
      title={t('sports.line.title', { name: market.name })}
      onClose={onClose}
      onSubmit={submit}
      error={error}
      busy={save.isPending}
    >
      <p className="muted">{t('sports.line.help')}</p>
      {KEYS.map((key) => (
        <Field
          key={key}
          label={t(`sports.market.${key}`)}
          error={invalid[key] ? t(`sports.validation.${key}`) : null}
        >
          <input
            inputMode="numeric"
            value={form[key]}
            onChange={(change) => setForm({ ...form, [key]: change.target.value })}
          />
        </Field>
      ))}
    </ModalForm>
  );
}
