import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from './clock.ts';
import type { Config } from './config.ts';
import type { Db } from './db/database.ts';
import type { WalletApi } from './modules/wallet/index.ts';
import type { RealtimeEmitter } from './realtime/emitter.ts';
import type { SmsProvider } from './sms/sms-provider.ts';

/** What the modules' services need from the outside, handed in by buildApp (tests swap parts). */
export interface ServiceDeps {
  db: Db;
  clock: Clock;
  config: Config;
  sms: SmsProvider;
  realtime: RealtimeEmitter;
  log: FastifyBaseLogger;
  /**
   * The one wallet service (issue 41 item 1): buildApp makes it, registers its policies and
   * hands it to every module here. No module makes its own.
   */
  wallet: WalletApi;
}

/** Where a request came from, as the route saw it. */
export interface RequestOrigin {
  ip: string;
  userAgent: string | undefined;
}

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
