import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/**
 * argon2id (the library default) with OWASP's minimum profile: 19 MiB, 2 passes, 1 lane.
 * Stronger costs slow every sign-in on the 2-core machines we run on.
 */
const ARGON2_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(plain: string): Promise<string> {
  return hash(plain, ARGON2_OPTIONS);
}

export function verifyPassword(passwordHash: string, plain: string): Promise<boolean> {
  return verify(passwordHash, plain);
}

/** URL-safe random text for generated passwords; 12 bytes give 16 characters, 96 bits. */
export function randomSecret(byteLength = 12): string {
  return randomBytes(byteLength).toString('base64url');
}

let dummyHash: Promise<string> | undefined;

/** Makes the dummy hash at boot, so not even the first unknown username answers faster. */
export async function prepareDummyPassword(): Promise<void> {
  dummyHash ??= hashPassword(randomSecret(32));
  await dummyHash;
}

/**
 * Verifies against a hash nobody's password matches, so an unknown username costs the same
 * time as a wrong password (docs/identity.md). The hash is made once per process.
 */
export async function verifyDummyPassword(plain: string): Promise<false> {
  dummyHash ??= hashPassword(randomSecret(32));
  await verify(await dummyHash, plain);
  return false;
}
