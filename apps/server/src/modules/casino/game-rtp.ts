import { SPM_GAME_KINDS, type CasinoRtpRange, type SpmGameKind } from '@spm/contract';
import { spmGameRtpRangePercent } from '@spm/core';

const isSpmKind = (value: string | null): value is SpmGameKind =>
  value !== null && (SPM_GAME_KINDS as readonly string[]).includes(value);

/**
 * The RTP a catalogue row shows (lobby and back office). A built-in table's is computed at
 * read time from core's spot list, the figures bench/casino-rtp checks, so a bet added to a
 * game shows at once and the stored column cannot go stale; an external provider's game
 * keeps the single figure its provider states (`rtp_basis_points`).
 */
export function catalogueRtpRange(spmKind: string | null, rtpBasisPoints: number): CasinoRtpRange {
  if (isSpmKind(spmKind)) return spmGameRtpRangePercent(spmKind);
  const percent = rtpBasisPoints / 100;
  return { min: percent, max: percent };
}
