import {
  exportPKCS8,
  exportSPKI,
  generateKeyPair,
  importPKCS8,
  importSPKI,
  type CryptoKey,
} from 'jose';
import type { ServiceDeps } from '../../deps.ts';
import { sportsbookKeys } from './tables.ts';
import { eq } from 'drizzle-orm';

/** Betby's fixed brand id for the stand-in, so tokens and calls name one brand. */
export const STAND_IN_BRAND_ID = 'spm-sportsbook';
/** The issuer the stand-in's calls carry, as Betby's carry its own. */
export const STAND_IN_ISSUER = 'spm-sportsbook-stand-in';

type KeyName = 'operator-es256' | 'standin-rs256';
const ALGORITHM: Record<KeyName, 'ES256' | 'RS256'> = {
  'operator-es256': 'ES256',
  'standin-rs256': 'RS256',
};

export interface KeyPair {
  privateKey: CryptoKey;
  publicKey: CryptoKey;
  publicPem: string;
}

/**
 * A key pair the platform keeps (sportsbook_keys): made by the first node that needs it,
 * read by every other, so all nodes sign and verify with the same one. Two nodes making it at
 * once both insert with ON CONFLICT DO NOTHING and then read the one that won.
 */
async function storedKeyPair(
  deps: Pick<ServiceDeps, 'db' | 'clock'>,
  name: KeyName,
): Promise<KeyPair> {
  const alg = ALGORITHM[name];
  const read = async () =>
    (await deps.db.select().from(sportsbookKeys).where(eq(sportsbookKeys.name, name)))[0];
  let row = await read();
  if (!row) {
    const made = await generateKeyPair(alg, { extractable: true });
    await deps.db
      .insert(sportsbookKeys)
      .values({
        name,
        privatePem: await exportPKCS8(made.privateKey),
        publicPem: await exportSPKI(made.publicKey),
        createdAt: deps.clock.now(),
      })
      .onConflictDoNothing();
    row = (await read())!;
  }
  return {
    privateKey: await importPKCS8(row.privatePem, alg),
    publicKey: await importSPKI(row.publicPem, alg),
    publicPem: row.publicPem,
  };
}

/** The keys of the sportsbook: the players' token key, and the key Betby's calls are checked with. */
export interface SportsbookKeys {
  /** Signs the players' tokens (ES256). */
  operator: { privateKey: CryptoKey; publicPem: string };
  /** Checks the calls of Betby (or the stand-in): RS256. */
  providerPublicKey: CryptoKey;
  /** The stand-in's signing key; undefined when Betby itself is configured. */
  standIn: KeyPair | undefined;
}

/** Loads (or makes, once) the keys the configuration asks for; cached per app. */
export function sportsbookKeysLoader(
  deps: Pick<ServiceDeps, 'db' | 'clock' | 'config'>,
): () => Promise<SportsbookKeys> {
  let loading: Promise<SportsbookKeys> | undefined;
  const load = async (): Promise<SportsbookKeys> => {
    const { betby, operatorKeyPem } = deps.config.sportsbook;
    const operator = operatorKeyPem
      ? await configuredOperatorKey(operatorKeyPem)
      : await storedKeyPair(deps, 'operator-es256');
    if (betby) {
      return {
        operator,
        providerPublicKey: await importSPKI(betby.publicKeyPem, 'RS256'),
        standIn: undefined,
      };
    }
    const standIn = await storedKeyPair(deps, 'standin-rs256');
    return { operator, providerPublicKey: standIn.publicKey, standIn };
  };
  return () => {
    // A failed load (the database not migrated yet) is tried again on the next call.
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
}

async function configuredOperatorKey(pem: string): Promise<SportsbookKeys['operator']> {
  const privateKey = await importPKCS8(pem, 'ES256', { extractable: true });
  const { createPublicKey } = await import('node:crypto');
  const publicPem = createPublicKey(pem).export({ type: 'spki', format: 'pem' }).toString();
  return { privateKey, publicPem };
}
