import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { readStakePresets, saveStakePresets, stakeToPaise } from '@/shared/lib/stake-presets';
import './stake-presets.css';

/**
 * The player's one-click stake buttons, editable in place and saved on the device: the same
 * buttons on the exchange's bet slip and the casino's chip rack. `selected` marks the active
 * chip (the casino keeps one chip picked; the slip fills its stake field instead).
 */
export function StakePresets({
  onPick,
  selected,
  testIdPrefix = 'slip',
}: {
  onPick: (stake: number) => void;
  selected?: number | null;
  testIdPrefix?: string;
}) {
  const { t } = useTranslation();
  const [presets, setPresets] = useState(readStakePresets);
  const [editing, setEditing] = useState<string[] | null>(null);

  if (editing) {
    const valid = editing.every((text) => stakeToPaise(text) !== null);
    return (
      <div className="slip-presets slip-presets--editing">
        {editing.map((text, index) => (
          <input
            key={index}
            className="slip-presets__input"
            inputMode="decimal"
            aria-label={t('exchange.slip.presetLabel', { index: index + 1 })}
            value={text}
            onChange={(event) =>
              setEditing(editing.map((item, i) => (i === index ? event.target.value : item)))
            }
            data-testid={`${testIdPrefix}-preset-input-${index}`}
          />
        ))}
        <button
          type="button"
          className="button button--primary"
          disabled={!valid}
          onClick={() => {
            const saved = editing.map(Number);
            saveStakePresets(saved);
            setPresets(saved);
            setEditing(null);
          }}
          data-testid={`${testIdPrefix}-presets-save`}
        >
          {t('exchange.slip.savePresets')}
        </button>
      </div>
    );
  }
  return (
    <div className="slip-presets">
      {presets.map((stake, index) => (
        <button
          key={index}
          type="button"
          className={`button button--ghost slip-presets__button${selected === stake ? ' slip-presets__button--selected' : ''}`}
          aria-pressed={selected === undefined ? undefined : selected === stake}
          onClick={() => onPick(stake)}
          data-testid={`${testIdPrefix}-preset-${index}`}
        >
          {stake}
        </button>
      ))}
      <button
        type="button"
        className="link-button"
        onClick={() => setEditing(presets.map(String))}
        data-testid={`${testIdPrefix}-presets-edit`}
      >
        {t('exchange.slip.editPresets')}
      </button>
    </div>
  );
}
