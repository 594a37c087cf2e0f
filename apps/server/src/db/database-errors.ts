// Node's socket errors and PostgreSQL's connection-exception (08…), shutdown (57P0…) and too-many-connections
// states: the database is away, not the request wrong.
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
const SERVER_STATES = new Set(['57P01', '57P02', '57P03', '53300']);
const DRIVER_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/i;

/** True when an error says the database cannot be reached right now (the request may succeed later). */
export function isDatabaseUnavailable(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && (SOCKET_CODES.has(code) || SERVER_STATES.has(code) || code.startsWith('08'))) {
    return true;
  }
  return typeof message === 'string' && DRIVER_MESSAGES.test(message);
}

/**
 * True when PostgreSQL refused a value the request brought (SQLSTATE class 22, data exception): a NUL
 * character in text, a number out of range. The request is at fault, not the server.
 */
export function isInvalidValue(error: unknown): boolean {
  const { code } = (error ?? {}) as { code?: unknown };
  return typeof code === 'string' && code.startsWith('22');
}
