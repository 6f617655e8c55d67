import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers, startHarness, type Harness } from '../../../test/harness.ts';
import { insertPlayer } from '../../../test/wallet.ts';
import { addPlayerHours, readWalletTotals } from './wallet-player-repository.ts';

/*
 * The limits' totals (issue 41 item 3, issue 42's limits): each window sums exactly the hour
 * rows inside it, the oldest counted deposit and stake hours are the window's own, and hours
 * outside the longest window or after `now` count nowhere.
 */

const HOUR = 3_600_000;

describe.each(drivers)('the wallet totals read on %s', (driver) => {
  let h: Harness;

  beforeAll(async () => {
    h = await startHarness(driver);
  });
  afterAll(async () => {
    await h?.close();
  });

  it('sums each window from its own hours, with its oldest deposit and stake hour', async () => {
    const playerId = await insertPlayer(h.db);
    const other = await insertPlayer(h.db);
    const now = new Date(Date.UTC(2026, 10, 20, 12, 30));
    const hourAgo = (hours: number) =>
      new Date(Math.floor(now.getTime() / HOUR) * HOUR - hours * HOUR);
    const add = (hours: number, deposited: bigint, staked: bigint, won: bigint, who = playerId) =>
      addPlayerHours(
        h.db,
        hourAgo(hours),
        new Map([[who, { depositedPaise: deposited, stakedPaise: staked, wonPaise: won }]]),
      );
    await add(0, 100n, 10n, 1n);
    await add(23, 0n, 20n, 2n);
    await add(24, 1_000n, 0n, 0n); // the first hour outside 24 h
    await add(100, 0n, 300n, 30n);
    await add(168, 10_000n, 4_000n, 0n); // the first hour outside 7 d
    await add(719, 0n, 50_000n, 5n);
    await add(720, 900_000n, 900_000n, 900_000n); // outside 30 d: counts nowhere
    await add(-1, 700_000n, 700_000n, 0n); // after now: counts nowhere
    await add(0, 8n, 8n, 8n, other);

    const totals = await readWalletTotals(h.db, [playerId, other], now);
    const mine = totals.get(playerId)!;
    expect(mine.last24h).toMatchObject({
      depositedPaise: 100n,
      stakedPaise: 30n,
      wonPaise: 3n,
      oldestDepositHour: hourAgo(0),
      oldestStakeHour: hourAgo(23),
    });
    expect(mine.last7d).toMatchObject({
      depositedPaise: 1_100n,
      stakedPaise: 330n,
      wonPaise: 33n,
      oldestDepositHour: hourAgo(24),
      oldestStakeHour: hourAgo(100),
    });
    expect(mine.last30d).toMatchObject({
      depositedPaise: 11_100n,
      stakedPaise: 54_330n,
      wonPaise: 38n,
      lostPaise: 54_292n,
      oldestDepositHour: hourAgo(168),
      oldestStakeHour: hourAgo(719),
    });
    expect(totals.get(other)!.last24h).toMatchObject({ depositedPaise: 8n, stakedPaise: 8n });
    expect(totals.get(other)!.last30d).toMatchObject({ depositedPaise: 8n, wonPaise: 8n });
  });

  it('gives zeros for a window without hours and no entry for a player without any', async () => {
    const playerId = await insertPlayer(h.db);
    const idle = await insertPlayer(h.db);
    const now = new Date(Date.UTC(2026, 10, 21, 0, 0));
    await addPlayerHours(
      h.db,
      new Date(now.getTime() - 200 * HOUR),
      new Map([[playerId, { depositedPaise: 5n, stakedPaise: 0n, wonPaise: 0n }]]),
    );
    const totals = await readWalletTotals(h.db, [playerId, idle], now);
    expect(totals.get(playerId)!.last24h).toMatchObject({
      depositedPaise: 0n,
      oldestDepositHour: null,
    });
    expect(totals.get(playerId)!.last7d.depositedPaise).toBe(0n);
    expect(totals.get(playerId)!.last30d).toMatchObject({ depositedPaise: 5n, stakedPaise: 0n });
    expect(totals.get(playerId)!.last30d.oldestStakeHour).toBeNull();
    expect(totals.has(idle)).toBe(false);
  });
});
