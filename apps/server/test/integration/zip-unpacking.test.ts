import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { unpackCatalogZip } from '@/modules/content-import/zip-catalog';
import { type ZipEntry, zipOf } from '../helpers/zip';

describe('unpacking an uploaded catalogue', () => {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'gabarita-zip-teste-'));
  afterAll(() => fs.rmSync(work, { recursive: true, force: true }));
  let count = 0;

  async function unpack(entries: ZipEntry[]) {
    count += 1;
    const zipPath = path.join(work, `${count}.zip`);
    fs.writeFileSync(zipPath, zipOf(entries));
    const target = path.join(work, `${count}`);
    const outcome = await unpackCatalogZip(zipPath, target).then(
      (root) => ({ root: path.relative(target, root) }),
      (error: Error & { code?: string }) => ({ refused: error.code }),
    );
    return { ...outcome, written: fs.existsSync(target) };
  }

  const file = (name: string, content = '{}') => ({ name, content: Buffer.from(content) });
  const megabyte = Buffer.alloc(1024 * 1024);

  it('judges the whole archive from its listing before writing a byte', async () => {
    // Files of zeros, each at the size where its own ratio starts to count, in the wrong layout.
    const zeros = Array.from({ length: 12 }, (_, index) => ({
      name: `zeros/${index}.bin`,
      content: megabyte,
    }));
    expect(await unpack(zeros)).toEqual({ refused: 'content/zip-bomb', written: false });
    expect(await unpack([file('a/b/provas/x_prova.json')])).toEqual({
      refused: 'content/wrong-layout',
      written: false,
    });
    expect(await unpack([file('disciplinas.json'), file('provas'), file('provas/x.json')])).toEqual(
      { refused: 'content/conflicting-paths', written: false },
    );
    expect(
      await unpack([
        file('disciplinas.json'),
        { name: 'imagens', content: Buffer.from('/tmp'), mode: 0o120777 },
      ]),
    ).toEqual({ refused: 'content/unsafe-path', written: false });
  });

  it('unpacks a catalogue at the root or inside one folder, leaving out junk', async () => {
    expect(
      await unpack([file('disciplinas.json'), file('provas/x.json'), file('__MACOSX/._x')]),
    ).toEqual({ root: '', written: true });
    expect(
      await unpack([
        { name: 'catalogo/', content: Buffer.alloc(0) },
        file('catalogo/disciplinas.json'),
        file('catalogo/provas/x.json'),
        file('.DS_Store'),
      ]),
    ).toEqual({ root: 'catalogo', written: true });
    expect(fs.readdirSync(path.join(work, `${count}`))).toEqual(['catalogo']);
  });
});
