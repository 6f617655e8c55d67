import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { latestCode, uniqueMobile } from './support/identity.ts';
import { screenshotPng } from './support/images.ts';
import { logInThroughDialog, points, registerPlayer } from './support/players.ts';
import type { Platform } from './support/platform.ts';
import { usePlatformAndBrowser } from './support/use-platform.ts';
import { api, staffToken } from './support/staff.ts';

let platform: Platform;
let browser: Browser;

/** The payment screenshot a browser uploads. */
const PNG = await screenshotPng();

const balanceOf = (page: Page) => page.getByTestId('header-balance').textContent();

async function newPlayer(mobile = uniqueMobile()) {
  const username = `cash${Date.now() % 1_000_000}`;
  const password = 'deposits2026';
  const id = await registerPlayer(platform.baseUrl, username, password, mobile);
  const page = await (await browser.newContext()).newPage();
  await logInThroughDialog(page, platform.baseUrl, username, password);
  return { id, page, mobile, username, password };
}

describe('cashier in the open player app', () => {
  usePlatformAndBrowser((started) => ({ platform, browser } = started));

  it('deposits with a proof; staff approve through the API and the balance updates live', async () => {
    const { id, page } = await newPlayer();
    await expect.poll(() => balanceOf(page)).toContain('0.00');

    await page.goto(`${platform.baseUrl}/gateways`);
    await page.getByTestId('gateway-card').filter({ hasText: 'Paytm' }).click();
    await page.waitForURL(`${platform.baseUrl}/deposit/m_paytm`);
    await page.getByTestId('deposit-amount').fill('750');
    const utr = `UTR${Date.now()}`;
    await page.getByTestId('deposit-reference').fill(utr);
    await page
      .getByTestId('deposit-proof')
      .setInputFiles({ name: 'payment.png', mimeType: 'image/png', buffer: PNG });
    await page.getByTestId('deposit-proof-preview').waitFor();
    await page.getByTestId('deposit-submit').click();
    await page.waitForURL(`${platform.baseUrl}/deposit/list`);
    await expect.poll(() => page.getByTestId('deposit-row').count(), { timeout: 10_000 }).toBe(1);
    expect(await page.getByTestId('deposit-row').first().textContent()).toContain(
      utr.toUpperCase(),
    );

    const token = await staffToken(platform.baseUrl, platform.dataDir);
    const queue = await api<{ items: { id: string; reference: string; proofUploadId: string }[] }>(
      platform.baseUrl,
      `/staff/deposits?status=pending&playerId=${id}`,
      { token },
    );
    expect(queue.status).toBe(200);
    const [request] = queue.body.data.items;
    expect(request?.reference).toBe(utr.toUpperCase());
    // The proof staff see is the uploaded screenshot, re-encoded: still a PNG of the same size.
    const proof = await fetch(`${platform.baseUrl}/api/staff/uploads/${request!.proofUploadId}`, {
      headers: { authorization: token },
    });
    expect(proof.headers.get('content-type')).toBe('image/png');
    const stored = await sharp(Buffer.from(await proof.arrayBuffer())).metadata();
    expect(stored).toMatchObject({ format: 'png', width: 16, height: 16 });

    let reloads = 0;
    page.on('framenavigated', () => (reloads += 1));
    const approved = await api(platform.baseUrl, `/staff/deposits/${request!.id}/approve`, {
      token,
      body: {},
    });
    expect(approved.status).toBe(200);
    await expect
      .poll(() => balanceOf(page), { timeout: 2000, interval: 50 })
      .toContain(points(750));
    expect(reloads).toBe(0);
    // The same decision again changes nothing.
    const again = await api(platform.baseUrl, `/staff/deposits/${request!.id}/decline`, {
      token,
      body: { reason: 'double click' },
    });
    expect(again.status).toBe(409);
    await page.reload();
    await expect
      .poll(() => page.getByTestId('deposit-row').first().textContent(), { timeout: 10_000 })
      .toMatch(/Approved/i);
    expect(await balanceOf(page)).toContain(points(750));
    await page.context().close();
  });

  // Issue 40 item 7: a player's own cancel at the gateway is told from a failure.
  it('cancels an automated deposit at the simulated gateway and sees it as cancelled', async () => {
    const { page } = await newPlayer();
    await page.goto(`${platform.baseUrl}/deposit/m_binance_tron`);
    await page.getByTestId('deposit-amount').fill('1000');
    await page.getByTestId('deposit-submit').click();
    await page.waitForURL(/\/api\/gateway-sim\/pay\//);
    await page.getByRole('button', { name: 'Cancel payment' }).click();
    await page.waitForURL(`${platform.baseUrl}/deposit/list`);
    const row = page.getByTestId('deposit-row').first();
    await expect.poll(() => row.getByTestId('deposit-status').textContent()).toBe('Cancelled');
    expect(await row.getByTestId('deposit-reason').textContent()).toBe(
      'You cancelled this payment at the gateway. Nothing was charged; start a new deposit when you are ready.',
    );
    expect(await balanceOf(page)).toContain('0.00');
    await page.context().close();
  });

  it('requests a withdrawal with an OTP, cancels it and gets the money back', async () => {
    const { id, page, mobile } = await newPlayer();
    const token = await staffToken(platform.baseUrl, platform.dataDir);
    const funded = await api(platform.baseUrl, `/staff/players/${id}/adjustments`, {
      token,
      body: {
        direction: 'credit',
        amount: 2000,
        reason: 'Test funds',
        idempotencyKey: `fund-${id}-${Date.now()}`,
      },
    });
    expect(funded.status).toBe(200);
    await expect.poll(() => balanceOf(page)).toContain(points(2000));

    // Bank details are added in the profile, as a player would.
    await page.goto(`${platform.baseUrl}/profile`);
    await page.getByTestId('bank-add').click();
    await page.getByTestId('bank-type').selectOption('upi');
    await page.getByLabel('UPI ID', { exact: true }).fill('kiran@okaxis');
    await page.getByLabel('Account holder name', { exact: true }).fill('Kiran Rao');
    await page.getByTestId('bank-save').click();
    await expect.poll(() => page.getByTestId('bank-row').count(), { timeout: 10_000 }).toBe(1);

    await page.goto(`${platform.baseUrl}/withdraw`);
    await page.getByTestId('withdraw-form').waitFor();
    await page.getByTestId('withdraw-amount').fill('1200');
    await page.getByTestId('withdraw-otp-send').click();
    const otp = await latestCode(platform.baseUrl, mobile, 'withdraw');
    await page.getByTestId('withdraw-otp').fill(otp);
    await page.getByTestId('withdraw-submit').click();
    await page.waitForURL(`${platform.baseUrl}/withdrawlist`);
    // 1,200 is held: only 800 can be staked or withdrawn now.
    await expect.poll(() => balanceOf(page), { timeout: 5000 }).toContain(points(800));
    await expect
      .poll(() => page.getByTestId('withdrawal-row').count(), { timeout: 10_000 })
      .toBe(1);
    expect(await page.getByTestId('withdrawal-destination').first().textContent()).toContain(
      'kiran@okaxis',
    );

    await page.getByTestId('withdrawal-cancel').click();
    await page.getByTestId('withdrawal-cancel-dialog-confirm').click();
    await expect.poll(() => balanceOf(page), { timeout: 5000 }).toContain(points(2000));
    await expect
      .poll(() => page.getByTestId('withdrawal-row').first().textContent(), { timeout: 10_000 })
      .toMatch(/Cancelled/i);
    expect(await page.getByTestId('withdrawal-cancel').count()).toBe(0);
    // The ledger agrees: nothing is held any more.
    const wallet = await api<{ wallet: { cash: number; balance: number } }>(
      platform.baseUrl,
      `/staff/players/${id}`,
      { token },
    );
    expect(wallet.body.data).toMatchObject({ wallet: { balance: 2000, cash: 2000 } });
    await page.context().close();
  });
});
