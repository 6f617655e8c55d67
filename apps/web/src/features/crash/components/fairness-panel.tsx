import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CrashRoundSummary, CrashSettingsView } from '@spm/contract';
import { formatCount } from '@spm/client';
import { useCrashRound, useCrashRounds } from '../api/crash-api';
import { formatHundredths, formatMultiplier } from '../lib/multiplier';
import { verifyCrashRound } from '../lib/verify';
import type { CrashVerification } from '../lib/verify';

function Check({
  ok,
  okText,
  badText,
  testId,
}: {
  ok: boolean;
  okText: string;
  badText: string;
  testId: string;
}) {
  return (
    <p
      className={`crash-check crash-check--${ok ? 'ok' : 'bad'}`}
      data-testid={testId}
      data-ok={ok}
    >
      {ok ? okText : badText}
    </p>
  );
}

function RoundFacts({ round }: { round: CrashRoundSummary }) {
  const { t } = useTranslation('crash');
  const [checked, setChecked] = useState<{
    id: string;
    result: CrashVerification | 'error';
  } | null>(null);
  const result = checked?.id === round.id ? checked.result : null;
  const verify = () => {
    try {
      setChecked({ id: round.id, result: verifyCrashRound(round) });
    } catch {
      // A malformed hash or an empty salt has no crash point to recompute: say so, never pass it.
      setChecked({ id: round.id, result: 'error' });
    }
  };
  const allOk =
    result !== null && result !== 'error' && result.crashPointOk && result.chainOk && result.saltOk;
  return (
    <>
      <dl className="crash-fairness__facts">
        <dt>{t('fairness.crashPoint')}</dt>
        <dd data-testid="crash-fairness-point">{formatMultiplier(round.crashPoint)}</dd>
        <dt>{t('fairness.hash')}</dt>
        <dd className="crash-hex" data-testid="crash-fairness-hash">
          {round.hash}
        </dd>
        <dt>{t('fairness.salt')}</dt>
        <dd className="crash-hex">{round.salt}</dd>
        <dt>{t('fairness.commitment')}</dt>
        <dd className="crash-hex">{round.saltCommitment}</dd>
        <dt>{t('fairness.previousHash')}</dt>
        <dd className="crash-hex">{round.previousHash}</dd>
        <dt>{t('fairness.settings')}</dt>
        <dd>
          {t('fairness.settingsValue', {
            edge: round.houseEdgePercent,
            max: formatMultiplier(round.maxMultiplier),
          })}
        </dd>
      </dl>
      <button
        type="button"
        className="button button--outline"
        onClick={verify}
        data-testid="crash-fairness-verify"
      >
        {t('fairness.verify')}
      </button>
      {result && (
        <div
          className="crash-fairness__result"
          role="status"
          data-testid="crash-fairness-result"
          data-ok={allOk}
        >
          {result === 'error' ? (
            <p className="crash-check crash-check--bad">{t('fairness.cannotVerify')}</p>
          ) : (
            <>
              <p
                className={`crash-fairness__verdict crash-check--${allOk ? 'ok' : 'bad'}`}
                data-testid="crash-fairness-verdict"
              >
                {allOk ? t('fairness.allOk') : t('fairness.notOk')}
              </p>
              <Check
                ok={result.crashPointOk}
                okText={t('fairness.pointOk', {
                  point: formatHundredths(result.recomputedHundredths),
                })}
                badText={t('fairness.pointBad', {
                  point: formatHundredths(result.recomputedHundredths),
                  shown: formatMultiplier(round.crashPoint),
                })}
                testId="crash-fairness-point-check"
              />
              <Check
                ok={result.chainOk}
                okText={t('fairness.chainOk')}
                badText={t('fairness.chainBad')}
                testId="crash-fairness-chain-check"
              />
              <Check
                ok={result.saltOk}
                okText={t('fairness.saltOk')}
                badText={t('fairness.saltBad')}
                testId="crash-fairness-salt-check"
              />
            </>
          )}
        </div>
      )}
    </>
  );
}

/**
 * Provable fairness (docs/crash-fairness.md): the chain's terminating hash, published before
 * the first round; for a chosen finished round its hash, salt, the salt's commitment and the
 * previous round's hash; Verify recomputes the crash point and both links here in the
 * browser with the server's own code (@spm/core).
 */
export function FairnessPanel({
  settings,
  open,
  onToggle,
  chosenRoundId,
  onChoose,
  lastCrashId,
}: {
  settings: CrashSettingsView;
  open: boolean;
  onToggle: (open: boolean) => void;
  chosenRoundId: string | null;
  onChoose: (roundId: string) => void;
  lastCrashId: string | null;
}) {
  const { t } = useTranslation('crash');
  const rounds = useCrashRounds(1, lastCrashId, open);
  const items = rounds.data?.items ?? [];
  const roundId = chosenRoundId ?? items[0]?.id ?? null;
  const listed = items.find((item) => item.id === roundId);
  // A round picked from the strip may be older than the list's first page.
  const detail = useCrashRound(roundId, open && !listed && roundId !== null);
  const round: CrashRoundSummary | undefined = listed ?? detail.data;

  return (
    <details className="crash-section crash-fairness" open={open} data-testid="crash-fairness">
      {/* Opened by the page as well (a round picked in the strip): the state decides. */}
      <summary
        className="crash-section__toggle"
        onClick={(event) => {
          event.preventDefault();
          onToggle(!open);
        }}
        data-testid="crash-fairness-open"
      >
        {t('fairness.title')}
      </summary>
      <p className="page__muted">{t('fairness.explain')}</p>
      <dl className="crash-fairness__facts">
        <dt>{t('fairness.terminatingHash')}</dt>
        <dd className="crash-hex" data-testid="crash-terminating-hash">
          {settings.terminatingHash}
        </dd>
        <dt>{t('fairness.chainLength')}</dt>
        <dd>{formatCount(settings.chainLength)}</dd>
      </dl>
      {open && (
        <>
          <label className="crash-fairness__choose">
            {t('fairness.round')}
            <select
              value={roundId ?? ''}
              onChange={(event) => onChoose(event.target.value)}
              data-testid="crash-fairness-round"
            >
              {roundId !== null && !listed && <option value={roundId}>{roundId}</option>}
              {items.map((item) => (
                <option key={item.id} value={item.id}>
                  {`${item.id} · ${formatMultiplier(item.crashPoint)}`}
                </option>
              ))}
            </select>
          </label>
          {round ? (
            <RoundFacts round={round} />
          ) : (
            <p
              className="page__muted"
              role={rounds.isError || detail.isError ? 'alert' : undefined}
            >
              {rounds.isError || detail.isError
                ? t('loadError')
                : rounds.data && items.length === 0
                  ? t('fairness.noRounds')
                  : '…'}
            </p>
          )}
        </>
      )}
    </details>
  );
}
