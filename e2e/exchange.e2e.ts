import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { Platform } from './support/platform.ts';
import { usePlatformAndBrowser } from './support/use-platform.ts';
import { logInThroughDialog, points, registerPlayer } from './support/players.ts';
import { api, creditPlayer, staffToken } from './support/staff.ts';

let platform: Platform;
let browser: Browser;

interface Market {
  id: string;
  type: string;
  status: string;
  runners: { id: string; name: string }[];
}
interface SportsEvent {
  id: string;
  status: string;
  markets: Market[];
}

const STARTING_POINTS = 1000;
const STAKE_POINTS = 100;
const PRICE = '2.00';

async function placeFromCell(page: Page, runnerId: string, cell: 'back-cell-0' | 'lay-cell-0') {
  const runner = page.locator(`[data-testid="runner-row"][data-runner-id="${runnerId}"]`);
  await runner.getByTestId(cell).click();
  await page.getByTestId('bet-slip').waitFor();
  await page.getByTestId('slip-price').fill(PRICE);
  await page.getByTestId('slip-stake').fill(String(STAKE_POINTS));
  await page.getByTestId('slip-place').click();
}

describe('two players meet on the exchange', () => {
  // The simulator still runs events; its market maker stays out so A and B match each other.
  usePlatformAndBrowser((started) => ({ platform, browser } = started), {
    SIMULATOR_MARKET_MAKER: 'off',
  });

  it('A lays, B backs, both see the match and their balances move live, the result pays the winner', async () => {
    const suffix = String(Date.now() % 100000);
    const password = 'exchange2026';
    const [layerId, backerId] = await Promise.all([
      registerPlayer(platform.baseUrl, `layer${suffix}`, password),
      registerPlayer(platform.baseUrl, `backer${suffix}`, password),
    ]);
    const staff = await staffToken(platform.baseUrl, platform.dataDir);
    for (const [playerId, key] of [
      [layerId, 'a'],
      [backerId, 'b'],
    ] as const) {
      const funded = await creditPlayer(
        platform.baseUrl,
        staff,
        playerId,
        STARTING_POINTS,
        `e2e-fund-${key}-${suffix}`,
      );
      expect(funded.status).toBe(200);
    }

    const matches = await api<{ items: SportsEvent[] }>(platform.baseUrl, '/bet/matches');
    const event = matches.body.data.items.find((item) =>
      item.markets.some((market) => market.type === 'match_odds' && market.status === 'open'),
    );
    expect(event, 'the simulator offers an open match-odds market').toBeDefined();
    const market = event!.markets.find(
      (item) => item.type === 'match_odds' && item.status === 'open',
    )!;
    const runner = market.runners[0]!;

    const layerPage = await (
      await browser.newContext({ viewport: { width: 1280, height: 900 } })
    ).newPage();
    const backerPage = await (
      await browser.newContext({ viewport: { width: 1280, height: 900 } })
    ).newPage();
    await logInThroughDialog(layerPage, platform.baseUrl, `layer${suffix}`, password);
    await logInThroughDialog(backerPage, platform.baseUrl, `backer${suffix}`, password);
    await layerPage.goto(`${platform.baseUrl}/exchange/${event!.id}`);
    await backerPage.goto(`${platform.baseUrl}/exchange/${event!.id}`);

    // A lays 100 at 2.00: nothing to match yet, so it rests and holds the liability of 100.
    await placeFromCell(layerPage, runner.id, 'lay-cell-0');
    await layerPage.getByTestId('open-bet').first().waitFor();
    await expect
      .poll(() => layerPage.getByTestId('header-exposure').textContent())
      .toContain(points(100));
    await expect
      .poll(() => layerPage.getByTestId('header-balance').textContent())
      .toContain(points(STARTING_POINTS - 100));

    // B sees A's lay offered at 2.00 through the live stream, and backs it.
    const backerRunner = backerPage.locator(
      `[data-testid="runner-row"][data-runner-id="${runner.id}"]`,
    );
    await expect
      .poll(() => backerRunner.getByTestId('back-cell-0').textContent(), { timeout: 10_000 })
      .toContain('2');
    await placeFromCell(backerPage, runner.id, 'back-cell-0');

    // Both see the matched bet, and both wallets moved without a reload.
    await backerPage.getByTestId('matched-bet').first().waitFor({ timeout: 10_000 });
    await layerPage.getByTestId('matched-bet').first().waitFor({ timeout: 10_000 });
    await expect.poll(() => layerPage.getByTestId('open-bet').count()).toBe(0);
    await expect
      .poll(() => backerPage.getByTestId('header-balance').textContent())
      .toContain(points(STARTING_POINTS - STAKE_POINTS));
    await expect
      .poll(() => backerPage.getByTestId('header-exposure').textContent())
      .toContain(points(100));

    // The result: the runner wins, so the backer is paid 100 less commission; the layer pays.
    const settings = await api<{ marketId: string; commissionPercent: number }[]>(
      platform.baseUrl,
      `/sports/match/settings?eventId=${event!.id}`,
    );
    const commissionPercent = settings.body.data.find(
      (item) => item.marketId === market.id,
    )!.commissionPercent;
    const settled = await api(platform.baseUrl, `/staff/markets/${market.id}/result`, {
      token: staff,
      body: { winnerRunnerId: runner.id },
    });
    expect(settled.status).toBe(200);
    const backerWinnings = 100 - (100 * commissionPercent) / 100;
    await expect
      .poll(() => backerPage.getByTestId('header-balance').textContent(), { timeout: 5000 })
      .toContain(points(STARTING_POINTS + backerWinnings));
    await expect
      .poll(() => layerPage.getByTestId('header-balance').textContent(), { timeout: 5000 })
      .toContain(points(STARTING_POINTS - 100));
    await expect
      .poll(() => layerPage.getByTestId('header-exposure').textContent())
      .toContain(points(0));
    await expect
      .poll(() => backerPage.getByTestId('header-exposure').textContent())
      .toContain(points(0));
  });

  it('a player bets a session from the /session board on a phone and the bet is accepted', async () => {
    const suffix = String(Date.now() % 100000);
    const password = 'session2026';
    const playerId = await registerPlayer(platform.baseUrl, `session${suffix}`, password);
    const staff = await staffToken(platform.baseUrl, platform.dataDir);
    const funded = await creditPlayer(
      platform.baseUrl,
      staff,
      playerId,
      STARTING_POINTS,
      `e2e-fund-session-${suffix}`,
    );
    expect(funded.status).toBe(200);
    // An operator's event: the simulator leaves its line alone while the player bets.
    const event = await api<{ id: string }>(platform.baseUrl, '/staff/events', {
      token: staff,
      body: {
        sportId: 4,
        competitionName: 'Session Board Cup',
        homeTeam: 'Kolkata',
        awayTeam: 'Rajasthan',
        startTime: new Date(Date.now() + 3_600_000).toISOString(),
      },
    });
    expect(event.status).toBe(200);
    const session = await api<{ id: string }>(
      platform.baseUrl,
      `/staff/events/${event.body.data.id}/markets`,
      {
        token: staff,
        body: {
          type: 'fancy',
          name: '6 Over Runs KOL',
          line: 52,
          yesRate: 90,
          noRate: 110,
          minStake: 10,
          maxStake: 10_000,
          maxProfit: 100_000,
          inPlayDelayMs: 0,
        },
      },
    );
    expect(session.status, JSON.stringify(session.body)).toBe(200);

    const page = await (
      await browser.newContext({ viewport: { width: 360, height: 780 } })
    ).newPage();
    await logInThroughDialog(page, platform.baseUrl, `session${suffix}`, password);
    await page.goto(`${platform.baseUrl}/session`);
    const match = page.locator(
      `[data-testid="session-event"][data-event-id="${event.body.data.id}"]`,
    );
    expect(await match.getByTestId('session-event-link').getAttribute('href')).toBe(
      `/exchange/${event.body.data.id}`,
    );
    const row = match.locator(
      `[data-testid="fancy-row"][data-market-id="${session.body.data.id}"]`,
    );
    await row.getByTestId('fancy-no').click();
    await page.getByTestId('bet-slip').waitFor();
    expect(await page.getByTestId('slip-selection').textContent()).toContain(
      '6 Over Runs KOL · 52',
    );
    await page.getByTestId('slip-stake').fill(String(STAKE_POINTS));
    await page.getByTestId('slip-place').click();
    await page.getByTestId('bet-slip').waitFor({ state: 'detached' });
    // Accepted: No at 110 holds a liability of 110, live in the header.
    await expect
      .poll(() => page.getByTestId('header-exposure').textContent())
      .toContain(points(110));
    await expect
      .poll(() => page.getByTestId('header-balance').textContent())
      .toContain(points(STARTING_POINTS - 110));
    await page.close();
  });
});
