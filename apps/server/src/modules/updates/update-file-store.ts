import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { access, mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

const SHA256 = /^[a-f0-9]{64}$/;

/** An image written to a temporary name as it arrived: kept under its SHA-256, or discarded. */
export interface ReceivedImage {
  sha256: string;
  sizeBytes: number;
  keep(): Promise<void>;
  discard(): Promise<void>;
}

/**
 * Update images under DATA_DIR/update-files, named by their SHA-256: the client's file name never
 * becomes a path, and the same image uploaded twice is stored once.
 */
export function updateFileStore(dataDir: string) {
  const folder = path.join(dataDir, 'update-files');
  const pathOf = (sha256: string) => {
    if (!SHA256.test(sha256)) throw new Error('not a sha256 storage key');
    return path.join(folder, sha256);
  };
  return {
    /** Writes the image to a temporary file as it arrives (never whole in memory), hashing it on the way. */
    async receive(stream: Readable): Promise<ReceivedImage> {
      await mkdir(folder, { recursive: true });
      const temporary = path.join(folder, `.${randomUUID()}.part`);
      const discard = () => rm(temporary, { force: true });
      const hash = createHash('sha256');
      let sizeBytes = 0;
      async function* hashed(chunks: AsyncIterable<Buffer>) {
        for await (const chunk of chunks) {
          hash.update(chunk);
          sizeBytes += chunk.length;
          yield chunk;
        }
      }
      try {
        await pipeline(stream, hashed, createWriteStream(temporary, { mode: 0o600 }));
      } catch (error) {
        await discard();
        throw error;
      }
      const sha256 = hash.digest('hex');
      const keep = async () => {
        const target = pathOf(sha256);
        const exists = await access(target).then(
          () => true,
          () => false,
        );
        if (exists) await discard();
        else await rename(temporary, target);
      };
      return { sha256, sizeBytes, keep, discard };
    },
    open: (sha256: string) => createReadStream(pathOf(sha256)),
  };
}
export type UpdateFileStore = ReturnType<typeof updateFileStore>;
