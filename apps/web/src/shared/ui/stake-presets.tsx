import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { readStakePresets, saveStakePresets, stakeToPaise } from '@/shared/lib/stake-presets';
import './stake-presets.css';

/**
 * The player's one-click stake buttons of the exchange's bet slip, editable in place and saved
 * on the device. (A casino table offers chips of its own, within its limits: chip-rack.tsx.)
 */
export function StakePresets({ onPick }: { onPick: (stake: number) => void }) {
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
            data-testid={`slip-preset-input-${index}`}
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
          data-testid="slip-presets-save"
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
          className="button button--ghost slip-presets__button"
          onClick={() => onPick(stake)}
          data-testid={`slip-preset-${index}`}
        >
          {stake}
        </button>
      ))}
      <button
        type="button"
        className="link-button"
        onClick={() => setEditing(presets.map(String))}
        data-testid="slip-presets-edit"
      >
        {t('exchange.slip.editPresets')}
      </button>
    </div>
  );
}
