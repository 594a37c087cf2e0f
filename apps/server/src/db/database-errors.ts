// Node's socket errors and PostgreSQL's connection-exception (08…), shutdown (57P0…) and insufficient-resources
// (53…: disk full, out of memory, too many connections) states, and a read-only session (25006: CBM never opens
// one, so the server is a standby or a primary being replaced in a failover, decision 125): the database cannot
// serve now, not the request wrong.
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
const SERVER_STATES = new Set(['57P01', '57P02', '57P03', '25006']);
const DRIVER_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/i;

/** True when an error says the database cannot be reached right now (the request may succeed later). */
export function isDatabaseUnavailable(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  if (
    typeof code === 'string' &&
    (SOCKET_CODES.has(code) || SERVER_STATES.has(code) || code.startsWith('08') || code.startsWith('53'))
  ) {
    return true;
  }
  return typeof message === 'string' && DRIVER_MESSAGES.test(message);
}

/**
 * True when PostgreSQL could not write for want of disk space (SQLSTATE 53100, disk_full): reads still work,
 * writes that need room fail until an operator frees space. One case of `isDatabaseUnavailable`.
 */
export function isDatabaseFull(error: unknown): boolean {
  return (error as { code?: unknown } | null | undefined)?.code === '53100';
}

/**
 * True when PostgreSQL refused a value the request brought (SQLSTATE class 22, data exception): a NUL
 * character in text, a number out of range. The request is at fault, not the server.
 */
export function isInvalidValue(error: unknown): boolean {
  const { code } = (error ?? {}) as { code?: unknown };
  return typeof code === 'string' && code.startsWith('22');
}
