import { useMatchSettings } from '../api/exchange-api';
import type { OpenSlip } from '../hooks/use-bet-slip';
import { BetSlip } from './bet-slip';
import type { SlipDraft } from './bet-slip';

/**
 * The one bet slip of the exchange pages, with the stake limits and commission of the
 * clicked market (its event's settings, read once and shared with the match page's query).
 * A new selection is a new slip: the key drops what was typed for another one.
 */
export function ExchangeSlip({
  slip,
  onChange,
  onClose,
}: {
  slip: OpenSlip;
  onChange: (draft: SlipDraft) => void;
  onClose: () => void;
}) {
  const settings = useMatchSettings(slip.eventId);
  const { selection } = slip.draft;
  const limits = settings.data?.find((item) => item.marketId === selection.marketId);
  return (
    <BetSlip
      key={`${selection.marketId}/${selection.side}/${
        selection.kind === 'fancy' ? '' : selection.runnerId
      }`}
      draft={slip.draft}
      limits={limits}
      eventId={slip.eventId}
      onChange={onChange}
      onClose={onClose}
    />
  );
}
