import { describe, expect, it } from 'vitest';
import {
  currentRestriction,
  mayTakeExclusion,
  selfExclusionEnd,
  timeOutEnd,
  walletRestrictionEnds,
  type ExclusionFacts,
} from './exclusion.ts';

const at = (iso: string) => new Date(iso);
const PERMANENT = at('9999-12-31T00:00:00Z');

const timeOut = (start: string, end: string): ExclusionFacts => ({
  kind: 'time_out',
  startsAt: at(start),
  endsAt: at(end),
  returnRequestedAt: null,
  returnsAt: null,
});
const exclusion = (start: string, end: string, returnsAt?: string): ExclusionFacts => ({
  kind: 'self_exclusion',
  startsAt: at(start),
  endsAt: at(end),
  returnRequestedAt: returnsAt ? new Date(at(returnsAt).getTime() - 86_400_000) : null,
  returnsAt: returnsAt ? at(returnsAt) : null,
});

describe('exclusion ends', () => {
  it('adds hours to a time-out and calendar months to a self-exclusion', () => {
    expect(timeOutEnd(at('2026-01-01T10:00:00Z'), 24)).toEqual(at('2026-01-02T10:00:00Z'));
    expect(selfExclusionEnd(at('2026-01-15T10:00:00Z'), 6)).toEqual(at('2026-07-15T10:00:00Z'));
    expect(selfExclusionEnd(at('2026-08-31T10:00:00Z'), 6)).toEqual(at('2027-02-28T10:00:00Z'));
    expect(selfExclusionEnd(at('2026-01-01T00:00:00Z'), 60)).toEqual(at('2031-01-01T00:00:00Z'));
  });
});

describe('walletRestrictionEnds', () => {
  const now = at('2026-03-01T00:00:00Z');
  it('keeps a self-exclusion permanent until a return is asked, then its reopening', () => {
    expect(walletRestrictionEnds([], now, PERMANENT)).toEqual({
      excludedUntil: null,
      timeOutUntil: null,
    });
    const past = exclusion('2025-01-01T00:00:00Z', '2025-07-01T00:00:00Z');
    expect(walletRestrictionEnds([past], now, PERMANENT).excludedUntil).toEqual(PERMANENT);
    const asked = exclusion('2025-01-01T00:00:00Z', '2025-07-01T00:00:00Z', '2026-03-01T12:00:00Z');
    expect(walletRestrictionEnds([asked], now, PERMANENT).excludedUntil).toEqual(
      at('2026-03-01T12:00:00Z'),
    );
    const reopened = exclusion(
      '2025-01-01T00:00:00Z',
      '2025-07-01T00:00:00Z',
      '2026-02-01T00:00:00Z',
    );
    expect(walletRestrictionEnds([reopened], now, PERMANENT).excludedUntil).toBeNull();
  });

  it('takes the latest time-out end still ahead', () => {
    const ends = walletRestrictionEnds(
      [
        timeOut('2026-02-28T00:00:00Z', '2026-03-02T00:00:00Z'),
        timeOut('2026-02-28T01:00:00Z', '2026-03-05T00:00:00Z'),
        timeOut('2026-01-01T00:00:00Z', '2026-01-02T00:00:00Z'),
      ],
      now,
      PERMANENT,
    );
    expect(ends.timeOutUntil).toEqual(at('2026-03-05T00:00:00Z'));
  });
});

describe('currentRestriction and mayTakeExclusion', () => {
  const now = at('2026-03-01T00:00:00Z');
  it('offers the return only after a self-exclusion ended and before it is asked', () => {
    const running = exclusion('2026-01-01T00:00:00Z', '2026-07-01T00:00:00Z');
    expect(currentRestriction([running], now)?.canAskToReturn).toBe(false);
    const ended = exclusion('2025-01-01T00:00:00Z', '2025-07-01T00:00:00Z');
    expect(currentRestriction([ended], now)?.canAskToReturn).toBe(true);
    const asked = exclusion('2025-01-01T00:00:00Z', '2025-07-01T00:00:00Z', '2026-03-01T12:00:00Z');
    expect(currentRestriction([asked], now)).toMatchObject({ canAskToReturn: false });
    const back = exclusion('2025-01-01T00:00:00Z', '2025-07-01T00:00:00Z', '2026-02-01T00:00:00Z');
    expect(currentRestriction([back], now)).toBeNull();
  });

  it('lets a restriction only grow longer', () => {
    const current = currentRestriction(
      [timeOut('2026-02-28T00:00:00Z', '2026-03-03T00:00:00Z')],
      now,
    );
    expect(mayTakeExclusion(null, 'time_out', now)).toBe(true);
    expect(mayTakeExclusion(current, 'time_out', at('2026-03-02T00:00:00Z'))).toBe(false);
    expect(mayTakeExclusion(current, 'time_out', at('2026-03-04T00:00:00Z'))).toBe(true);
    expect(mayTakeExclusion(current, 'self_exclusion', at('2026-09-01T00:00:00Z'))).toBe(true);
    const excluded = currentRestriction(
      [exclusion('2026-01-01T00:00:00Z', '2026-07-01T00:00:00Z')],
      now,
    );
    expect(mayTakeExclusion(excluded, 'self_exclusion', at('2031-01-01T00:00:00Z'))).toBe(false);
  });
});
