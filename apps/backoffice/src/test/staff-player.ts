import type { StaffPlayer } from '@spm/contract';

/** The player the back office's player-page tests look at (Ravi, an agent's player). */
export function staffPlayerFixture(overrides: Partial<StaffPlayer> = {}): StaffPlayer {
  return {
    id: '1024',
    username: 'ravi_k',
    name: 'Ravi Kumar',
    email: null,
    phone: '919876543210',
    status: 'active',
    isDemo: false,
    agentCode: 'AG7',
    registeredAt: '2025-01-02T10:00:00.000Z',
    lastLoginAt: '2025-01-20T08:30:00.000Z',
    registrationIp: '203.0.113.9',
    declaredState: 'MH',
    ageConfirmedAt: '2025-01-02T10:00:00.000Z',
    kycStatus: 'approved',
    wallet: { balance: 1500, cash: 1700, coins: 50, sports: 0, wicket: 10, exposure: 200 },
    ...overrides,
  };
}
