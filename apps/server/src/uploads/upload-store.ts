import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { IMAGE_EXTENSIONS } from '@spm/core';
import type { DbHandle } from '../db/database.ts';
import { AppError } from '../http/app-error.ts';
import { findUpload, insertUpload, type UploadPurpose } from './upload-repository.ts';
import type { ServiceDeps } from '../deps.ts';
import type { ReceivedFile } from './multipart.ts';

/**
 * Uploaded files live in `config.cashier.uploadDir`, outside the web root, under a generated
 * name (`<uuid>.<ext>`): the client's file name is never used for anything. Rows in `uploads`
 * say whose they are; only staff routes (and the gateway QR route) ever read them back.
 */
export interface StoredUpload {
  id: string;
  /** Removes the file again when the transaction that recorded it did not commit. */
  discard: () => Promise<void>;
}

export async function storeUpload(
  deps: Pick<ServiceDeps, 'config'>,
  tx: DbHandle,
  input: { playerId: number | null; purpose: UploadPurpose; file: ReceivedFile; now: Date },
): Promise<StoredUpload> {
  const id = randomUUID();
  const storedName = `${id}.${IMAGE_EXTENSIONS[input.file.mimeType]}`;
  const dir = deps.config.cashier.uploadDir;
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const path = join(dir, storedName);
  await writeFile(path, input.file.bytes, { mode: 0o600, flag: 'wx' });
  await insertUpload(tx, {
    id,
    playerId: input.playerId,
    purpose: input.purpose,
    storedName,
    mimeType: input.file.mimeType,
    sizeBytes: input.file.bytes.length,
    sha256: createHash('sha256').update(input.file.bytes).digest('hex'),
    createdAt: input.now,
  });
  return { id, discard: () => rm(path, { force: true }) };
}

/**
 * Runs `work` with a way to store uploads; if `work` throws, files it stored are removed
 * (their rows rolled back with the transaction).
 */
export async function withUploadCleanup<T>(
  work: (track: (upload: StoredUpload) => StoredUpload) => Promise<T>,
): Promise<T> {
  const stored: StoredUpload[] = [];
  try {
    return await work((upload) => {
      stored.push(upload);
      return upload;
    });
  } catch (error) {
    await Promise.all(stored.map((upload) => upload.discard().catch(() => undefined)));
    throw error;
  }
}

export async function readUpload(
  deps: Pick<ServiceDeps, 'config' | 'db'>,
  id: string,
  /** Throws when the reader may not see this player's file (an agent outside its downline). */
  assertVisible?: (playerId: number | null) => Promise<void>,
): Promise<{ bytes: Buffer; mimeType: string; sizeBytes: number }> {
  const row = await findUpload(deps.db, id);
  if (!row) throw new AppError('UPLOAD_NOT_FOUND');
  await assertVisible?.(row.playerId);
  const bytes = await readFile(join(deps.config.cashier.uploadDir, row.storedName)).catch(
    (error: unknown) => {
      if (error instanceof Error && 'code' in error && error.code === 'ENOENT') {
        throw new AppError('UPLOAD_NOT_FOUND');
      }
      throw error;
    },
  );
  return { bytes, mimeType: row.mimeType, sizeBytes: row.sizeBytes };
}
