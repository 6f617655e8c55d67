import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { Platform } from './support/platform.ts';
import { usePlatformAndBrowser } from './support/use-platform.ts';
import { logInThroughDialog, points, registerPlayer } from './support/players.ts';
import { creditPlayer, staffToken } from './support/staff.ts';

let platform: Platform;
let browser: Browser;

const STARTING_POINTS = 1000;
/** A chip of the 10–7,500 table (10, 25, 100, 500, ...: tableChipsPoints in core). */
const STAKE_POINTS = 100;
/** Andar returns 1.9 per point staked (stake included): docs/casino-games.md. */
const ANDAR_RETURN = 1.9;
const GAME_ID = 'spm-andar-bahar';
/** Rounds the journey may try before a bet lands inside a betting window. */
const BET_ATTEMPTS = 4;
/** Crash rounds the journey may play before one lets it cash out (1.00x crashes lose). */
const CRASH_ATTEMPTS = 5;
/** The longest wait for a crash round's next step: the current flight may run to high multipliers. */
const CRASH_FLIGHT_WAIT_MS = 180_000;

/** Seconds left on the table's countdown, or 0 when betting is not open. */
async function secondsLeft(page: Page): Promise<number> {
  const countdown = page.getByTestId('table-countdown');
  if ((await countdown.count()) === 0) return 0;
  return Number((await countdown.textContent()) ?? 0);
}

/**
 * Bets on Andar once a round's betting window has time left; a bet refused because the
 * window closed on the way is tried again in the next round.
 */
async function betOnAndar(page: Page): Promise<void> {
  for (let attempt = 0; attempt < BET_ATTEMPTS; attempt += 1) {
    await expect
      .poll(() => secondsLeft(page), { timeout: 60_000, interval: 100 })
      .toBeGreaterThanOrEqual(2);
    await page.locator('[data-testid="bet-spot"][data-spot="andar"]').click();
    const landed = await Promise.race([
      page
        .getByTestId('table-bet')
        .first()
        .waitFor({ timeout: 10_000 })
        .then(() => true),
      page
        .getByTestId('table-bet-error')
        .waitFor({ timeout: 10_000 })
        .then(() => false),
    ]);
    if (landed) return;
  }
  throw new Error(`no bet accepted in ${BET_ATTEMPTS} rounds`);
}

