import type { FastifyRequest } from 'fastify';
import type { ResourceKey, ResourceOwner } from '../../cluster/resource-lease.ts';
import type { ExchangeEngine } from './exchange-engine.ts';
import { findOrder } from './exchange-repository.ts';

/*
 * Which market's owner node answers an exchange route (Fastify `config.owner`, forwarded by
 * the cluster on several nodes: docs/architecture.md "Several nodes"). Every request that
 * changes or shows a market's book declares its market here; the rest is served anywhere.
 */

const DATABASE_ID = /^\d{1,18}$/;

const market = (id: string): ResourceKey => ({ kind: 'exchange-market', id });

/** A placement names its market in the body. */
export const marketInBody: ResourceOwner = (request) => {
  const { marketId } = (request.body ?? {}) as { marketId?: unknown };
  return typeof marketId === 'string' ? market(marketId) : undefined;
};

/** A staff change or read of one market names it in the path. */
export const marketInPath: ResourceOwner = (request) => {
  const { marketId } = request.params as { marketId?: string };
  return marketId !== undefined && DATABASE_ID.test(marketId) ? market(marketId) : undefined;
};

/** A cancel names only its order: the order's market, read from the orders table. */
export function marketOfOrderInBody(engine: ExchangeEngine): ResourceOwner {
  return async (request: FastifyRequest) => {
    const { orderId } = (request.body ?? {}) as { orderId?: unknown };
    if (typeof orderId !== 'string' || !DATABASE_ID.test(orderId)) return undefined;
    const order = await findOrder(engine.deps.db, Number(orderId));
    return order ? market(String(order.marketId)) : undefined;
  };
}

/**
 * An event's page (its books) and its changes: all its markets share one owner, so one market
 * of the event stands for it (an open one if any); an event without markets is served here.
 */
export function eventInPath(engine: ExchangeEngine): ResourceOwner {
  return (request) => {
    const { eventId } = request.params as { eventId?: string };
    if (eventId === undefined) return undefined;
    const marketIds = engine.events.get(eventId)?.marketIds ?? [];
    const open = marketIds.find((id) => {
      const status = engine.markets.get(id)?.status;
      return status !== undefined && status !== 'settled' && status !== 'voided';
    });
    const standing = open ?? marketIds[0];
    return standing === undefined ? undefined : market(standing);
  };
}
