import fs from 'node:fs';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { preferredEncoding, type ContentEncoding } from '../lib/accept-encoding';

/** The built index.html and the .br/.gz copies the web build writes beside it, read once. */
export interface IndexPage {
  body: Buffer;
  encoded: Partial<Record<ContentEncoding, Buffer>>;
}

const ENCODING_EXTENSIONS: Record<ContentEncoding, string> = { br: '.br', gzip: '.gz' };

export function readIndexPage(indexFile: string): IndexPage | undefined {
  if (!fs.existsSync(indexFile)) return undefined;
  const encoded: IndexPage['encoded'] = {};
  for (const [encoding, extension] of Object.entries(ENCODING_EXTENSIONS)) {
    const copy = indexFile + extension;
    if (fs.existsSync(copy)) encoded[encoding as ContentEncoding] = fs.readFileSync(copy);
  }
  return { body: fs.readFileSync(indexFile), encoded };
}

/** Answers a page navigation with index.html, compressed as the browser accepts, never cached. */
export function sendIndexPage(
  request: FastifyRequest,
  reply: FastifyReply,
  page: IndexPage,
  status: number,
) {
  const available = (['br', 'gzip'] as const).filter((encoding) => page.encoded[encoding]);
  const encoding = preferredEncoding(request.headers['accept-encoding'], available);
  reply
    .status(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-cache')
    .header('vary', 'accept-encoding');
  if (encoding) reply.header('content-encoding', encoding);
  return reply.send(encoding ? page.encoded[encoding] : page.body);
}
