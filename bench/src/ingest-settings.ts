/** The INGEST_* and CAMPAIGN_* settings of the environment (batch size, queue, linger, command rate): the bench runs what you deploy. */
export const ingestSettings = (): NodeJS.ProcessEnv =>
  Object.fromEntries(
    Object.entries(process.env).filter(([name]) => name.startsWith('INGEST_') || name.startsWith('CAMPAIGN_')),
  );
