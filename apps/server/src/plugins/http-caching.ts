import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { LruCache } from '../lib/lru-cache';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A catalogue read: the same for every visitor until an import, so visitors' answers may be
     * kept by any cache for a short while; a signed-in user's carries their marks and stays private.
     * Either way it gets an ETag and answers 304 to a matching If-None-Match.
     */
    catalogRead?: boolean;
  }
}

/** How long a visitor's browser or a shared cache may reuse a catalogue answer without asking. */
export const PUBLIC_CATALOG_MAX_AGE_SECONDS = 60;
/** Smaller answers are sent as they are: compressing them costs more than it saves. */
const COMPRESS_THRESHOLD_BYTES = 1024;

export function weakEtag(body: string | Buffer): string {
  return `W/"${createHash('sha1').update(body).digest('base64url')}"`;
}

/**
 * ETags of recent answers by their text, up to about `maxChars` of text. Catalogue answers are
 * mostly the very strings the catalogue keeps, so a hit costs no hashing of the body; one user's
 * answer repeated (a re-read) hits too.
 */
function etagMemo(maxChars: number) {
  const etags = new Map<string, string>();
  let chars = 0;
  return (body: string | Buffer): string => {
    if (typeof body !== 'string') return weakEtag(body);
    let etag = etags.get(body);
    if (etag !== undefined) return etag;
    etag = weakEtag(body);
    if (body.length > maxChars) return etag;
    etags.set(body, etag);
    chars += body.length;
    for (const kept of etags.keys()) {
      if (chars <= maxChars) break;
      etags.delete(kept);
      chars -= kept.length;
    }
    return etag;
  };
}

/** Brotli if the client takes it, else gzip, else nothing. */
export function preferredEncoding(request: FastifyRequest): 'br' | 'gzip' | undefined {
  const accepted = request.headers['accept-encoding'] ?? '';
  if (/\bbr\b(?!;q=0(?:\.0*)?(?:,|$))/.test(accepted)) return 'br';
  if (/\bgzip\b(?!;q=0(?:\.0*)?(?:,|$))/.test(accepted)) return 'gzip';
  return undefined;
}

export function compress(body: string | Buffer, encoding: 'br' | 'gzip'): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } })
    : gzipSync(body);
}

export function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = etag.slice(2);
  return ifNoneMatch
    .split(',')
    .some(
      (candidate) => candidate.trim() === '*' || candidate.trim().replace(/^W\//, '') === opaque,
    );
}

/**
 * ETags, Cache-Control and remembered compressed bytes for catalogue reads, then brotli/gzip for
 * every other compressible answer over the threshold. The ETag is taken from the uncompressed body
 * (hence weak: one tag for every encoding), so its hook is added before compression's. Event streams are never compressed
 * (@fastify/compress leaves text/event-stream alone), so their events are not held in a buffer.
 */
export async function registerHttpCaching(app: FastifyInstance) {
  // Catalogue answers repeat (every visitor gets the same bytes; a user re-reads a page), and
  // compressing costs more than building them: keep the compressed bytes by ETag and encoding.
  const compressed = new LruCache<string, Buffer>(1_000);
  const etagOf = etagMemo(8_000_000);
  app.addHook('onSend', async (request, reply, payload) => {
    if (!request.routeOptions.config.catalogRead || reply.statusCode !== 200) return payload;
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    reply.header('vary', 'cookie, accept-encoding');
    reply.header(
      'cache-control',
      request.session ? 'private, no-cache' : `public, max-age=${PUBLIC_CATALOG_MAX_AGE_SECONDS}`,
    );
    const etag = etagOf(payload);
    reply.header('etag', etag);
    if (matches(request.headers['if-none-match'], etag)) {
      reply.code(304);
      reply.removeHeader('content-type');
      reply.removeHeader('content-length');
      return '';
    }
    const encoding = preferredEncoding(request);
    if (!encoding || Buffer.byteLength(payload) < COMPRESS_THRESHOLD_BYTES) return payload;
    const key = `${encoding} ${etag}`;
    let body = compressed.get(key);
    if (!body) compressed.set(key, (body = compress(payload, encoding)));
    reply.header('content-encoding', encoding);
    reply.removeHeader('content-length');
    return body;
  });
  await app.register(fastifyCompress, {
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
  });
}
