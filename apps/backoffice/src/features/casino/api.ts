import {
  staffCasinoGameSchema,
  staffCasinoGamesSchema,
  staffCasinoGgrSchema,
  staffCasinoProviderSchema,
  staffCasinoProviderSecretSchema,
  staffCasinoProvidersSchema,
  staffCasinoRoundsSchema,
  type CasinoGgrGroup,
  type StaffCasinoGameUpdateBody,
  type StaffCasinoProviderCreateBody,
  type StaffCasinoProviderUpdateBody,
} from '@spm/contract';
import { staffRequest } from '../../shared/api.ts';

export const ROUNDS_PAGE_SIZE = 20;

export interface RoundFilters {
  providerRoundId: string;
  roundId: string;
  playerId: string;
  from: string;
  to: string;
  page: number;
}

export interface GgrFilters {
  from: string;
  to: string;
  groupBy: CasinoGgrGroup;
}

export const casinoKeys = {
  games: ['casino', 'games'] as const,
  providers: ['casino', 'providers'] as const,
  rounds: (filters: RoundFilters) => ['casino', 'rounds', filters] as const,
  ggr: (filters: GgrFilters) => ['casino', 'ggr', filters] as const,
};

export const fetchGames = () =>
  staffRequest(staffCasinoGamesSchema, { url: '/staff/casino/games' });

export const updateGame = (gameId: string, body: StaffCasinoGameUpdateBody) =>
  staffRequest(staffCasinoGameSchema, {
    url: `/staff/casino/games/${encodeURIComponent(gameId)}`,
    method: 'PATCH',
    data: body,
  });

export const fetchProviders = () =>
  staffRequest(staffCasinoProvidersSchema, { url: '/staff/casino/providers' });

export const createProvider = (body: StaffCasinoProviderCreateBody) =>
  staffRequest(staffCasinoProviderSecretSchema, {
    url: '/staff/casino/providers',
    method: 'POST',
    data: body,
  });

export const rotateProviderSecret = (providerId: string) =>
  staffRequest(staffCasinoProviderSecretSchema, {
    url: `/staff/casino/providers/${encodeURIComponent(providerId)}/rotate-secret`,
    method: 'POST',
  });

export const updateProvider = (providerId: string, body: StaffCasinoProviderUpdateBody) =>
  staffRequest(staffCasinoProviderSchema, {
    url: `/staff/casino/providers/${encodeURIComponent(providerId)}`,
    method: 'PATCH',
    data: body,
  });

export const fetchRounds = (filters: RoundFilters) =>
  staffRequest(staffCasinoRoundsSchema, {
    url: '/staff/casino/rounds',
    query: {
      providerRoundId: filters.providerRoundId.trim() || undefined,
      roundId: filters.roundId.trim() || undefined,
      playerId: filters.playerId.trim() || undefined,
      from: filters.from || undefined,
      to: filters.to || undefined,
      page: filters.page,
      pageSize: ROUNDS_PAGE_SIZE,
    },
  });

export const fetchGgr = (filters: GgrFilters) =>
  staffRequest(staffCasinoGgrSchema, {
    url: '/staff/casino/ggr',
    query: { from: filters.from, to: filters.to, groupBy: filters.groupBy },
  });
