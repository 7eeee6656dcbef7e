import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
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

  if (hasBuild) {
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
    for (const route of APP_ROUTES) app.get(route, (_request, reply) => sendIndex(reply, 200));
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

function sendIndex(reply: FastifyReply, status: number) {
  return reply.status(status).header('cache-control', 'no-cache').sendFile('index.html');
}

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
