import { create } from 'zustand';
import type { SiteMoneyModeName } from '@spm/contract';

/**
 * What the site plays for (issue 42 item 6): the server's MONEY_MODE, read from
 * /api/getAppDetails (useAppDetailsSync puts it here). Null until the first answer; an answer
 * without it (an older server) means real money.
 */
interface SiteMoneyModeState {
  mode: SiteMoneyModeName | null;
  setMode: (mode: SiteMoneyModeName) => void;
}

export const useSiteMoneyModeStore = create<SiteMoneyModeState>()((set) => ({
  mode: null,
  setMode: (mode) => set({ mode }),
}));

/** The site's money mode, or null while it is not known yet. */
export function useSiteMoneyMode(): SiteMoneyModeName | null {
  return useSiteMoneyModeStore((state) => state.mode);
}

/** True on a play-money (points only) site. */
export function usePlaySite(): boolean {
  return useSiteMoneyMode() === 'play';
}

/**
 * The screens that handle money with a cash value: the cashier, deposits, withdrawals, KYC (for
 * withdrawals) and bonuses. On a play site each shows the points screen instead, saying why.
 */
export const CASH_PATHS: ReadonlySet<string> = new Set([
  '/cashier',
  '/gateways',
  '/deposit/:gateway',
  '/deposit/list',
  '/withdraw',
  '/withdraw/gateways',
  '/withdrawlist',
  '/kyc',
  '/bonus',
  '/bonus/:bonusId',
  '/promotionoffers',
]);
