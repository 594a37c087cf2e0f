import { createHash, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { UploadedFile } from './datalog-repository';

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

    /** Writes the zip (to a temporary name first, so a half-written file never has a datalog's name). */
    async save(id: number, data: Buffer): Promise<UploadedFile> {
      await mkdir(folder, { recursive: true });
      const storageKey = `${id}-${randomBytes(8).toString('hex')}.zip`;
      const target = pathOf(storageKey);
      const temporary = `${target}.part`;
      await writeFile(temporary, data, { flag: 'wx' });
      await rename(temporary, target);
      return { storageKey, sizeBytes: data.length, sha256: createHash('sha256').update(data).digest('hex') };
    },

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
