import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { preferredEncoding, type ContentEncoding } from '../lib/accept-encoding';

/** index.html as sent: the page and its compressed copies. */
export interface IndexPage {
  body: Buffer;
  encoded: Partial<Record<ContentEncoding, Buffer>>;
}

/** The built index.html, read once at start-up. */
export interface IndexPages {
  /** The page to answer a navigation with, by its path. */
  pageFor(pathname: string): IndexPage;
  /**
   * The CSP sources of the page's inline scripts (the theme, set before the first paint:
   * apps/web/scripts/inline-first-paint.mjs).
   */
  inlineScriptHashes: string[];
}

const ENCODING_EXTENSIONS: Record<ContentEncoding, string> = { br: '.br', gzip: '.gz' };

/**
 * Reads the built index.html once, with the .br/.gz copies the web build writes beside it. When the
 * build lists the chunks of each route's page (.vite/route-preloads.json), a route gets its own copy
 * that preloads them, so its code downloads with the entry's instead of after the entry has run.
 */
export function readIndexPages(webDistDir: string): IndexPages | undefined {
  const indexFile = path.join(webDistDir, 'index.html');
  if (!fs.existsSync(indexFile)) return undefined;
  const encoded: IndexPage['encoded'] = {};
  for (const [encoding, extension] of Object.entries(ENCODING_EXTENSIONS)) {
    const copy = indexFile + extension;
    if (fs.existsSync(copy)) encoded[encoding as ContentEncoding] = fs.readFileSync(copy);
  }
  const html = fs.readFileSync(indexFile);
  const plain: IndexPage = { body: html, encoded };

  const byRoute = new Map<string, IndexPage>();
  for (const [route, files] of Object.entries(readRoutePreloads(webDistDir))) {
    if (files.length > 0) byRoute.set(route.toLowerCase(), withPreloads(html.toString(), files));
  }
  return {
    pageFor: (pathname) => byRoute.get(normalizedPath(pathname)) ?? plain,
    inlineScriptHashes: [...html.toString().matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
      ([, source]) => `'sha256-${crypto.createHash('sha256').update(source!).digest('base64')}'`,
    ),
  };
}

function readRoutePreloads(webDistDir: string): Record<string, string[]> {
  const file = path.join(webDistDir, '.vite', 'route-preloads.json');
  return fs.existsSync(file)
    ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string[]>)
    : {};
}

function withPreloads(html: string, files: string[]): IndexPage {
  const links = files
    .map((file) => `    <link rel="modulepreload" crossorigin href="${file}">\n`)
    .join('');
  const body = Buffer.from(html.replace('</head>', `${links}  </head>`));
  return {
    body,
    encoded: {
      br: zlib.brotliCompressSync(body),
      gzip: zlib.gzipSync(body, { level: zlib.constants.Z_BEST_COMPRESSION }),
    },
  };
}

/** Paths match as the router matches them: case aside, with or without a trailing slash. */
export function normalizedPath(pathname: string): string {
  const lower = pathname.toLowerCase();
  return lower.length > 1 && lower.endsWith('/') ? lower.slice(0, -1) : lower;
}

/**
 * Answers a page navigation with index.html, compressed as the browser accepts, never cached;
 * `link` is a `Link` header (preloads of the data the page will ask for).
 */
export function sendIndexPage(
  request: FastifyRequest,
  reply: FastifyReply,
  page: IndexPage,
  status: number,
  link?: string,
) {
  const available = (['br', 'gzip'] as const).filter((encoding) => page.encoded[encoding]);
  const encoding = preferredEncoding(request.headers['accept-encoding'], available);
  reply
    .status(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-cache')
    .header('vary', 'accept-encoding');
  if (encoding) reply.header('content-encoding', encoding);
  if (link) reply.header('link', link);
  return reply.send(encoding ? page.encoded[encoding] : page.body);
}
