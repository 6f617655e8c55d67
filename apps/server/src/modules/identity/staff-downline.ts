import { and, eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { ErrorCode } from '@spm/contract';
import type { DbHandle } from '../../db/database.ts';
import { staffUsers, users } from './tables.ts';
import { AppError } from '../../http/app-error.ts';
import type { ServiceDeps } from '../../deps.ts';
import type { StaffContext } from './staff-service.ts';

/**
 * The agent codes of a staff member's downline, as a subquery of lower-cased codes: its own and
 * those of every agent below it (parent_staff_id, any depth; `union` stops at a cycle).
 */
function downlineCodes(staffId: number): SQL {
  return sql`(
    with recursive tree(id, agent_code) as (
      select ${staffUsers.id}, ${staffUsers.agentCode} from ${staffUsers}
        where ${staffUsers.id} = ${staffId}
      union
      select child.id, child.agent_code from ${staffUsers} child
        join tree on child.parent_staff_id = tree.id
    )
    select lower(tree.agent_code) from tree where tree.agent_code is not null
  )`;
}

/**
 * "This player is in the staff member's downline", as an SQL condition on a player's agent
 * code column (users.agent_code by default). Admin: every player (`true`). Agent: players who
 * signed up with its code or the code of any agent under it, whatever the case.
 */
export function downlinePlayerFilter(
  staff: Pick<StaffContext, 'role' | 'staffId'>,
  agentCodeColumn: AnyColumn | SQL = users.agentCode,
): SQL {
  if (staff.role === 'admin') return sql`true`;
  return sql`lower(${agentCodeColumn}) in ${downlineCodes(staff.staffId)}`;
}

/**
 * The same condition on a player id column (deposit_requests.player_id, orders.player_id…),
 * for queries that do not join users.
 */
export function downlinePlayerIdFilter(
  staff: Pick<StaffContext, 'role' | 'staffId'>,
  playerIdColumn: AnyColumn | SQL,
): SQL {
  if (staff.role === 'admin') return sql`true`;
  return sql`${playerIdColumn} in (select ${users.id} from ${users} where ${downlinePlayerFilter(staff)})`;
}

export async function isPlayerVisible(
  db: DbHandle,
  staff: Pick<StaffContext, 'role' | 'staffId'>,
  playerId: number,
): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, playerId), downlinePlayerFilter(staff)))
    .limit(1);
  return rows.length > 0;
}

/**
 * 404 PLAYER_NOT_FOUND unless the player exists and is in the staff member's downline: an
 * agent cannot tell another agent's player from an id nobody has.
 */
export async function assertPlayerVisible(
  deps: Pick<ServiceDeps, 'db'>,
  staff: Pick<StaffContext, 'role' | 'staffId'>,
  playerId: number,
): Promise<void> {
  if (!(await isPlayerVisible(deps.db, staff, playerId))) throw new AppError('PLAYER_NOT_FOUND');
}

/**
 * A staff queue's list scope: nothing for an admin (every player), the downline for an agent,
 * applied by the repository to its own player column.
 */
export function visiblePlayersOf(
  staff: Pick<StaffContext, 'role' | 'staffId'>,
): ((playerIdColumn: AnyColumn) => SQL) | undefined {
  if (staff.role === 'admin') return undefined;
  return (playerIdColumn) => downlinePlayerIdFilter(staff, playerIdColumn);
}

/**
 * One request (deposit, withdrawal, KYC, an uploaded file) of `playerId`: `notFound` unless the
 * reader may see that player, so an agent cannot tell another agent's request from none.
 */
export async function assertRequestVisible(
  deps: Pick<ServiceDeps, 'db'>,
  staff: Pick<StaffContext, 'role' | 'staffId'>,
  playerId: number | null,
  notFound: ErrorCode,
): Promise<void> {
  if (staff.role === 'admin') return;
  if (playerId === null || !(await isPlayerVisible(deps.db, staff, playerId))) {
    throw new AppError(notFound);
  }
}
