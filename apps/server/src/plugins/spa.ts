import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { APP_ROUTES, isAppRoute } from '@gabarita/shared';
import { sendApiNotFound } from './error-handler';
import { readSessionToken } from '../lib/session-cookie';
import { type IndexPages, normalizedPath, sendIndexPage } from './index-page';
import { pageDataPreloads, preloadLinkHeader } from './page-data-preloads';

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/**
 * Serves the built SPA: hashed files under /assets are immutable and cached for a year; everything
 * else, index.html above all, is revalidated on every visit so a deploy is picked up at once.
 * Files go out as the brotli or gzip copy the web build wrote beside them when the browser takes it.
 * The web app's paths (the registry in packages/shared/src/paths.ts, which the web router reads
 * too) get index.html with 200; other unknown pages get it with 404 (the SPA then shows its own
 * "page not found").
 */
export async function registerSpa(
  app: FastifyInstance,
  webDistDir: string,
  indexPages: IndexPages | undefined,
) {
  const hasBuild = indexPages !== undefined;
  const sendPage = (request: FastifyRequest, reply: FastifyReply, pages: IndexPages) => {
    const [pathname = '/', search = ''] = request.url.split('?');
    const route = normalizedPath(pathname);
    return sendIndexPage(
      request,
      reply,
      pages.pageFor(route),
      isAppRoute(pathname) ? 200 : 404,
      preloadLinkHeader(pageDataPreloads(route, search, readSessionToken(request) !== undefined)),
    );
  };

  if (hasBuild) {
    await app.register(servePublicFiles, { webDistDir });
    for (const route of APP_ROUTES) {
      app.get(route, { config: { access: 'public' } }, (request, reply) =>
        sendPage(request, reply, indexPages),
      );
    }
  } else {
    app.log.warn(
      { webDistDir },
      'interface web não compilada: rode "npm run build" (ou use "npm run dev")',
    );
  }

  app.setNotFoundHandler((request, reply) => {
    if (isApiRequest(request) || !hasBuild || !wantsPage(request)) return sendApiNotFound(reply);
    return sendPage(request, reply, indexPages);
  });
}

/** The built files, in their own context so their routes can be declared public. */
const servePublicFiles: FastifyPluginAsync<{ webDistDir: string }> = async (
  app,
  { webDistDir },
) => {
  app.addHook('onRoute', (route) => {
    route.config = { ...route.config, access: 'public' };
  });
  await app.register(fastifyStatic, {
    root: webDistDir,
    index: false,
    preCompressed: true,
    // Build metadata (.vite/manifest.json) is not for browsers.
    dotfiles: 'ignore',
    setHeaders(res, filePath) {
      const immutable = path.relative(webDistDir, filePath).startsWith(`assets${path.sep}`);
      res.header(
        'cache-control',
        immutable ? `public, max-age=${ONE_YEAR_SECONDS}, immutable` : 'no-cache',
      );
    },
  });
};

function pathOf(request: FastifyRequest): string {
  return request.url.split('?')[0] ?? '/';
}

function isApiRequest(request: FastifyRequest): boolean {
  const pathname = pathOf(request);
  return pathname === '/api' || pathname.startsWith('/api/');
}

/** A page navigation: GET/HEAD of a path without a file extension (missing assets stay 404). */
function wantsPage(request: FastifyRequest): boolean {
  return (
    (request.method === 'GET' || request.method === 'HEAD') &&
    !/\.[a-z0-9]+$/i.test(pathOf(request))
  );
}
