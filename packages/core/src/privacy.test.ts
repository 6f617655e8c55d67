import { describe, expect, it } from 'vitest';
import {
  DATA_REQUEST_DAYS,
  dataRequestDueAt,
  erasedUsername,
  erasureBlocker,
  isDataRequestOverdue,
  maskAccountNumber,
  maskPlayerName,
} from './privacy.ts';

describe('personal data rules', () => {
  it('gives a request 30 days, within the 90 the DPDP Rules allow', () => {
    const made = new Date('2026-12-02T10:00:00Z');
    expect(DATA_REQUEST_DAYS).toBeLessThanOrEqual(90);
    expect(dataRequestDueAt(made).toISOString()).toBe('2027-01-01T10:00:00.000Z');
  });

  it('is overdue only after the deadline', () => {
    const due = new Date('2027-01-01T10:00:00Z');
    expect(isDataRequestOverdue(due, new Date('2027-01-01T10:00:00Z'))).toBe(false);
    expect(isDataRequestOverdue(due, new Date('2027-01-01T10:00:01Z'))).toBe(true);
  });

  it('shows other players only the ends of a name', () => {
    expect(maskPlayerName('ravikumar42')).toBe('ra***42');
    expect(maskPlayerName('ravi')).toBe('r***');
    expect(maskPlayerName('ravikumar42')).not.toContain('vikum');
  });

  it('masks all but the last four characters', () => {
    expect(maskAccountNumber('50100123451234')).toBe('••••••••••1234');
    expect(maskAccountNumber('4242 4242 4242 4242')).toBe('••••••••••••4242');
    expect(maskAccountNumber('ravi.kumar@okhdfc')).toBe('•••••••••••••hdfc');
    expect(maskAccountNumber('123')).toBe('•••');
    expect(maskAccountNumber('50100123451234')).not.toContain('501001');
  });

  it('names an erased account by its id only', () => {
    expect(erasedUsername(42)).toBe('erased-42');
  });
});

describe('erasureBlocker', () => {
  const empty = { balancePaise: 0n, exposurePaise: 0n, withdrawalHoldPaise: 0n };
  const real = { openBets: 0, playMoney: false };

  it('lets an empty account with no open bets go', () => {
    expect(erasureBlocker(empty, real)).toBeNull();
  });

  it('holds it while money is the player to take or on its way out', () => {
    expect(erasureBlocker({ ...empty, balancePaise: 1n }, real)).toBe('DATA_ERASURE_BALANCE');
    expect(erasureBlocker({ ...empty, withdrawalHoldPaise: 5n }, real)).toBe(
      'DATA_ERASURE_BALANCE',
    );
  });

  it('holds it while a bet is open, whatever the money mode', () => {
    expect(erasureBlocker({ ...empty, exposurePaise: 100n }, real)).toBe('DATA_ERASURE_OPEN_BETS');
    expect(erasureBlocker(empty, { openBets: 1, playMoney: true })).toBe('DATA_ERASURE_OPEN_BETS');
  });

  it('does not count points of a play-money account', () => {
    expect(
      erasureBlocker({ ...empty, balancePaise: 10_000n }, { ...real, playMoney: true }),
    ).toBeNull();
  });
});
