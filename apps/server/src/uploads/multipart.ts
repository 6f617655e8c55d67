import fastifyMultipart from '@fastify/multipart';
import { UPLOAD_MAX_FIELDS, type FieldIssue, type UploadMimeType } from '@spm/contract';
import { detectImageType } from '@spm/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError, isAppError, validationFailed } from '../http/app-error.ts';
import { assertNoNul } from '../http/nul-guard.ts';
import { reencodeImage } from './image.ts';

/** One accepted file part: its re-encoded bytes and the type its magic bytes prove. */
export interface ReceivedFile {
  field: string;
  bytes: Buffer;
  mimeType: UploadMimeType;
}

export interface ReceivedForm {
  fields: Record<string, string>;
  files: Map<string, ReceivedFile>;
}

/**
 * Registers @fastify/multipart on an encapsulated route scope. Limits are the hard ceiling
 * (busboy stops reading past them); `readMultipart` applies each route's own, smaller ones.
 */
export async function registerMultipart(
  app: FastifyInstance,
  options: { maxFileBytes: number; maxFiles: number },
): Promise<void> {
  await app.register(fastifyMultipart, {
    limits: {
      fileSize: options.maxFileBytes,
      files: options.maxFiles,
      fields: UPLOAD_MAX_FIELDS,
      parts: options.maxFiles + UPLOAD_MAX_FIELDS,
      fieldNameSize: 100,
      fieldSize: 4096,
      headerPairs: 200,
    },
  });
}

/** @fastify/multipart's limit errors, by code, as catalogue errors. */
function fromMultipartError(error: unknown): AppError | undefined {
  const code = typeof error === 'object' && error !== null && 'code' in error ? error.code : null;
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new AppError('PAYLOAD_TOO_LARGE');
    case 'FST_PARTS_LIMIT':
    case 'FST_FILES_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new AppError('TOO_MANY_PARTS');
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send this form as multipart/form-data.');
    case 'FST_PROTO_VIOLATION':
      return new AppError('BAD_REQUEST');
    default:
      return undefined;
  }
}

/**
 * Reads a multipart request whose file parts must be among `fileFields` (each at most once)
 * and be JPEG, PNG or WebP by their bytes. Anything else is refused before any is stored:
 * an unknown or repeated file field (TOO_MANY_PARTS), a file over the limit or an image over
 * UPLOAD_MAX_INPUT_PIXELS (PAYLOAD_TOO_LARGE), bytes that are not an accepted image or that
 * do not decode (UNSUPPORTED_MEDIA_TYPE), a body busboy cannot parse (BAD_REQUEST). Files
 * come back re-encoded (./image.ts): pixels only, no appended bytes, no metadata.
 */
export async function readMultipart(
  request: FastifyRequest,
  fileFields: readonly string[],
): Promise<ReceivedForm> {
  if (!request.isMultipart()) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send this form as multipart/form-data.');
  }
  const fields: Record<string, string> = {};
  const files = new Map<string, ReceivedFile>();
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (typeof part.value !== 'string') throw new AppError('BAD_REQUEST');
        fields[part.fieldname] = part.value;
        continue;
      }
      if (!fileFields.includes(part.fieldname) || files.has(part.fieldname)) {
        // Drain it so the connection can answer, then refuse the whole request.
        part.file.resume();
        throw new AppError('TOO_MANY_PARTS');
      }
      const bytes = await part.toBuffer();
      if (bytes.length === 0) continue;
      const mimeType = detectImageType(bytes);
      if (mimeType === null) {
        throw new AppError(
          'UNSUPPORTED_MEDIA_TYPE',
          'Only JPEG, PNG or WebP images are accepted.',
          {
            issues: [
              { field: part.fieldname, message: 'Only JPEG, PNG or WebP images are accepted.' },
            ],
          },
        );
      }
      files.set(part.fieldname, { field: part.fieldname, bytes, mimeType });
    }
  } catch (error) {
    if (isAppError(error)) throw error;
    // Everything in the loop above reads the client's bytes: whatever busboy could not
    // parse (no boundary, a truncated body, a broken part header) is the client's mistake.
    throw (
      fromMultipartError(error) ??
      new AppError('BAD_REQUEST', 'The multipart body is malformed.', { cause: error })
    );
  }
  assertNoNul(fields);
  // Re-encoded once the whole body was read, so a form refused while reading costs no
  // decoding. Every upload route stores these clean bytes, never the client's.
  for (const file of files.values()) {
    file.bytes = await reencodeImage(file.bytes, file.mimeType, file.field);
  }
  return { fields, files };
}

/** A 400 naming the missing file fields, in the shape of the validator's answers. */
export function missingFiles(issues: FieldIssue[]): AppError {
  const first = issues[0];
  return new AppError('FILE_REQUIRED', first ? `${first.message}` : undefined, { issues });
}

/** A form's text fields checked like a JSON body, answering in the validator's shape. */
export function parseFormFields<T extends z.ZodType>(
  schema: T,
  fields: Record<string, string>,
): z.infer<T> {
  const parsed = schema.safeParse(fields);
  if (parsed.success) return parsed.data;
  throw validationFailed(
    parsed.error.issues.map((issue) => ({
      field: issue.path.join('.') || 'request',
      message: issue.message,
    })),
  );
}
