import type { Profile, UpdateProfileBody } from '@spm/contract';
import { AppError } from '../../http/app-error.ts';
import {
  findUserById,
  isEmailTaken,
  lockUserById,
  updateUserProfile,
  type UserRow,
} from './user-repository.ts';
import { takenErrorFor } from './auth-service.ts';
import { insertPlayerAudit } from './player-audit.ts';
import type { RequestOrigin, ServiceDeps } from '../../deps.ts';
import type { AuthContext } from './session-service.ts';

function toProfile(user: UserRow): Profile {
  return {
    id: String(user.id),
    username: user.username,
    name: user.name,
    email: user.email,
    mobile: user.mobile,
    countryCode: user.countryCode,
    agentCode: user.agentCode,
    isDemo: user.isDemo,
    typeId: user.typeId,
    parentId: user.parentId,
    createdAt: user.createdAt.toISOString(),
  };
}

export async function getProfile(deps: ServiceDeps, auth: AuthContext): Promise<Profile> {
  const user = await findUserById(deps.db, auth.userId);
  if (!user) throw new AppError('UNAUTHORIZED');
  return toProfile(user);
}

type ProfileChanges = { name?: string; email?: string | null };

/** The values of the fields being changed, as they are in `user`. */
function changedFieldsOf(user: UserRow, changes: ProfileChanges): ProfileChanges {
  const fields: ProfileChanges = {};
  if (changes.name !== undefined) fields.name = user.name;
  if (changes.email !== undefined) fields.email = user.email;
  return fields;
}

/**
 * PATCH /profile: name and e-mail; an e-mail another player has (any case) is EMAIL_TAKEN.
 * The update and its audit row (the sent fields before and after) commit together.
 */
export async function updateProfile(
  deps: ServiceDeps,
  auth: AuthContext,
  body: UpdateProfileBody,
  origin: RequestOrigin,
): Promise<Profile> {
  const changes: ProfileChanges = {};
  if (body.name !== undefined) changes.name = body.name;
  if (body.email !== undefined) changes.email = body.email === null ? null : body.email.trim();
  if (changes.email && (await isEmailTaken(deps.db, changes.email, auth.userId))) {
    throw new AppError('EMAIL_TAKEN');
  }
  const now = deps.clock.now();
  try {
    const user = await deps.db.transaction(async (tx) => {
      const before = await lockUserById(tx, auth.userId);
      if (!before) throw new AppError('UNAUTHORIZED');
      const after = await updateUserProfile(tx, auth.userId, changes, now);
      if (!after) throw new AppError('UNAUTHORIZED');
      await insertPlayerAudit(
        tx,
        auth.userId,
        { ip: origin.ip, now },
        {
          action: 'player.profile_updated',
          before: changedFieldsOf(before, changes),
          after: changedFieldsOf(after, changes),
        },
      );
      return after;
    });
    return toProfile(user);
  } catch (error) {
    throw takenErrorFor(error) ?? error;
  }
}
