/** Environment variables through which global setup hands the test server to the workers and to teardown. */
export const SERVER_ENV = {
  baseUrl: 'CBM_E2E_BASE_URL',
  pid: 'CBM_E2E_SERVER_PID',
  tempDir: 'CBM_E2E_TEMP_DIR',
  /** The secret of the gateway `gateway-e2e` through which tests publish as devices. */
  gatewaySecret: 'CBM_E2E_GATEWAY_SECRET',
} as const;

export function baseUrl(): string {
  const url = process.env[SERVER_ENV.baseUrl];
  if (!url) throw new Error(`${SERVER_ENV.baseUrl} is not set: run the tests through playwright.config.ts`);
  return url;
}
