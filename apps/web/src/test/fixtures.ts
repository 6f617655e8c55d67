import type { AuthAnswer, Profile, SessionUser } from '@spm/contract';

export const playerUser: SessionUser = {
  id: 'u-1',
  username: 'ravi',
  name: 'ravi',
  isDemo: false,
  typeId: 3,
};

export const authAnswer: AuthAnswer = { token: 'token-new', user: playerUser };

export const demoAnswer: AuthAnswer = {
  token: 'token-demo',
  user: { id: 'd-1', username: 'demo01', name: 'demo01', isDemo: true, typeId: 3 },
};

export const playerProfile: Profile = {
  id: 'u-1',
  username: 'ravi',
  name: 'Ravi Kumar',
  email: 'ravi@example.in',
  mobile: '9876543210',
  countryCode: '91',
  agentCode: 'AG42',
  isDemo: false,
  typeId: 3,
  parentId: 81026,
  createdAt: '2024-05-01T10:00:00.000Z',
};
