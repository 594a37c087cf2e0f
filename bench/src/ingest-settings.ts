/** The INGEST_* settings of the environment (batch size, queue, linger): the bench runs what you deploy. */
export const ingestSettings = (): NodeJS.ProcessEnv =>
  Object.fromEntries(Object.entries(process.env).filter(([name]) => name.startsWith('INGEST_')));
