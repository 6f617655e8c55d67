import type { GAME_LIST_FILTERS } from './constants.ts';

/*
 * Casino names and constants, apart from the schemas in casino.ts: a module with zod schemas
 * at top level keeps them (and zod) in any bundle that uses one of its constants, and the
 * player app's route table needs these on the first page (page weight, docs/decisions.md).
 */

/** The game families of SPEC 2.2's routes; `/casinolisting` shows them all. */
export const CASINO_FAMILIES = ['live-casino', 'live-show', 'jacktop', 'jetfair', 'spm'] as const;
export type CasinoFamily = (typeof CASINO_FAMILIES)[number];
/** Which lobby each family's route shows. */
export const CASINO_FAMILY_ROUTES: Record<CasinoFamily, string> = {
  'live-casino': '/live-casino',
  'live-show': '/live-show',
  jacktop: '/jacktop',
  jetfair: '/jetfair',
  spm: '/spmgames',
};
export const CASINO_GAME_TAGS = ['new', 'popular'] as const;
export type CasinoGameTag = (typeof CASINO_GAME_TAGS)[number];
export type GameListFilter = (typeof GAME_LIST_FILTERS)[number];

/** The built-in games (packages/core/src/casino). */
export const SPM_GAME_KINDS = [
  'teen-patti-2020',
  'andar-bahar',
  'dragon-tiger',
  'lucky-7',
  'lucky-wheel',
] as const;
export type SpmGameKind = (typeof SPM_GAME_KINDS)[number];

/** The built-in provider's id in `casino_providers`. */
export const SPM_PROVIDER_ID = 'spm';

/** The in-app address of an SPM Games table, as the launch answers it. */
export const spmTablePath = (gameId: string, launchToken: string): string =>
  `/spmgames/table/${encodeURIComponent(gameId)}?launch=${encodeURIComponent(launchToken)}`;
export const SPM_TABLE_ROUTE = '/spmgames/table/:gameId';

export const GAME_EVENTS = {
  subscribe: 'game:subscribe',
  unsubscribe: 'game:unsubscribe',
  /** The table's round as it changes: betting opened, each card dealt, settled. */
  round: 'game:round',
} as const;
export const gameRoom = (tableId: string): string => `game:${tableId}`;
