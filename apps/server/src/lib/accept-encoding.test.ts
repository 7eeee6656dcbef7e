import { describe, expect, it } from 'vitest';
import { preferredEncoding } from './accept-encoding';

describe('preferredEncoding', () => {
  const both = ['br', 'gzip'] as const;

  it('prefers brotli when the browser takes both', () => {
    expect(preferredEncoding('gzip, deflate, br, zstd', both)).toBe('br');
  });

  it('follows quality values, and never picks an encoding refused with q=0', () => {
    expect(preferredEncoding('br;q=0.5, gzip', both)).toBe('gzip');
    expect(preferredEncoding('br;q=0, gzip;q=0.1', both)).toBe('gzip');
    expect(preferredEncoding('br;q=0, gzip;q=0', both)).toBeUndefined();
  });

  it('reads a wildcard as any encoding not named', () => {
    expect(preferredEncoding('*', both)).toBe('br');
    expect(preferredEncoding('br;q=0, *', both)).toBe('gzip');
  });

  it('sends the body as it is without the header, or with nothing it offers', () => {
    expect(preferredEncoding(undefined, both)).toBeUndefined();
    expect(preferredEncoding('identity', both)).toBeUndefined();
    expect(preferredEncoding('gzip', ['br'])).toBeUndefined();
  });
});
