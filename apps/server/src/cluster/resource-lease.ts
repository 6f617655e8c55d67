import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { executeRows, type DbHandle } from '../db/database.ts';
import { AppError } from '../http/app-error.ts';

/*
 * A resource with one owner across nodes (docs/decisions.md "One lease per resource"): an
 * exchange market today, a crash game or a sportsbook event next. The lease row of
 * `resource_leases` is keyed by `kind:id`; its `token` grows by one at every takeover, and
 * a transaction that must only commit on the owner fences itself with the token it holds.
 * This file imports nothing of a product, so the wallet and the exchange both use it.
 */

/** The kinds of resource a node may own. A new product adds its kind here. */
export type ResourceKind = 'exchange-market' | 'crash-game' | 'sportsbook-event';

export interface ResourceKey {
  kind: ResourceKind;
  id: string;
}

/** What a transaction holds to commit for a resource: the token its node took the lease with. */
export interface ResourceFence {
  resource: ResourceKey;
  token: number;
  /** Checked too when given: the lease is held by this node (the exchange's fence names it). */
  ownerNode?: string | undefined;
  /**
   * The transaction's idle limit, set with the fence: a node paused inside a fenced
   * transaction is cut off, so a takeover is not held up by it for ever.
   */
  idleLimitMs?: number | undefined;
}

/**
 * Declared by a route (Fastify `config.owner`): the resource a request belongs to, answered
 * by that resource's owner node; undefined when the request is handled wherever it lands.
 */
export type ResourceOwner = (
  request: FastifyRequest,
) => ResourceKey | undefined | Promise<ResourceKey | undefined>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The resource whose owner node answers this route (docs/architecture.md "Several nodes"). */
    owner?: ResourceOwner;
  }
}

/** The lease row's key: `exchange-market:42`. */
export function resourceName(key: ResourceKey): string {
  return `${key.kind}:${key.id}`;
}

/** The key of a lease row's name (the kind is the part before the first colon). */
export function resourceKeyOf(name: string): ResourceKey {
  const colon = name.indexOf(':');
  return { kind: name.slice(0, colon) as ResourceKind, id: name.slice(colon + 1) };
}

/** The answer when a resource is between owners: the player tries again a moment later. */
export function resourceMovingError(kind?: ResourceKind): AppError {
  return new AppError(
    'SERVICE_UNAVAILABLE',
    kind === 'exchange-market'
      ? 'This market is moving to another server. Please try again in a moment.'
      : 'This is moving to another server. Please try again in a moment.',
  );
}

/** A PostgreSQL array literal of texts, each quoted (ids may come from a request). */
function textArray(values: readonly string[]): string {
  const quoted = values.map(
    (value) => `"${value.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`,
  );
  return `{${quoted.join(',')}}`;
}

/**
 * The fence: first statement of a transaction that must commit only while its node still
 * holds each lease with the token it names; refuses (resourceMovingError) otherwise. The KEY
 * SHARE lock makes a takeover (FOR UPDATE) wait until this transaction ends, while the
 * owner's renewals (updates of non-key columns) go on beside it; so a token checked here is
 * still the current one when the transaction commits. All fences of one call name one owner.
 */
export async function holdFences(tx: DbHandle, fences: readonly ResourceFence[]): Promise<void> {
  if (fences.length === 0) return;
  const names = fences.map((fence) => resourceName(fence.resource));
  const tokens = fences.map((fence) => fence.token);
  const ownerNode = fences[0]!.ownerNode ?? null;
  const idleLimitMs = fences[0]!.idleLimitMs;
  const rows = await executeRows<{ resource: string }>(
    tx,
    sql`select ${
      idleLimitMs === undefined
        ? sql`''`
        : sql`set_config('idle_in_transaction_session_timeout', ${String(idleLimitMs)}, true)`
    } as limit_set, resource
        from resource_leases
        where (resource, token) in (
            select * from unnest(${textArray(names)}::text[], ${`{${tokens.join(',')}}`}::bigint[]))
          and owner_node is not null
          and (${ownerNode}::text is null or owner_node = ${ownerNode}::text)
          and expires_at > clock_timestamp()
        for key share`,
  );
  if (rows.length !== new Set(names).size) throw resourceMovingError(fences[0]!.resource.kind);
}
