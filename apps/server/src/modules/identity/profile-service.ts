import type { Profile, UpdateProfileBody } from '@spm/contract';
import { AppError } from '../../http/app-error.ts';
import { findUserById, isEmailTaken, updateUserProfile, type UserRow } from './user-repository.ts';
import { takenErrorFor } from './auth-service.ts';
import type { ServiceDeps } from '../../deps.ts';
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

/** PATCH /profile: name and e-mail; an e-mail another player has (any case) is EMAIL_TAKEN. */
export async function updateProfile(
  deps: ServiceDeps,
  auth: AuthContext,
  body: UpdateProfileBody,
): Promise<Profile> {
  const changes: { name?: string; email?: string | null } = {};
  if (body.name !== undefined) changes.name = body.name;
  if (body.email !== undefined) changes.email = body.email === null ? null : body.email.trim();
  if (changes.email && (await isEmailTaken(deps.db, changes.email, auth.userId))) {
    throw new AppError('EMAIL_TAKEN');
  }
  try {
    const user = await updateUserProfile(deps.db, auth.userId, changes, deps.clock.now());
    if (!user) throw new AppError('UNAUTHORIZED');
    return toProfile(user);
  } catch (error) {
    throw takenErrorFor(error) ?? error;
  }
}
