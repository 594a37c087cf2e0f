import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { UploadedFile } from './datalog-repository';

/** The upload went past the size limit; the rest of it was not read. */
export class UploadTooLargeError extends Error {
  constructor() {
    super('the upload is larger than allowed');
  }
}

/**
 * Copies the body to the file and answers its size and SHA-256. Past `maxBytes` it stops reading without
 * destroying the request (so that a 413 can still be answered on its connection) and rejects.
 */
async function writeAtMost(body: Readable, file: string, maxBytes: number) {
  const hash = createHash('sha256');
  let size = 0;
  const meter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      if (size > maxBytes) return callback(new UploadTooLargeError());
      hash.update(chunk);
      callback(null, chunk);
    },
  });
  const failed = (error: Error) => meter.destroy(error);
  const cutOff = () => {
    if (!body.readableEnded) meter.destroy(new Error('the upload was cut off'));
  };
  body.once('error', failed);
  body.once('close', cutOff);
  body.pipe(meter);
  try {
    await pipeline(meter, createWriteStream(file, { flags: 'wx', mode: 0o600 }));
  } finally {
    body.unpipe(meter);
    body.off('error', failed);
    body.off('close', cutOff);
  }
  return { sizeBytes: size, sha256: hash.digest('hex') };
}

const KEY_PATTERN = /^\d+-[a-f0-9]{16}\.zip$/;

/** Datalog zips on disk under DATA_DIR/datalogs, named by the server (never by the device). */
export function datalogStorage(dataDir: string) {
  const folder = path.join(dataDir, 'datalogs');
  const pathOf = (storageKey: string) => {
    if (!KEY_PATTERN.test(storageKey)) throw new Error(`not a datalog storage key: ${storageKey}`);
    return path.join(folder, storageKey);
  };

  return {
    pathOf,

    /**
     * Streams the upload to disk, at most `maxBytes` (UploadTooLargeError beyond), to a temporary name first,
     * so that a half-written file never has a datalog's name.
     */
    async save(id: number, body: Readable, maxBytes: number): Promise<UploadedFile> {
      await mkdir(folder, { recursive: true });
      const storageKey = `${id}-${randomBytes(8).toString('hex')}.zip`;
      const target = pathOf(storageKey);
      const temporary = `${target}.part`;
      try {
        const written = await writeAtMost(body, temporary, maxBytes);
        await rename(temporary, target);
        return { storageKey, ...written };
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
    },

    /** The stored zip's bytes (for checking its directory). */
    readAll: (storageKey: string) => readFile(pathOf(storageKey)),

    /** Size of the stored zip, or null when it is gone. */
    async size(storageKey: string): Promise<number | null> {
      try {
        return (await stat(pathOf(storageKey))).size;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },

    read(storageKey: string) {
      return createReadStream(pathOf(storageKey));
    },

    async remove(storageKey: string): Promise<void> {
      await rm(pathOf(storageKey), { force: true });
    },
  };
}

export type DatalogStorage = ReturnType<typeof datalogStorage>;
