import { expect } from 'vitest';
import type { Page } from 'playwright-core';

interface OutboxEntry {
  to: string;
  code: string;
  purpose: string;
  sentAt: string;
}

/** Reads the newest code the console SMS provider "sent" to a phone, as a tester reads their SMS. */
export async function latestCode(
  baseUrl: string,
  mobile: string,
  purpose: string,
): Promise<string> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const response = await fetch(`${baseUrl}/api/dev/sms-outbox`);
    const body = (await response.json()) as { data: OutboxEntry[] };
    const entry = body.data.find((item) => item.to.endsWith(mobile) && item.purpose === purpose);
    if (entry) return entry.code;
    await new Promise((done) => setTimeout(done, 200));
  }
  throw new Error(`no ${purpose} code was sent to ${mobile}`);
}

/** A fresh Indian mobile per run: 9 followed by nine digits. */
export function uniqueMobile(): string {
  return `9${String(Date.now() % 1_000_000_000).padStart(9, '0')}`;
}

export function dialog(page: Page, name: string) {
  return page.locator(`[role="dialog"][data-modal="${name}"]`);
}

/**
 * Chooses the player's state in the registration dialog as a person does: opens the "State"
 * selector by its label and picks the state by the name it shows (not its code).
 */
export async function chooseState(page: Page, stateName: string): Promise<void> {
  const selector = dialog(page, 'register').getByLabel('State', { exact: true });
  await selector.click();
  await selector.selectOption({ label: stateName });
  const shown = () =>
    selector.evaluate((select: HTMLSelectElement) => select.selectedOptions[0]?.text);
  await expect.poll(shown).toBe(stateName);
}

export async function storedToken(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const raw = localStorage.getItem('auth-store');
    if (!raw) return null;
    const parsed = JSON.parse(raw) as { state?: { token?: string | null } };
    return parsed.state?.token ?? null;
  });
}
