import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/shared/ui/confirm-dialog';
import { endRevokedSession, takeExclusion } from '@/shared/api/exclusion-api';
import { SELF_EXCLUSION_CHOICES, TIME_OUT_CHOICES } from './exclusion-choices';
import type { ExclusionChoice } from './exclusion-choices';
import './exclusion-panel.css';

interface ChoiceFormProps {
  kind: 'time_out' | 'self_exclusion';
  choices: readonly ExclusionChoice[];
  onChoose: (choice: ExclusionChoice) => void;
}

/** One of the two: a length to pick and a button that opens the confirmation. */
function ChoiceForm({ kind, choices, onChoose }: ChoiceFormProps) {
  const { t } = useTranslation();
  const [choiceId, setChoiceId] = useState(choices[0]?.id ?? '');
  const prefix = kind === 'time_out' ? 'time-out' : 'self-exclusion';
  const selectId = `safer-play-${prefix}-length`;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const choice = choices.find((candidate) => candidate.id === choiceId);
    if (choice) onChoose(choice);
  };
  return (
    <form className="exclusion-panel__form" onSubmit={submit} data-testid={`${prefix}-form`}>
      <h3 className="exclusion-panel__subtitle">
        {t(
          kind === 'time_out'
            ? 'saferPlayExclusion.timeOutTitle'
            : 'saferPlayExclusion.selfExclusionTitle',
        )}
      </h3>
      <p className="exclusion-panel__text">
        {t(
          kind === 'time_out'
            ? 'saferPlayExclusion.timeOutText'
            : 'saferPlayExclusion.selfExclusionText',
        )}
      </p>
      <label className="exclusion-panel__label" htmlFor={selectId}>
        {t('saferPlayExclusion.lengthLabel')}
      </label>
      <select
        id={selectId}
        className="exclusion-panel__select"
        value={choiceId}
        onChange={(event) => setChoiceId(event.target.value)}
        data-testid={`${prefix}-length`}
      >
        {choices.map((choice) => (
          <option key={choice.id} value={choice.id}>
            {t(choice.labelKey)}
          </option>
        ))}
      </select>
      <button type="submit" className="button button--ghost" data-testid={`${prefix}-start`}>
        {t(
          kind === 'time_out'
            ? 'saferPlayExclusion.startTimeOut'
            : 'saferPlayExclusion.startSelfExclusion',
        )}
      </button>
    </form>
  );
}

/**
 * The time-out and self-exclusion of the profile's Safer play section (issue 42 items 3-4):
 * a length, then a confirmation that says what it means. Once taken the server ends every
 * session; this page signs out at once too (its next call is refused, like the sockets').
 */
export function ExclusionPanel() {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<ExclusionChoice | null>(null);
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    if (!chosen) return;
    setBusy(true);
    const taken = await takeExclusion(chosen.body);
    setBusy(false);
    if (!taken) return;
    setChosen(null);
    // Every session ended on the server: the app signs out and offers sign-in again.
    await endRevokedSession();
  };

  return (
    <section
      className="profile-card exclusion-panel"
      aria-labelledby="safer-play-exclusion-title"
      data-testid="safer-play-exclusion"
    >
      <h2 id="safer-play-exclusion-title" className="profile-card__title">
        {t('saferPlayExclusion.sectionTitle')}
      </h2>
      <ChoiceForm kind="time_out" choices={TIME_OUT_CHOICES} onChoose={setChosen} />
      <ChoiceForm kind="self_exclusion" choices={SELF_EXCLUSION_CHOICES} onChoose={setChosen} />
      {chosen ? (
        <ConfirmDialog
          title={t('saferPlayExclusion.confirmTitle')}
          confirmLabel={t('saferPlayExclusion.confirm')}
          onConfirm={() => void confirm()}
          onCancel={() => setChosen(null)}
          busy={busy}
          testId="exclusion-confirm"
        >
          <p>
            {t(
              chosen.body.kind === 'time_out'
                ? 'saferPlayExclusion.confirmTimeOut'
                : 'saferPlayExclusion.confirmSelfExclusion',
              { length: t(chosen.labelKey) },
            )}
          </p>
          <ul className="exclusion-panel__list">
            <li>{t('saferPlayExclusion.meansNoPlay')}</li>
            <li>{t('saferPlayExclusion.meansSignOut')}</li>
            <li>{t('saferPlayExclusion.meansWithdraw')}</li>
            <li>{t('saferPlayExclusion.meansNoLift')}</li>
            {chosen.body.kind === 'self_exclusion' ? (
              <li>{t('saferPlayExclusion.meansReturn')}</li>
            ) : null}
          </ul>
        </ConfirmDialog>
      ) : null}
    </section>
  );
}
