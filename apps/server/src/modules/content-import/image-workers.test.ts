import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import type { ImageFile } from './content-files';
import { createImageWorkerPool } from './image-workers';
import { checkImages, type PreparedImage } from './images';
import { ProblemList } from './problems';

const FAULTY_WORKER = new URL('../../../test/fixtures/faulty-image-worker.ts', import.meta.url);

/** Pixels that do not compress to nothing, as in a scan. */
async function noisy(width: number, height: number) {
  const pixels = Buffer.alloc(width * height * 3);
  let state = 7;
  for (let index = 0; index < pixels.length; index++) {
    state = (state * 1664525 + 1013904223) >>> 0;
    pixels[index] = 200 + (state >>> 27);
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } });
}

/** A page of text as a scanner gives it: lines of dark words on white. */
function scan(width: number, height: number) {
  const pixels = Buffer.alloc(width * height, 255);
  for (let row = 0; row < height; row++) {
    if (row % 24 >= 8) continue;
    for (let column = 0; column < width; column++)
      if (column % 40 < 28) pixels[row * width + column] = 30;
  }
  return sharp(pixels, { raw: { width, height, channels: 1 } });
}

const image = (name: string, contentType: string, content: Buffer): ImageFile => ({
  file: `imagens/${name}`,
  assetId: name.replace(/\.[a-z]+$/, ''),
  contentType,
  content,
});

async function files(): Promise<ImageFile[]> {
  return [
    image('tabela.png', 'image/png', await (await noisy(480, 320)).png().toBuffer()),
    // Wider than the page: re-encoded to 1,600 px, the original kept for zoom.
    image('mapa.jpg', 'image/jpeg', await (await noisy(2400, 1500)).jpeg().toBuffer()),
    image(
      'grafico.svg',
      'image/svg+xml',
      Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="200">' +
          '<rect width="300" height="200" fill="#eee"/><text x="10" y="20" font-size="10">Chuva</text></svg>',
      ),
    ),
    image('quebrada.png', 'image/png', Buffer.from('isto não é um PNG, nem parece um')),
    // A scan wider than the page, in PNG: re-encoded to 1,600 px too, by the PNG encoder.
    image('digitalizacao.png', 'image/png', await scan(1800, 1200).png().toBuffer()),
  ];
}

/** What the import stores of an image, bytes compared as bytes. */
const stored = (prepared: PreparedImage[]) =>
  prepared.map((item) => ({
    ...item,
    content: Buffer.isBuffer(item.content) ? item.content.toString('base64') : 'not a Buffer',
    zoomContent:
      item.zoomContent === null
        ? null
        : Buffer.isBuffer(item.zoomContent)
          ? item.zoomContent.toString('base64')
          : 'not a Buffer',
  }));

let close: (() => void) | undefined;
afterEach(() => close?.());

describe('image checks in worker threads', () => {
  it('prepare the same images and report the same problems as in this thread', async () => {
    const list = await files();
    const here = new ProblemList();
    const expected = await checkImages(list, here, { prepare: true });
    const pool = createImageWorkerPool({ size: 2 });
    close = pool.close;
    const there = new ProblemList();
    const actual = await pool.checkImages(list, there, { prepare: true });

    expect(stored(actual)).toEqual(stored(expected));
    expect(actual.map((item) => item.assetId)).toEqual([
      'tabela',
      'mapa',
      'grafico',
      'digitalizacao',
    ]);
    const mapa = actual.find((item) => item.assetId === 'mapa')!;
    expect(mapa).toMatchObject({ width: 1600, zoomContentType: 'image/jpeg' });
    expect(Buffer.compare(mapa.zoomContent!, list[1]!.content)).toBe(0);
    const scanned = actual.find((item) => item.assetId === 'digitalizacao')!;
    expect(scanned).toMatchObject({
      contentType: 'image/png',
      width: 1600,
      height: 1067,
      kind: 'text',
      // Text keeps 60% of its width, at most 720 px.
      minWidth: 720,
      zoomContentType: 'image/png',
    });
    expect(Buffer.compare(scanned.zoomContent!, list[4]!.content)).toBe(0);
    expect((await sharp(scanned.content).metadata()).format).toBe('png');
    expect(there.items).toEqual(here.items);
    expect(there.items).toEqual([
      {
        file: 'imagens/quebrada.png',
        path: '$',
        message: expect.stringContaining('não foi possível ler a imagem'),
      },
    ]);
  });

  it('make a thread that dies or hangs on a file that file’s problem, and go on', async () => {
    const list = await files();
    const pool = createImageWorkerPool({ size: 1, workerUrl: FAULTY_WORKER, timeoutMs: 5_000 });
    close = pool.close;
    const problems = new ProblemList();
    const prepared = await pool.checkImages(
      [
        image('bomba.png', 'image/png', list[0]!.content),
        list[0]!,
        image('trava.png', 'image/png', list[0]!.content),
        list[2]!,
      ],
      problems,
      { prepare: true },
    );

    expect(problems.items).toEqual([
      {
        file: 'imagens/bomba.png',
        path: '$',
        message:
          'não foi possível verificar a imagem (o verificador parou inesperadamente (código 3))',
      },
      {
        file: 'imagens/trava.png',
        path: '$',
        message: 'não foi possível verificar a imagem (passou de 5 s)',
      },
    ]);
    expect(prepared.map((item) => item.assetId)).toEqual(['tabela', 'grafico']);
  }, 60_000);

  it('check in this thread when no thread can start', async () => {
    const list = await files();
    const pool = createImageWorkerPool({
      workerUrl: new URL('./nao-existe.js', FAULTY_WORKER),
    });
    close = pool.close;
    const problems = new ProblemList();
    const prepared = await pool.checkImages(list.slice(0, 3), problems, { prepare: true });

    expect(problems.items).toEqual([]);
    expect(prepared.map((item) => [item.assetId, item.width])).toEqual([
      ['tabela', 480],
      ['mapa', 1600],
      ['grafico', 300],
    ]);
  });

  it('check files the thread reads itself, with the same problems, and their size and time', async () => {
    const list = await files();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'imagens-'));
    try {
      const onDisk = list.map((file) => {
        const where = path.join(dir, path.basename(file.file));
        fs.writeFileSync(where, file.content);
        return {
          file: file.file,
          assetId: file.assetId,
          contentType: file.contentType,
          path: where,
        };
      });
      onDisk.push({ ...onDisk[0]!, assetId: 'sumida', path: path.join(dir, 'sumida.png') });
      const pool = createImageWorkerPool({ size: 1 });
      close = pool.close;
      const results = await Promise.all(onDisk.map((file) => pool.checkOnDisk(file, false)));
      const here = new ProblemList();
      await checkImages(list, here, { prepare: false });

      expect(results.slice(0, 5).flatMap((result) => result.problems)).toEqual(here.items);
      expect(results.map((result) => result.image?.width ?? null)).toEqual([
        480,
        2400,
        300,
        null,
        1800,
        null,
      ]);
      expect(results[1]!.read).toEqual({
        size: list[1]!.content.length,
        modifiedMs: fs.statSync(onDisk[1]!.path).mtimeMs,
      });
      expect(results[5]!.problems).toEqual([
        { file: 'imagens/tabela.png', path: '$', message: 'arquivo ilegível' },
      ]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
