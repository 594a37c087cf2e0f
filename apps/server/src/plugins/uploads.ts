import type { Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../http-error';
import { uploadGate } from './upload-gate';

/** The file part of an upload while it arrives: read `stream` to its end (or fail) in `receive`. */
export interface UploadedFile {
  fieldName: string;
  /** The client's file name reduced to a safe base name; never use it as a storage path. */
  fileName: string;
  mimeType: string;
  stream: Readable;
}

/** One uploaded file, what `receive` made of it, and the text fields sent before it. */
export interface Upload<T> {
  fieldName: string;
  fileName: string;
  mimeType: string;
  received: T;
  fields: Record<string, string>;
}

export interface UploadOptions<T> {
  maxBytes: number;
  /** Who uploads: the per-user limit of parallel uploads counts by this. */
  userId: number;
  /** Consumes the file as it arrives (a parser or a store), with the fields sent before it. */
  receive: (file: UploadedFile, fields: Record<string, string>) => Promise<T>;
  /** Undoes what `receive` made when the rest of the body turns out wrong (e.g. removes a stored file). */
  abandon?: (received: T) => Promise<void>;
}

export interface UploadsOptions {
  /** Uploads one user may run at the same time (UPLOADS_PER_USER). */
  perUser: number;
  /** Uploads the server runs at the same time (UPLOADS_TOTAL). */
  total: number;
}

const MAX_FIELDS = 20;
const MAX_FIELD_BYTES = 64 * 1024;

declare module 'fastify' {
  interface FastifyInstance {
    uploadGate: ReturnType<typeof uploadGate>;
  }
}

/**
 * Accepts multipart/form-data bodies on the routes whose schema `consumes` them (they read them with readUpload,
 * which enforces the limits); every other route answers such a body 415 as before.
 */
export const uploadsPlugin = fp(async (app: FastifyInstance, options: UploadsOptions) => {
  await app.register(multipart, {
    limits: { files: 1, fields: MAX_FIELDS, fieldSize: MAX_FIELD_BYTES, parts: MAX_FIELDS + 1 },
  });
  app.decorate('uploadGate', uploadGate(options));
  app.addHook('preValidation', async (request) => {
    const consumes = (request.routeOptions.schema as { consumes?: string[] } | undefined)?.consumes;
    if (request.isMultipart() && !consumes?.includes('multipart/form-data')) {
      throw new HttpError(415, 'request.unsupportedMediaType', 'errors.unsupportedMediaType');
    }
  });
});

/**
 * Reads a multipart body holding at most one file, its text fields first, and streams the file into `receive`
 * (never held whole). Answers 415 when the body is not multipart, 429/503 when the user or the server already
 * runs as many uploads as allowed, 413 when the file or the number of parts is over the limit, 400 for a field
 * after the file; undefined when no file was sent.
 */
export async function readUpload<T>(
  request: FastifyRequest,
  { maxBytes, userId, receive, abandon }: UploadOptions<T>,
): Promise<Upload<T> | undefined> {
  if (!request.isMultipart()) {
    throw new HttpError(415, 'request.unsupportedMediaType', 'errors.uploadExpected');
  }
  const release = request.server.uploadGate.enter(userId);
  const fields: Record<string, string> = {};
  let upload: Upload<T> | undefined;
  try {
    for await (const part of request.parts({ limits: { fileSize: maxBytes } })) {
      if (upload) throw new HttpError(400, 'request.malformedBody', 'errors.uploadFieldAfterFile');
      if (part.type === 'field') {
        fields[part.fieldname] = String(part.value);
        continue;
      }
      const file = { fieldName: part.fieldname, fileName: safeFileName(part.filename), mimeType: part.mimetype };
      // At the limit busboy ends the file as if it were complete: the reader gets the error instead of that end.
      part.file.once('limit', () => part.file.destroy(fileTooLarge(maxBytes)));
      const received = await receive({ ...file, stream: part.file }, { ...fields }).finally(() => part.file.resume());
      upload = { ...file, received, fields };
    }
  } catch (error) {
    if (upload) await abandon?.(upload.received);
    throw uploadError(error, maxBytes);
  } finally {
    release();
  }
  return upload;
}

/** The last path segment without control characters, at most 200 characters ("upload" when nothing is left). */
export function safeFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const cleaned = base
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed here
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .replace(/^\.+/, '')
    .trim();
  return cleaned.slice(0, 200) || 'upload';
}

const fileTooLarge = (maxBytes: number) =>
  new HttpError(413, 'request.payloadTooLarge', 'errors.fileTooLarge', {
    max: `${Math.floor(maxBytes / 1024 / 1024) || 1} MB`,
  });

function uploadError(error: unknown, maxBytes: number): unknown {
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return fileTooLarge(maxBytes);
  if (code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') {
    return new HttpError(413, 'request.payloadTooLarge', 'errors.tooManyParts');
  }
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE' || code === 'FST_PROTO_VIOLATION') {
    return new HttpError(400, 'request.malformedBody', 'errors.malformedUpload');
  }
  return error;
}
