import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Compresses responses over 1 kB (JSON, CSV, HTML, scripts, styles, SVG) with Brotli or gzip, as the browser
 * accepts. Never the live stream: a compressor holds events back until its buffer fills.
 */
export const compressionPlugin = fp(async (app: FastifyInstance) => {
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    customTypes: /^(?:text\/(?!event-stream)[\w.+-]+|application\/(?:json|javascript|xml)|image\/svg\+xml)\b/,
    // Quality 4 compresses a 1 MB response in a few milliseconds; the default (11) takes a second.
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
});
