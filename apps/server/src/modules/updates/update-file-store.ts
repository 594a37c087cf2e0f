import { createHash, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { access, mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';

const SHA256 = /^[a-f0-9]{64}$/;

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
    /** Stores the image (written to a temporary name, then renamed) and answers its SHA-256. */
    async save(data: Buffer): Promise<string> {
      const sha256 = createHash('sha256').update(data).digest('hex');
      const target = pathOf(sha256);
      const exists = await access(target).then(
        () => true,
        () => false,
      );
      if (!exists) {
        await mkdir(folder, { recursive: true });
        const temporary = path.join(folder, `.${randomUUID()}.part`);
        await writeFile(temporary, data, { mode: 0o600 });
        await rename(temporary, target);
      }
      return sha256;
    },
    open: (sha256: string) => createReadStream(pathOf(sha256)),
  };
}
export type UpdateFileStore = ReturnType<typeof updateFileStore>;
