import type pg from 'pg';

interface CopyConnection {
  query(text: string): void;
  sendCopyFromChunk(chunk: Buffer): void;
  endCopyFrom(): void;
}

/**
 * COPY … FROM STDIN over a pg client without pg-copy-streams: a minimal "submittable" that feeds
 * the data when the server asks for it. Enough for a benchmark baseline.
 */
export function copyFrom(client: pg.Client, sql: string, data: Buffer): Promise<void> {
  return new Promise((resolve, reject) => {
    let failed: unknown;
    const submittable = {
      submit(connection: CopyConnection) {
        connection.query(sql);
      },
      handleCopyInResponse(connection: CopyConnection) {
        for (let offset = 0; offset < data.length; offset += 64 * 1024) {
          connection.sendCopyFromChunk(data.subarray(offset, offset + 64 * 1024));
        }
        connection.endCopyFrom();
      },
      handleCommandComplete() {},
      handleError(error: unknown) {
        failed = error;
      },
      handleReadyForQuery() {
        if (failed) reject(failed);
        else resolve();
      },
    };
    client.query(submittable as unknown as pg.QueryConfig);
  });
}
