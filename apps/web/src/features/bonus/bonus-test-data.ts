import type {
  BonusClaim,
  BonusClaimPart,
  BonusClaimStats,
  BonusClaims,
  PlayerBonusOffer,
} from '@spm/contract';
import { playerProfile } from '@/test/fixtures';
import { mockApi, ok } from '@/test/mock-api';
import type { MockRoute } from '@/test/mock-api';
import { renderApp, signIn } from '@/test/render-app';

/* What the bonus pages' tests answer for the API (only the tests import this). */

export const OFFERS = 'GET /api/bonus/offers';
export const CLAIM = 'POST /api/bonus/claims';
export const CLAIMS = 'GET /api/bonus/claims';
export const STATS = 'GET /api/bonus/claims/stats';
export const PARTS = 'GET /api/bonus/claims/parts';
export const CANCEL = 'POST /api/bonus/claims/cancel';
export const claimRoute = (id: number) => `GET /api/bonus/claims/${id}`;

export const welcomeOffer: PlayerBonusOffer = {
  id: 2,
  title: 'Casino welcome bonus',
  percent: 666,
  maxBonusPoints: 1998,
  minDepositPoints: 300,
  wageringMultiplier: 50,
  validDays: 30,
  firstDepositOnly: true,
  endsAt: '2027-01-31T18:29:59.000Z',
  unavailableReason: null,
};

export const smallOffer: PlayerBonusOffer = {
  id: 1,
  title: 'First deposit bonus',
  percent: 5,
  maxBonusPoints: 1000,
  minDepositPoints: 100,
  wageringMultiplier: 10,
  validDays: 7,
  firstDepositOnly: true,
  endsAt: null,
  unavailableReason: null,
};

const base: BonusClaim = {
  id: 7,
  source: 'offer',
  offerId: 2,
  title: 'Casino welcome bonus',
  status: 'pending',
  percent: 666,
  maxBonusPoints: 1998,
  minDepositPoints: 300,
  bonusPoints: 0,
  depositPoints: null,
  wageringRequiredPoints: 0,
  wageredPoints: 0,
  convertedPoints: null,
  forfeitedPoints: null,
  createdAt: '2026-12-01T10:00:00.000Z',
  activatedAt: null,
  expiresAt: null,
  endedAt: null,
};

export const claimOf = (overrides: Partial<BonusClaim> = {}): BonusClaim => ({
  ...base,
  ...overrides,
});

export const pendingClaim = claimOf();

export const activeClaim = claimOf({
  status: 'active',
  bonusPoints: 1998,
  depositPoints: 300,
  wageringRequiredPoints: 99_900,
  wageredPoints: 12_345.5,
  activatedAt: '2026-12-01T11:00:00.000Z',
  expiresAt: '2026-12-31T11:00:00.000Z',
});

export const statsOf = (overrides: Partial<BonusClaimStats> = {}): BonusClaimStats => ({
  realMoney: true,
  coinsPoints: 0,
  active: null,
  pending: null,
  grantedPoints: 0,
  convertedPoints: 0,
  forfeitedPoints: 0,
  ...overrides,
});

export const pageOf = <T>(items: T[], page = 1, total = items.length) => ({
  items,
  page,
  pageSize: 20,
  total,
});

export const noClaims: BonusClaims = pageOf([]);

export const partOf = (overrides: Partial<BonusClaimPart> = {}): BonusClaimPart => ({
  id: 1,
  kind: 'claimed',
  points: 0,
  wageringAddedPoints: 0,
  source: null,
  reference: null,
  createdAt: '2026-12-01T10:00:00.000Z',
  ...overrides,
});

/** Signs a player in and opens `path` with the bonus routes answered (overridable). */
export function openBonusRoute(path: string, routes: Record<string, MockRoute> = {}) {
  const fetchMock = mockApi({
    'GET /api/profile': ok(playerProfile),
    [OFFERS]: ok({ realMoney: true, offers: [smallOffer, welcomeOffer] }),
    [STATS]: ok(statsOf()),
    [CLAIMS]: ok(noClaims),
    [PARTS]: ok(pageOf([])),
    ...routes,
  });
  signIn();
  renderApp(path);
  return fetchMock;
}
