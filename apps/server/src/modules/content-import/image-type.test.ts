import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { detectImageKind, extensionMismatch } from './image-type';

const square = () => sharp({ create: { width: 8, height: 8, channels: 3, background: '#123' } });

describe('detectImageKind', () => {
  it('reads the kind from the first bytes', async () => {
    expect(detectImageKind(await square().png().toBuffer())).toBe('png');
    expect(detectImageKind(await square().jpeg().toBuffer())).toBe('jpeg');
    expect(detectImageKind(await square().gif().toBuffer())).toBe('gif');
    expect(detectImageKind(await square().webp().toBuffer())).toBe('webp');
    expect(detectImageKind(await square().tiff().toBuffer())).toBe('tiff');
    expect(detectImageKind(Buffer.from('%PDF-1.7\n'))).toBe('pdf');
    const bmp = Buffer.alloc(60);
    bmp.write('BM', 0, 'latin1');
    bmp.writeUInt32LE(40, 14);
    expect(detectImageKind(bmp)).toBe('bmp');
    const heic = Buffer.alloc(24);
    heic.write('ftypheic', 4, 'latin1');
    expect(detectImageKind(heic)).toBe('heic');
    heic.write('avif', 8, 'latin1');
    expect(detectImageKind(heic)).toBe('avif');
    expect(
      detectImageKind(Buffer.from('\uFEFF<?xml version="1.0"?>\n<!-- x -->\n<svg width="1">')),
    ).toBe('svg');
  });

  it('names nothing it does not recognize', () => {
    expect(detectImageKind(Buffer.from('BMW é uma marca'))).toBeUndefined();
    expect(detectImageKind(Buffer.from('<html><body>oi</body></html>'))).toBeUndefined();
    expect(detectImageKind(Buffer.alloc(0))).toBeUndefined();
  });
});

describe('extensionMismatch', () => {
  it('says to rename to an accepted kind, or to convert another', () => {
    expect(extensionMismatch('jpeg', 'webp')).toBe(
      'o conteúdo é JPEG, mas a extensão diz WebP: renomeie para .jpg',
    );
    expect(extensionMismatch('heic', 'jpeg')).toBe(
      'o conteúdo é HEIC, mas a extensão diz JPEG: converta para PNG, JPEG ou WebP',
    );
  });
});
