import type sharpModule from 'sharp';

let loading: Promise<typeof sharpModule> | undefined;

/**
 * sharp, loaded at its first use: libvips holds about 30 MB, which a server that has not yet
 * received an image does not need (docs/performance.md, "Memory of a server"). Loaded once: an
 * `import()` per image goes through the module loader's resolution each time (under tsx, a round
 * trip to its loader thread), which was most of a raster's check.
 */
export function loadSharp(): Promise<typeof sharpModule> {
  loading ??= import('sharp').then(
    (module) => module.default,
    (error: unknown) => {
      // Tried again at the next use.
      loading = undefined;
      throw error;
    },
  );
  return loading;
}
