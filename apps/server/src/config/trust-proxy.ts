import { isIP } from 'node:net';
import { z } from 'zod';

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);
const isProxyAddress = (entry: string) => {
  const [address = '', prefix, ...rest] = entry.split('/');
  if (PROXY_NAMES.has(entry)) return true;
  if (rest.length || !isIP(address)) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (isIP(address) === 4 ? 32 : 128));
};

/**
 * Whom to believe about the client's address and protocol (X-Forwarded-For/-Proto): nobody (empty, the
 * default), the nearest N proxies (a hop count), or proxies at these addresses or CIDR ranges.
 */
export const trustProxy = z
  .string()
  .trim()
  .default('')
  .transform((value, context): false | number | string[] => {
    if (!value) return false;
    if (/^\d+$/.test(value)) return Number(value);
    const entries = value.split(',').map((entry) => entry.trim());
    const wrong = entries.find((entry) => !isProxyAddress(entry));
    if (wrong === undefined) return entries;
    context.addIssue({ code: 'custom', message: `"${wrong}" is not a hop count, IP address or CIDR range` });
    return z.NEVER;
  });
