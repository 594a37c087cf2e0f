import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/**
 * Deletes the .eml files of the outbox folder (DATA_DIR/mail-outbox) written before `before`; answers how
 * many. A file is written when its mail is sent, so its age is the mail's. No folder (SMTP): nothing to do.
 */
export async function pruneOutboxFiles(dir: string, before: Date): Promise<number> {
  const names = await readdir(dir).catch((error: unknown) => {
    if (isMissing(error)) return [];
    throw error;
  });
  let deleted = 0;
  for (const name of names.filter((file) => file.endsWith('.eml'))) {
    const file = path.join(dir, name);
    const written = await stat(file).catch(() => undefined);
    if (written && written.mtime < before) {
      await rm(file, { force: true });
      deleted++;
    }
  }
  return deleted;
}
