import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../http-error';

/** One uploaded file with the text fields sent beside it. */
export interface Upload {
  fieldName: string;
  /** The client's file name reduced to a safe base name; never use it as a storage path. */
  fileName: string;
  mimeType: string;
  data: Buffer;
  fields: Record<string, string>;
}

export interface UploadLimits {
  maxBytes: number;
}

const MAX_FIELDS = 20;
const MAX_FIELD_BYTES = 64 * 1024;

/**
 * Accepts multipart/form-data bodies on the routes whose schema `consumes` them (they read them with readUpload,
 * which enforces the limits); every other route answers such a body 415 as before.
 */
export const uploadsPlugin = fp(async (app: FastifyInstance) => {
  await app.register(multipart, {
    limits: { files: 1, fields: MAX_FIELDS, fieldSize: MAX_FIELD_BYTES, parts: MAX_FIELDS + 1 },
  });
  app.addHook('preValidation', async (request) => {
    const consumes = (request.routeOptions.schema as { consumes?: string[] } | undefined)?.consumes;
    if (request.isMultipart() && !consumes?.includes('multipart/form-data')) {
      throw new HttpError(415, 'request.unsupportedMediaType', 'errors.unsupportedMediaType');
    }
  });
});

/**
 * Reads a multipart body holding at most one file. Answers 415 when the body is not multipart,
 * 413 when the file or the number of parts is over the limit; undefined when no file was sent.
 */
export async function readUpload(request: FastifyRequest, { maxBytes }: UploadLimits): Promise<Upload | undefined> {
  if (!request.isMultipart()) {
    throw new HttpError(415, 'request.unsupportedMediaType', 'errors.uploadExpected');
  }
  const fields: Record<string, string> = {};
  let file: Omit<Upload, 'fields'> | undefined;
  try {
    for await (const part of request.parts({ limits: { fileSize: maxBytes } })) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        file = { fieldName: part.fieldname, fileName: safeFileName(part.filename), mimeType: part.mimetype, data };
      } else {
        fields[part.fieldname] = String(part.value);
      }
    }
  } catch (error) {
    throw uploadError(error, maxBytes);
  }
  return file && { ...file, fields };
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

function uploadError(error: unknown, maxBytes: number): unknown {
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') {
    return new HttpError(413, 'request.payloadTooLarge', 'errors.fileTooLarge', {
      max: `${Math.floor(maxBytes / 1024 / 1024) || 1} MB`,
    });
  }
  if (code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') {
    return new HttpError(413, 'request.payloadTooLarge', 'errors.tooManyParts');
  }
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE' || code === 'FST_PROTO_VIOLATION') {
    return new HttpError(400, 'request.malformedBody', 'errors.malformedUpload');
  }
  return error;
}
