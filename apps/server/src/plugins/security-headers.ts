import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Security headers; the map may load tiles from the configured tile server. */
export const securityHeadersPlugin = fp(async (app: FastifyInstance, options: { mapTileUrl: string }) => {
  const tileOrigin = tileServerOrigin(options.mapTileUrl);
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...(tileOrigin ? [tileOrigin] : [])],
        connectSrc: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
});

function tileServerOrigin(template: string): string | undefined {
  try {
    const url = new URL(template.replace(/\{[a-z]\}/g, 'a'));
    return `${url.protocol}//${url.host.replace(/^a\./, '*.')}`;
  } catch {
    return undefined;
  }
}
