import type { FastifyRequest } from 'fastify';
import type { DbHandle } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { currentPlayer } from '../../http/auth.ts';
import { moneyModeOf } from '../wallet/index.ts';

/**
 * Hook after `requireAuth` on the cashier's real-money doors (a deposit, a withdrawal):
 * a player whose wallet plays for points gets 403 PLAY_MONEY before anything is stored, so
 * no deposit request waits for an approval the wallet would refuse (docs/decisions.md "Money
 * mode"). The wallet asks its row again when money moves; this only answers early.
 */
export function requireRealMoney(db: DbHandle) {
  return async (request: FastifyRequest): Promise<void> => {
    if ((await moneyModeOf(db, currentPlayer(request).userId)) === 'play') {
      throw new AppError('PLAY_MONEY');
    }
  };
}
