import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SpmGameKind, SpmRound } from '@spm/contract';
import { verifyRound } from '../lib/verify';
import type { VerifyResult } from '../lib/verify';

/**
 * Provable fairness: the seed's hash is published while betting is open, the seed itself
 * once the round is settled, and "Verify" replays the round here in the browser.
 */
export function FairnessPanel({
  kind,
  round,
  open = false,
}: {
  kind: SpmGameKind;
  round: SpmRound;
  /** Shown opened (a past round's record, where the seeds are what the player came for). */
  open?: boolean;
}) {
  const { t } = useTranslation();
  const [checked, setChecked] = useState<{
    roundId: string;
    result: VerifyResult | 'error';
  } | null>(null);
  const { fairness } = round;
  const result = checked?.roundId === round.id ? checked.result : null;

  const verify = () => {
    try {
      const outcome = verifyRound(kind, round);
      if (outcome) setChecked({ roundId: round.id, result: outcome });
    } catch {
      // A seed the deal refuses (malformed) cannot be verified: say so rather than pass it.
      setChecked({ roundId: round.id, result: 'error' });
    }
  };

  return (
    <details className="table-panel" open={open} data-testid="fairness-panel">
      <summary className="table-panel__summary">{t('casino.fairness.title')}</summary>
      <p className="page__muted">{t('casino.fairness.explain')}</p>
      <dl className="fairness">
        <dt>{t('casino.fairness.round')}</dt>
        <dd>#{round.number}</dd>
        <dt>{t('casino.fairness.serverSeedHash')}</dt>
        <dd className="fairness__hex" data-testid="fairness-hash">
          {fairness.serverSeedHash}
        </dd>
        <dt>{t('casino.fairness.serverSeed')}</dt>
        <dd className="fairness__hex" data-testid="fairness-seed">
          {fairness.serverSeed ?? t('casino.fairness.hiddenUntilSettled')}
        </dd>
        <dt>{t('casino.fairness.clientSeed')}</dt>
        <dd className="fairness__hex">{fairness.clientSeed}</dd>
        <dt>{t('casino.fairness.nonce')}</dt>
        <dd>{fairness.nonce}</dd>
      </dl>
      <button
        type="button"
        className="button button--outline"
        disabled={fairness.serverSeed === null}
        onClick={verify}
        data-testid="fairness-verify"
      >
        {t('casino.fairness.verify')}
      </button>
      {result && (
        <div className="fairness__result" role="status" data-testid="fairness-result">
          {result === 'error' ? (
            <p className="pnl pnl--down">{t('casino.fairness.cannotVerify')}</p>
          ) : (
            <>
              <p
                className={`pnl ${result.hashMatches ? 'pnl--up' : 'pnl--down'}`}
                data-testid="fairness-hash-check"
                data-ok={result.hashMatches}
              >
                {result.hashMatches ? t('casino.fairness.hashOk') : t('casino.fairness.hashBad')}
              </p>
              <p
                className={`pnl ${result.outcomeMatches ? 'pnl--up' : 'pnl--down'}`}
                data-testid="fairness-outcome-check"
                data-ok={result.outcomeMatches}
              >
                {result.outcomeMatches
                  ? t('casino.fairness.outcomeOk', { result: result.recomputedResult ?? '—' })
                  : t('casino.fairness.outcomeBad', { result: result.recomputedResult ?? '—' })}
              </p>
            </>
          )}
        </div>
      )}
    </details>
  );
}
