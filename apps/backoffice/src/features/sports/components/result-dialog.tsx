import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  marketResultBodySchema,
  type MarketResultBody,
  type SettlementAnswer,
} from '@spm/contract';
import { FormFeedback, Modal, opsErrorText, toastSuccess } from '../../../shared/ui/index.ts';
import { formatAmount } from '@spm/client';
import { settleMarket, sportsKeys, type StaffMarket } from '../api.ts';

export type ResultMode = 'result' | 'resettle';
type Choice = 'void' | 'value' | `runner:${string}`;

export interface ResultDialogProps {
  market: StaffMarket;
  /** result: the first settlement; resettle: correct a settled market's result. */
  mode: ResultMode;
  /** Opened from the Void button: the void outcome is chosen already. */
  initialVoid?: boolean;
  onClose: () => void;
}

const WHOLE_NUMBER = /^\d{1,6}$/;

/**
 * Declares a market's result (winner runner, fancy result value, or void), or corrects it.
 * Two steps: choose the outcome, then read what happens to players' money and confirm.
 */
export function ResultDialog({ market, mode, initialVoid, onClose }: ResultDialogProps) {
  const { t } = useTranslation('ops');
  const queryClient = useQueryClient();
  const [choice, setChoice] = useState<Choice | null>(initialVoid ? 'void' : null);
  const [value, setValue] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [body, setBody] = useState<MarketResultBody | null>(null);
  const [answer, setAnswer] = useState<SettlementAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);

  const settle = useMutation({
    mutationFn: (result: MarketResultBody) => settleMarket(market.id, result, mode === 'resettle'),
    onSuccess: (settled) => {
      setAnswer(settled);
      toastSuccess(
        settled.replay
          ? t('sports.result.replay')
          : t('sports.result.done', {
              version: settled.settlementVersion,
              players: settled.players,
            }),
      );
    },
    onError: (failure) => setError(opsErrorText(failure)),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: sportsKeys.event(market.eventId) });
      void queryClient.invalidateQueries({ queryKey: sportsKeys.book(market.id) });
    },
  });

  const runnerName = (id: string) => market.runners.find((runner) => runner.id === id)?.name ?? id;

  const next = (submitted: FormEvent) => {
    submitted.preventDefault();
    let candidate: unknown = null;
    if (choice === null) {
      setProblem(t('sports.result.chooseOutcome'));
      return;
    }
    if (choice === 'void') candidate = { void: true };
    else if (choice === 'value') {
      if (!WHOLE_NUMBER.test(value.trim())) {
        setProblem(t('sports.validation.resultValue'));
        return;
      }
      candidate = { resultValue: Number(value.trim()) };
    } else candidate = { winnerRunnerId: choice.slice('runner:'.length) };
    const parsed = marketResultBodySchema.safeParse(candidate);
    if (!parsed.success) {
      setProblem(t('sports.result.chooseOutcome'));
      return;
    }
    setProblem(null);
    setError(null);
    setBody(parsed.data);
  };

  const exposure = formatAmount(market.totalExposure);
  const effect = (result: MarketResultBody): string => {
    const outcome =
      'void' in result
        ? t('sports.result.effectVoid', { name: market.name, exposure })
        : 'winnerRunnerId' in result
          ? t('sports.result.effectWinner', {
              name: market.name,
              runner: runnerName(result.winnerRunnerId),
              exposure,
            })
          : t('sports.result.effectValue', {
              name: market.name,
              value: result.resultValue,
              exposure,
            });
    return mode === 'resettle'
      ? `${t('sports.result.effectResettle', { version: market.settledVersion })} ${outcome}`
      : outcome;
  };

  const title =
    mode === 'resettle'
      ? t('sports.result.resettleTitle', { name: market.name })
      : t('sports.result.title', { name: market.name });

  if (answer) {
    return (
      <Modal
        open
        title={title}
        onClose={onClose}
        footer={
          <button type="button" className="primary" onClick={onClose}>
            {t('common.close')}
          </button>
        }
      >
        <p role="status">
          {answer.replay
            ? t('sports.result.replay')
            : t('sports.result.done', {
                version: answer.settlementVersion,
                players: answer.players,
              })}
        </p>
      </Modal>
    );
  }

  if (body) {
    return (
      <Modal
        open
        title={title}
        onClose={onClose}
        footer={
          <>
            <button type="button" onClick={() => setBody(null)} disabled={settle.isPending}>
              {t('sports.result.back')}
            </button>
            <button
              type="button"
              className="danger"
              disabled={settle.isPending}
              onClick={() => settle.mutate(body)}
            >
              {mode === 'resettle'
                ? t('sports.result.confirmResettle')
                : 'void' in body
                  ? t('sports.result.confirmVoid')
                  : t('sports.result.confirmSettle')}
            </button>
          </>
        }
      >
        <p data-testid="result-effect">{effect(body)}</p>
        <FormFeedback error={error} />
      </Modal>
    );
  }

  return (
    <Modal open title={title} onClose={onClose}>
      <form className="stack" onSubmit={next} noValidate>
        <fieldset className="ops-outcomes">
          <legend>{t('sports.result.outcome')}</legend>
          {market.type === 'fancy' ? (
            <div className="ops-outcome-value">
              <label className="ops-check">
                <input
                  type="radio"
                  name="outcome"
                  checked={choice === 'value'}
                  onChange={() => setChoice('value')}
                />
                {t('sports.result.byValue')}
              </label>
              <label className="field">
                <span>{t('sports.result.resultValue')}</span>
                <input
                  inputMode="numeric"
                  value={value}
                  onChange={(change) => {
                    setValue(change.target.value);
                    setChoice('value');
                  }}
                />
              </label>
              {market.line !== null ? (
                <small className="muted">
                  {t('sports.result.lineHint', { line: market.line })}
                </small>
              ) : null}
            </div>
          ) : (
            market.runners.map((runner) => (
              <label key={runner.id} className="ops-check">
                <input
                  type="radio"
                  name="outcome"
                  checked={choice === `runner:${runner.id}`}
                  onChange={() => setChoice(`runner:${runner.id}`)}
                />
                {t('sports.result.wins', { runner: runner.name })}
              </label>
            ))
          )}
          <label className="ops-check">
            <input
              type="radio"
              name="outcome"
              checked={choice === 'void'}
              onChange={() => setChoice('void')}
            />
            {t('sports.result.void')}
          </label>
        </fieldset>
        {problem ? (
          <p className="field-error" role="alert">
            {problem}
          </p>
        ) : null}
        <div className="actions">
          <button type="button" onClick={onClose}>
            {t('common.cancel')}
          </button>
          <button type="submit" className="primary">
            {t('sports.result.next')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
