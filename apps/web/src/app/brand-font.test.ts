import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@/lib/storage-keys';

const added: FakeFace[] = [];

class FakeFace {
  loaded = false;
  constructor(
    readonly family: string,
    readonly source: string,
  ) {}
  load() {
    this.loaded = true;
    return Promise.resolve(this);
  }
}

async function start() {
  vi.resetModules();
  const { startBrandFont } = await import('./brand-font');
  startBrandFont();
}

describe('startBrandFont', () => {
  beforeEach(() => {
    added.length = 0;
    vi.stubGlobal('FontFace', FakeFace);
    Object.defineProperty(document, 'fonts', {
      configurable: true,
      value: { add: (face: FakeFace) => added.push(face) },
    });
  });
  afterEach(() => {
    Reflect.deleteProperty(document, 'fonts');
  });

  it('on a first visit, loads Inter after the first screen and remembers it', async () => {
    await start();
    expect(added).toHaveLength(0);
    await vi.waitFor(() => expect(added).toHaveLength(1), { timeout: 2_000 });
    expect(added[0]!.family).toBe('Inter Variable');
    expect(added[0]!.loaded).toBe(true);
    expect(added[0]!.source).toMatch(/inter-latin-wght-normal.*\.woff2/);
    expect(window.localStorage.getItem(STORAGE_KEYS.brandFontCached)).toBe('sim');
  });

  it('once loaded before, declares Inter at start for the browser to take from its cache', async () => {
    window.localStorage.setItem(STORAGE_KEYS.brandFontCached, 'sim');
    await start();
    expect(added).toHaveLength(1);
    expect(added[0]!.loaded).toBe(false);
  });
});
