import type sharpModule from 'sharp';

/**
 * sharp, loaded at its first use: libvips holds about 30 MB, which a server that has not yet
 * received an image does not need (docs/performance.md, "Memory of a server").
 */
export async function loadSharp(): Promise<typeof sharpModule> {
  return (await import('sharp')).default;
}
