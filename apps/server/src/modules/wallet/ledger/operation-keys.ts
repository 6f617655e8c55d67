import type { WALLET_OPERATION_STATUSES, WALLET_OPERATIONS, WALLET_PRODUCTS } from './tables.ts';

/*
 * The names of the wallet's operations and of the holds it keeps per round: what the
 * operation log, the rounds and the API all speak of (apart from the SQL, so the rounds'
 * statements need not import the operation log's).
 */

export type WalletProduct = (typeof WALLET_PRODUCTS)[number];
export type WalletOperationKind = (typeof WALLET_OPERATIONS)[number];
export type WalletOperationStatus = (typeof WALLET_OPERATION_STATUSES)[number];

export interface HoldKey {
  playerId: number;
  product: WalletProduct;
  roundId: string;
}

/** The same key as text, for maps. */
export const holdKeyText = (key: HoldKey) =>
  JSON.stringify([key.playerId, key.product, key.roundId]);

/** The key back from its text. */
export function holdKeyOf(text: string): HoldKey {
  const [playerId, product, roundId] = JSON.parse(text) as [number, WalletProduct, string];
  return { playerId, product, roundId };
}