describe('a player plays a round of Andar Bahar, and the crash game', () => {
  // Short rounds: a 6-second betting window, a card every 150 ms, the result shown 4 seconds.
  usePlatformAndBrowser((started) => ({ platform, browser } = started), {
    SPM_BETTING_SECONDS_OVERRIDE: '6',
    SPM_DEAL_STEP_MS: '150',
    SPM_SETTLED_PAUSE_MS: '4000',
  });

  it('opens /live-casino, bets during betting, sees the deal, the result and the balance, and finds the round in history', async () => {
    const suffix = String(Date.now() % 100000);
    const username = `casino${suffix}`;
    const password = 'casino2026';
    const playerId = await registerPlayer(platform.baseUrl, username, password);
    const staff = await staffToken(platform.baseUrl, platform.dataDir);
    const funded = await creditPlayer(
      platform.baseUrl,
      staff,
      playerId,
      STARTING_POINTS,
      `e2e-casino-${suffix}`,
    );
    expect(funded.status).toBe(200);

    const page = await (
      await browser.newContext({ viewport: { width: 390, height: 844 } })
    ).newPage();
    await logInThroughDialog(page, platform.baseUrl, username, password);
    await expect
      .poll(() => page.getByTestId('header-balance').textContent(), { timeout: 10_000 })
      .toContain(points(STARTING_POINTS));

    // The lobby of the live-casino family, then the game: launch, and the table opens.
    await page.goto(`${platform.baseUrl}/live-casino`);
    const card = page.locator(`[data-testid="game-card"][data-game-id="${GAME_ID}"]`);
    await card.waitFor();
    await card.getByTestId('game-open').click();
    await page.waitForURL(new RegExp(`/spmgames/table/${GAME_ID}\\?launch=`));
    await page.getByTestId('spm-table').waitFor();
    await page.locator(`[data-testid^="chip-preset-"][data-chip="${STAKE_POINTS}"]`).click();

    await betOnAndar(page);
    const myBet = page.getByTestId('table-bet').first();
    await expect.poll(() => myBet.textContent()).toContain(points(STAKE_POINTS));
    // The stake left the wallet: the header follows the server's balance push.
    await expect
      .poll(() => page.getByTestId('header-balance').textContent(), { timeout: 10_000 })
      .toContain(points(STARTING_POINTS - STAKE_POINTS));

    // The deal: the joker and the piles appear card by card, then the result.
    await expect
      .poll(() => page.getByTestId('playing-card').count(), { timeout: 30_000 })
      .toBeGreaterThanOrEqual(2);
    await page
      .locator('[data-testid="table-phase"][data-phase="settled"]')
      .waitFor({ timeout: 60_000 });
    const result = (await page.getByTestId('table-result').textContent())?.trim();
    expect(['A', 'B']).toContain(result);

    // My bet settles as the result says, and the balance moves by exactly that.
    const won = result === 'A';
    await expect
      .poll(() => myBet.getAttribute('data-status'), { timeout: 15_000 })
      .toBe(won ? 'won' : 'lost');
    const expected = STARTING_POINTS - STAKE_POINTS + (won ? STAKE_POINTS * ANDAR_RETURN : 0);
    await expect
      .poll(() => page.getByTestId('header-balance').textContent(), { timeout: 15_000 })
      .toContain(points(expected));
    if (won) await page.getByText(`You won ${points(STAKE_POINTS * ANDAR_RETURN)}!`).waitFor();

    // The fairness check of the settled round passes in the browser.
    await page.getByText('Provably fair').click();
    await page.getByTestId('fairness-verify').click();
    await expect
      .poll(() => page.getByTestId('fairness-hash-check').getAttribute('data-ok'))
      .toBe('true');
    await expect
      .poll(() => page.getByTestId('fairness-outcome-check').getAttribute('data-ok'))
      .toBe('true');

    // The round in the player's history: from My Bets to its Casino tab.
    await page.goto(`${platform.baseUrl}/mybets`);
    await page.getByTestId('mybets-casino-link').click();
    await page.waitForURL(`${platform.baseUrl}/mybets/casino`);
    const row = page.getByTestId('casino-round').first();
    await row.waitFor();
    expect(await row.textContent()).toContain('Andar Bahar');
    expect(await row.getByTestId('casino-round-staked').textContent()).toContain(
      points(STAKE_POINTS),
    );
    expect(await row.getByTestId('casino-round-won').textContent()).toContain(
      points(won ? STAKE_POINTS * ANDAR_RETURN : 0),
    );
    expect(await row.getAttribute('data-status')).toBe('closed');

    // Issue 40 item 4: the round's cards, my bet and seeds are there, and Verify replays it.
    expect(await row.getByTestId('result-mark').getAttribute('data-result')).toBe(result);
    await row.getByTestId('casino-round-details').click();
    const detail = page.getByTestId('round-record');
    await detail.waitFor();
    expect(await detail.getByTestId('playing-card').count()).toBeGreaterThanOrEqual(2);
    expect(await detail.getByTestId('round-record-bet').getAttribute('data-status')).toBe(
      won ? 'won' : 'lost',
    );
    expect(await detail.getByTestId('fairness-seed').textContent()).toMatch(/\S{16,}/);
    // The record opens with its seeds shown: Verify is one click.
    await detail.getByTestId('fairness-verify').click();
    await expect
      .poll(() => detail.getByTestId('fairness-hash-check').getAttribute('data-ok'))
      .toBe('true');
    await expect
      .poll(() => detail.getByTestId('fairness-outcome-check').getAttribute('data-ok'))
      .toBe('true');
  }, 240_000);

  it('plays the crash game at /aviatorgames: bets, watches the flight, cashes out, sees the balance, the bet in history and the round verified', async () => {
    const suffix = String(Date.now() % 100000);
    const username = `crash${suffix}`;
    const password = 'crash2026';
    const playerId = await registerPlayer(platform.baseUrl, username, password);
    const staff = await staffToken(platform.baseUrl, platform.dataDir);
    const funded = await creditPlayer(
      platform.baseUrl,
      staff,
      playerId,
      STARTING_POINTS,
      `e2e-crash-${suffix}`,
    );
    expect(funded.status).toBe(200);
    const page = await (
      await browser.newContext({ viewport: { width: 360, height: 780 } })
    ).newPage();
    await logInThroughDialog(page, platform.baseUrl, username, password);
    await page.goto(`${platform.baseUrl}/aviatorgames`);
    await page.getByTestId('crash-flight').waitFor();
    await page.getByTestId(`crash-preset-${STAKE_POINTS}-0`).click();

    // A bet cashed out by hand as soon as the flight allows; a round that crashes first
    // (about 3 % crash at 1.00x) loses the stake, and the next round is tried.
    let staked = 0;
    let payout: number | null = null;
    for (let attempt = 0; attempt < CRASH_ATTEMPTS && payout === null; attempt += 1) {
      await page.getByTestId('crash-bet-0').click();
      staked += STAKE_POINTS;
      // A bet pressed in a flight waits for the next round: the flight may be long (a 20x
      // crash takes 50 s to fly).
      const cashOut = page.getByTestId('crash-cashout-0');
      const lost = page.getByTestId('crash-lost-0');
      await cashOut.or(lost).first().waitFor({ timeout: CRASH_FLIGHT_WAIT_MS });
      if (await cashOut.isVisible()) await cashOut.click().catch(() => undefined);
      const cashedOut = page.getByTestId('crash-cashed-out-0');
      await cashedOut.or(lost).first().waitFor({ timeout: CRASH_FLIGHT_WAIT_MS });
      if (await cashedOut.isVisible()) {
        payout = Number(await cashedOut.getAttribute('data-payout'));
      } else {
        // Lost: the next round's betting, then bet again.
        await page.getByTestId('crash-countdown').waitFor({ timeout: CRASH_FLIGHT_WAIT_MS });
      }
    }
    expect(payout).not.toBeNull();
    // At least the stake back: the earliest cash-out pays 1.00x or more.
    expect(payout!).toBeGreaterThanOrEqual(STAKE_POINTS);
    await expect
      .poll(() => page.getByTestId('header-balance').textContent(), { timeout: 15_000 })
      .toContain(points(STARTING_POINTS - staked + payout!));

    // The bet in the player's crash history, with its round.
    await page.getByTestId('crash-my-bets-open').click();
    const myBet = page.locator('[data-testid="crash-my-bet"][data-status="cashed_out"]').first();
    await myBet.waitFor({ timeout: 15_000 });
    expect(await myBet.textContent()).toContain(points(payout!));
    const roundId = await myBet.getAttribute('data-round-id');
    expect(roundId).toMatch(/^\d+$/);

    // The round verified in the browser: crash point, chain link and salt commitment.
    await page.getByTestId('crash-fairness-open').click();
    const choose = page.getByTestId('crash-fairness-round');
    await choose.waitFor();
    // A bet cashed out early leaves its round flying: the list holds crashed rounds only, and
    // is read again at each crash (a 10,000x flight lasts about 150 s).
    await choose
      .locator(`option[value="${roundId!}"]`)
      .waitFor({ state: 'attached', timeout: CRASH_FLIGHT_WAIT_MS });
    await choose.selectOption(roundId!);
    await page.getByTestId('crash-fairness-verify').click();
    await expect
      .poll(() => page.getByTestId('crash-fairness-result').getAttribute('data-ok'), {
        timeout: 15_000,
      })
      .toBe('true');
  }, 600_000);
});
