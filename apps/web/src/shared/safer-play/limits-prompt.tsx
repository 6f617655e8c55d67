import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { toast } from 'react-toastify';
import { useQueryClient } from '@tanstack/react-query';
import type { LimitPromptPlace, LimitsState } from '@spm/contract';
import { useIsDemo } from '@/shared/ui/demo-notice';
import { limitsKeys, saveLimits, skipLimitsPrompt, useLimits } from './limits-api';
import { SAFER_PLAY_ANCHOR } from './limits-section';
import './safer-play.css';

/**
 * The limits prompt (issue 42 item 4), offered after registration and at the first deposit:
 * a daily deposit limit in one step, every limit on the profile, or skip. Not a dialog: it
 * sits in the page, so the player can also just carry on. Never for a demo (points) account.
 */
export function LimitsPrompt({ place }: { place: LimitPromptPlace }) {
  const { t } = useTranslation();
  const isDemo = useIsDemo();
  const { pathname } = useLocation();
  // The deposit page offers its own.
  const elsewhere = place === 'registration' && pathname.startsWith('/deposit');
  const queryClient = useQueryClient();
  const { data } = useLimits(!isDemo && !elsewhere);
  const [amount, setAmount] = useState('');
  const [busy, setBusy] = useState(false);
  if (isDemo || elsewhere || !data?.promptDue[place]) return null;

  const refresh = (next: LimitsState | null) => {
    if (next) queryClient.setQueriesData({ queryKey: limitsKeys.all }, next);
  };
  const value = Number(amount.trim());
  const valid =
    amount.trim() !== '' &&
    Number.isFinite(value) &&
    value > 0 &&
    Math.round(value * 100) === value * 100;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!valid) return;
    setBusy(true);
    const next = await saveLimits([{ name: 'deposit-24h', amount: value }]);
    setBusy(false);
    if (!next) return;
    toast.success(t('saferPlay.saved'));
    refresh(next);
  };

  return (
    <section
      className="limits-prompt"
      aria-labelledby={`limits-prompt-${place}`}
      data-testid="limits-prompt"
    >
      <h2 id={`limits-prompt-${place}`} className="limits-prompt__title">
        {t('saferPlay.promptTitle')}
      </h2>
      <p className="limits-prompt__text">{t('saferPlay.promptText')}</p>
      <form className="limits-prompt__form" onSubmit={(event) => void onSubmit(event)} noValidate>
        <label className="limits-prompt__label" htmlFor={`limits-prompt-amount-${place}`}>
          {t('saferPlay.promptDeposit')}
        </label>
        <input
          id={`limits-prompt-amount-${place}`}
          className="form-field__input"
          inputMode="decimal"
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
          data-testid="limits-prompt-amount"
        />
        <div className="limits-prompt__actions">
          <button
            type="submit"
            className="button button--primary"
            disabled={busy || !valid}
            data-testid="limits-prompt-set"
          >
            {t('saferPlay.promptSet')}
          </button>
          <button
            type="button"
            className="button button--ghost"
            disabled={busy}
            onClick={() => void skipLimitsPrompt(place).then(refresh)}
            data-testid="limits-prompt-skip"
          >
            {t('saferPlay.promptSkip')}
          </button>
        </div>
      </form>
      <Link to={`/profile#${SAFER_PLAY_ANCHOR}`} className="limits-prompt__more">
        {t('saferPlay.promptMore')}
      </Link>
    </section>
  );
}
