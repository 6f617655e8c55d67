import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { CasinoGames } from '@spm/contract';
import { SPM_GAME_SPOTS } from '@spm/core';
import type { Platform } from './support/platform.ts';
import { usePlatformAndBrowser } from './support/use-platform.ts';
import { logInThroughDialog, registerPlayer } from './support/players.ts';

let platform: Platform;
let browser: Browser;

/** The seeded catalogue: SPM Games' tables in every family (catalogue-seed.ts). */
const SEEDED_TABLES = 14;

/*
 * Issue 40 item 3 in Chromium, over every seeded table: the card's RTP is the range of the
 * game's bets, the built-in tables say they are animated, and each table's chips lie within
 * its limits.
 */
describe("the lobby's figures and every table's chips", () => {
  usePlatformAndBrowser((started) => ({ platform, browser } = started));

  it('shows each seeded game as the range of its bets, and each of its tables offers only chips within its limits', async () => {
    const suffix = String(Date.now() % 100000);
    const username = `lobby${suffix}`;
    const password = 'lobby2026';
    await registerPlayer(platform.baseUrl, username, password);
    const lobbyAnswer = await fetch(`${platform.baseUrl}/api/casino/games`);
    const { games } = ((await lobbyAnswer.json()) as { data: CasinoGames }).data;
    expect(games).toHaveLength(SEEDED_TABLES);

    const page = await (
      await browser.newContext({ viewport: { width: 360, height: 780 } })
    ).newPage();
    await logInThroughDialog(page, platform.baseUrl, username, password);

    await page.goto(`${platform.baseUrl}/live-casino`);
    await page.getByTestId('game-card').first().waitFor();
    expect(await page.getByTestId('casino-built-in-note').textContent()).toContain(
      'no dealer and no video',
    );
    expect(await page.getByText(/real dealer/i).count()).toBe(0);

    for (const game of games) {
      const percents = SPM_GAME_SPOTS[game.kind!].map((spot) => spot.rtpPercent);
      const [min, max] = [Math.min(...percents), Math.max(...percents)];
      expect(game.rtp, game.id).toEqual({ min, max });

      await page.goto(`${platform.baseUrl}/casinolisting`);
      const card = page.locator(`[data-testid="game-card"][data-game-id="${game.id}"]`);
      await card.waitFor();
      const shown =
        min === max ? `RTP ${max.toFixed(2)}%` : `RTP ${min.toFixed(2)}–${max.toFixed(2)}%`;
      expect(await card.getByTestId('game-rtp').textContent(), game.id).toBe(shown);
      expect(await card.getByTestId('game-nature').getAttribute('data-nature')).toBe('animated');

      await card.getByTestId('game-open').click();
      await page.waitForURL(new RegExp(`/spmgames/table/${game.id}\\?launch=`));
      await page.getByTestId('spm-table').waitFor();
      const chips = (
        await page
          .locator('[data-testid^="chip-preset-"]')
          .evaluateAll((buttons) => buttons.map((button) => button.getAttribute('data-chip')))
      ).map(Number);
      expect(chips.length, game.id).toBeGreaterThanOrEqual(2);
      expect(
        chips.filter((chip) => !(chip >= game.minBet && chip <= game.maxBet)),
        game.id,
      ).toEqual([]);
      expect([chips[0], chips.at(-1)], game.id).toEqual([game.minBet, game.maxBet]);
      // The rack fits the phone's width: no chip starts right of the screen.
      const rightmost = await page
        .locator('[data-testid^="chip-preset-"]')
        .last()
        .evaluate((chip) => chip.getBoundingClientRect().right);
      expect(rightmost, game.id).toBeLessThanOrEqual(360);
    }
  }, 240_000);
});
