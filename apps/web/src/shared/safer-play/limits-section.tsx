import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { useQueryClient } from '@tanstack/react-query';
import { LIMIT_KINDS, LIMIT_PERIODS } from '@spm/contract';
import type { LimitName, LimitView, LimitsState } from '@spm/contract';
import { formatIndiaDateTime } from '@spm/core';
import { limitsKeys, reviewLimits, saveLimits, useLimits } from './limits-api';
import './safer-play.css';

/** The address the prompts link to (/profile#safer-play). */
export const SAFER_PLAY_ANCHOR = 'safer-play';
/** The anchor of /profile's session time panel (reality check and session time limit). */
export const SESSION_TIME_ANCHOR = 'session-time';

/** What a typed amount asks: a limit (points, > 0, 2 decimals), none (''), or a mistake. */
function parseLimit(text: string): number | null | 'invalid' {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const value = Number(trimmed);
  if (!Number.isFinite(value) || value <= 0 || Math.round(value * 100) / 100 !== value) {
    return 'invalid';
  }
  return value;
}

const textOf = (amount: number | null) => (amount === null ? '' : String(amount));

function LimitRow({
  view,
  text,
  onChange,
  invalid,
}: {
  view: LimitView;
  text: string;
  onChange: (text: string) => void;
  invalid: boolean;
}) {
  const { t, i18n } = useTranslation();
  const id = `limit-${view.name}`;
  return (
    <div className="limit-row" data-testid={`limit-row-${view.name}`}>
      <label htmlFor={id} className="limit-row__label">
        {t(`saferPlay.periods.${view.period}`)}
      </label>
      <input
        id={id}
        className="form-field__input limit-row__input"
        inputMode="decimal"
        value={text}
        placeholder={t('saferPlay.noLimit')}
        aria-invalid={invalid ? true : undefined}
        onChange={(event) => onChange(event.target.value)}
        data-testid={`limit-input-${view.name}`}
      />
      {view.amount !== null && (
        <span className="limit-row__used" data-testid={`limit-used-${view.name}`}>
          {t('saferPlay.used', { used: view.used, amount: view.amount })}
        </span>
      )}
      {view.pending && (
        <span className="limit-row__pending" data-testid={`limit-pending-${view.name}`}>
          {view.pending.amount === null
            ? t('saferPlay.pendingRemoval', {
                at: formatIndiaDateTime(view.pending.effectiveAt, i18n.language),
              })
            : t('saferPlay.pendingIncrease', {
                amount: view.pending.amount,
                at: formatIndiaDateTime(view.pending.effectiveAt, i18n.language),
              })}
        </span>
      )}
    </div>
  );
}

function LimitsForm({ state }: { state: LimitsState }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  // What the player asked last (a pending amount shows as asked), else what is in force.
  const asked = (view: LimitView) => textOf(view.pending ? view.pending.amount : view.amount);
  const [texts, setTexts] = useState<Record<string, string>>(() =>
    Object.fromEntries(state.limits.map((view) => [view.name, asked(view)])),
  );
  const [busy, setBusy] = useState(false);
  const parsed = state.limits.map((view) => ({ view, value: parseLimit(texts[view.name] ?? '') }));
  const invalid = parsed.some(({ value }) => value === 'invalid');
  const changes = parsed
    .filter(({ view, value }) => value !== 'invalid' && textOf(value) !== asked(view))
    .map(({ view, value }) => ({ name: view.name, amount: value as number | null }));

  const refresh = (next: LimitsState | null) => {
    if (next) queryClient.setQueriesData({ queryKey: limitsKeys.all }, next);
    void queryClient.invalidateQueries({ queryKey: limitsKeys.all });
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (invalid || changes.length === 0) return;
    setBusy(true);
    const next = await saveLimits(changes);
    setBusy(false);
    if (!next) return;
    toast.success(t('saferPlay.saved'));
    refresh(next);
  };

  return (
    <form className="limits-form" onSubmit={(event) => void onSubmit(event)} noValidate>
      <p className="page__muted">{t('saferPlay.intro')}</p>
      {state.reviewDue && (
        <div className="limits-review" role="status" data-testid="limits-review-due">
          <span>{t('saferPlay.reviewDue')}</span>
          <button
            type="button"
            className="button button--outline"
            onClick={() => void reviewLimits().then(refresh)}
            data-testid="limits-reviewed"
          >
            {t('saferPlay.reviewed')}
          </button>
        </div>
      )}
      {LIMIT_KINDS.map((kind) => (
        <fieldset className="limits-kind" key={kind}>
          <legend className="limits-kind__title">{t(`saferPlay.kinds.${kind}`)}</legend>
          <p className="limits-kind__hint">{t(`saferPlay.kindHints.${kind}`)}</p>
          {LIMIT_PERIODS.map((period) => {
            const name: LimitName = `${kind}-${period}`;
            const view = state.limits.find((limit) => limit.name === name)!;
            return (
              <LimitRow
                key={name}
                view={view}
                text={texts[name] ?? ''}
                invalid={parseLimit(texts[name] ?? '') === 'invalid'}
                onChange={(text) => setTexts((current) => ({ ...current, [name]: text }))}
              />
            );
          })}
        </fieldset>
      ))}
      {invalid && (
        <p className="form-error" role="alert">
          {t('saferPlay.invalidAmount')}
        </p>
      )}
      <p className="limits-form__rule">{t('saferPlay.rule')}</p>
      {state.reviewDueAt && !state.reviewDue && (
        <p className="limits-form__rule">
          {t('saferPlay.nextReview', { at: formatIndiaDateTime(state.reviewDueAt, i18n.language) })}
        </p>
      )}
      <button
        type="submit"
        className="button button--primary"
        disabled={busy || invalid || changes.length === 0}
        aria-busy={busy}
        data-testid="limits-save"
      >
        {t('saferPlay.save')}
      </button>
    </form>
  );
}

/** The "Safer play" section of /profile: the limits, what counts, pending changes. */
export function SaferPlayLimitsSection() {
  const { t } = useTranslation();
  const { data, isError } = useLimits();
  // The form starts from the state it was given: a new state from the server remounts it.
  const version = data
    ? data.limits.map((l) => `${l.amount}|${l.pending?.amount}|${l.pending?.effectiveAt}`).join()
    : '';
  return (
    <section
      className="profile-card limits-section"
      id={SAFER_PLAY_ANCHOR}
      aria-labelledby="safer-play-title"
      data-testid="safer-play-section"
    >
      <h2 id="safer-play-title" className="profile-card__title">
        {t('saferPlay.title')}
      </h2>
      {data ? (
        <LimitsForm key={version} state={data} />
      ) : isError ? (
        <p className="page__muted" role="alert">
          {t('saferPlay.loadError')}
        </p>
      ) : null}
    </section>
  );
}
