export type ContentEncoding = 'br' | 'gzip';

/**
 * The encoding to send, among those `available` (in order of preference), for a request's
 * Accept-Encoding header: the one with the highest quality value; on a tie the earlier one.
 * `undefined` means the uncompressed body.
 */
export function preferredEncoding(
  acceptEncoding: string | undefined,
  available: readonly ContentEncoding[],
): ContentEncoding | undefined {
  if (!acceptEncoding) return undefined;
  const quality = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [token = '', ...params] = part.split(';').map((piece) => piece.trim());
    const q = params.find((param) => param.startsWith('q='));
    const value = q === undefined ? 1 : Number(q.slice(2));
    if (token) quality.set(token, Number.isFinite(value) ? value : 0);
  }
  let best: ContentEncoding | undefined;
  let bestQuality = 0;
  for (const encoding of available) {
    const q = quality.get(encoding) ?? quality.get('*') ?? 0;
    if (q > bestQuality) {
      best = encoding;
      bestQuality = q;
    }
  }
  return best;
}
