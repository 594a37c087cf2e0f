import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { publicScope } from './public-scope';
import { isApiPath } from './request-path';

export type NotFoundHandler = (request: FastifyRequest, reply: FastifyReply) => unknown;

/**
 * Serves the built web app. Page requests without a session go to /signin (full redirect), so
 * signed-out users never get an application view; other unknown paths get the app, whose router
 * sends them to /.
 */
export const webAppPlugin = fp(
  async (app: FastifyInstance, options: { webDir: string; assetsDir: string; apiNotFound: NotFoundHandler }) => {
    const hasWebApp = existsSync(path.join(options.webDir, 'index.html'));
    // The sign-in page's files and the app's scripts and styles are public; the app page is not (below).
    await app.register(async (files) => {
      publicScope(files);
      await files.register(fastifyStatic, {
        root: path.join(options.assetsDir, 'signin'),
        prefix: '/signin/',
        decorateReply: false,
      });
      if (hasWebApp) {
        await files.register(fastifyStatic, {
          root: options.webDir,
          prefix: '/',
          index: false,
          wildcard: false,
          decorateReply: false,
          // The build writes Brotli and gzip copies of its scripts and styles (apps/web/build/precompress.ts).
          preCompressed: true,
          setHeaders: (reply: FastifyReply, filePath: string) => {
            if (isBuiltAsset(options.webDir, filePath)) reply.header('cache-control', IMMUTABLE);
          },
        });
      }
    });
    if (hasWebApp) await app.register(fastifyStatic, { root: options.webDir, serve: false });
    app.setNotFoundHandler(async (request, reply) => {
      if (request.method !== 'GET' || isApiPath(request.url) || !hasWebApp || isFilePath(request.url)) {
        return options.apiNotFound(request, reply);
      }
      if (!(await request.sessionUser())) {
        return reply.redirect(`/signin?next=${encodeURIComponent(request.url)}`);
      }
      // cacheControl: false, or @fastify/static replaces no-store with its own cache-control.
      return reply.header('cache-control', 'no-store').sendFile('index.html', options.webDir, { cacheControl: false });
    });
  },
);

/** A built script or style is named by its content's hash: a browser keeps it until a new build names another. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
const isBuiltAsset = (webDir: string, filePath: string) => filePath.startsWith(path.join(webDir, 'assets') + path.sep);

/** A missing file (e.g. a script of an older build) is a 404, not the app page. */
const isFilePath = (url: string) => /\.[a-z0-9]+$/i.test(url.split('?')[0] ?? '');
