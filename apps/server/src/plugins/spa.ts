import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { APP_ROUTES, isAppRoute } from '@gabarita/shared';
import { sendApiNotFound } from './error-handler';

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/**
 * Serves the built SPA: hashed files under /assets are immutable and cached for a year; everything
 * else, index.html above all, is revalidated on every visit so a deploy is picked up at once.
 * Routes of the route table get index.html with 200; other unknown pages get it with 404 (the SPA
 * then shows its own "page not found").
 */
export async function registerSpa(app: FastifyInstance, webDistDir: string) {
  const indexFile = path.join(webDistDir, 'index.html');
  const hasBuild = fs.existsSync(indexFile);

  // Read once: every page navigation answers it.
  const indexHtml = hasBuild ? fs.readFileSync(indexFile) : undefined;
  const sendIndex = (reply: FastifyReply, status: number) =>
    reply
      .status(status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(indexHtml);

  if (hasBuild) {
    await app.register(servePublicFiles, { webDistDir });
    for (const route of APP_ROUTES) {
      app.get(route, { config: { access: 'public' } }, (_request, reply) => sendIndex(reply, 200));
    }
  } else {
    app.log.warn(
      { webDistDir },
      'interface web não compilada: rode "npm run build" (ou use "npm run dev")',
    );
  }

  app.setNotFoundHandler((request, reply) => {
    if (isApiRequest(request) || !hasBuild || !wantsPage(request)) return sendApiNotFound(reply);
    return sendIndex(reply, isAppRoute(pathOf(request)) ? 200 : 404);
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
