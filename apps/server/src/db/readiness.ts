import { sql } from 'drizzle-orm';
import type { DbHandle } from './database.ts';
import { AppError } from '../http/app-error.ts';

/** A probe that hangs is as bad as one that fails: the balancer needs an answer quickly. */
export const READINESS_TIMEOUT_MS = 2000;

export async function checkReadiness(db: DbHandle): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(
      () => reject(new Error(`database did not answer within ${READINESS_TIMEOUT_MS} ms`)),
      READINESS_TIMEOUT_MS,
    );
  });
  try {
    await Promise.race([db.execute(sql`select 1`), timeout]);
  } catch (error) {
    throw new AppError('SERVICE_UNAVAILABLE', undefined, { cause: error });
  } finally {
    clearTimeout(timer);
  }
}
