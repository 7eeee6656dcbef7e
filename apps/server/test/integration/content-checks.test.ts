import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { images, questions } from '@/db/schema';
import {
  ContentProblemsError,
  createContentImportService,
} from '@/modules/content-import/content-import.service';
import type { Problem } from '@/modules/content-import/problems';
import {
  type EditableCatalog,
  editedCatalog,
  FORMAT_2_EXAM,
  FORMAT_2_EXAMPLE,
} from '../helpers/content';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database';

const EXAM_FILE = `provas/${FORMAT_2_EXAM}`;

const png = (width: number, height: number, background = '#3366cc') =>
  sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();

/** A 24-bit BMP: sharp reads none, so it is written by hand. */
function bmp(width: number, height: number): Buffer {
  const row = Math.ceil((width * 3) / 4) * 4;
  const file = Buffer.alloc(54 + row * height, 0x80);
  file.write('BM', 0, 'latin1');
  file.writeUInt32LE(file.length, 2);
  file.writeUInt32LE(0, 6);
  file.writeUInt32LE(54, 10);
  file.writeUInt32LE(40, 14);
  file.writeInt32LE(width, 18);
  file.writeInt32LE(height, 22);
  file.writeUInt16LE(1, 26);
  file.writeUInt16LE(24, 28);
  file.writeUInt32LE(0, 30);
  file.writeUInt32LE(row * height, 34);
  file.fill(0, 38, 54);
  return file;
}

const svgWith = (body: string, size = 'width="240" height="160"') =>
  `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" ${size}>${body}</svg>`;

const dataUri = (type: string, content: Buffer) =>
  `data:${type};base64,${content.toString('base64')}`;

describe('content import checks', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.destroy());
  const service = () => createContentImportService(database.db);
  const v2 = (edit: (catalog: EditableCatalog) => void) => editedCatalog(edit, FORMAT_2_EXAMPLE);
  const question = (catalog: EditableCatalog, number: string) =>
    catalog.question(FORMAT_2_EXAM, number);
  /** Replaces an SVG of the example by a file of another extension. */
  const replaceImage = (
    catalog: EditableCatalog,
    assetId: string,
    name: string,
    content: Buffer,
  ) => {
    fs.rmSync(path.join(catalog.dir, 'imagens', `${assetId}.svg`));
    catalog.writeFile(`imagens/${name}`, content);
  };
  /** The problems of a folder that must be refused, by file (each file's in the order found). */
  async function problemsOf(dir: string): Promise<Problem[]> {
    const error = await service()
      .importContent(dir)
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ContentProblemsError);
    return (error as ContentProblemsError).problems.toSorted((a, b) =>
      a.file.localeCompare(b.file),
    );
  }
  const storedImage = async (assetId: string) => {
    const [row] = await database.db.select().from(images).where(eq(images.assetId, assetId));
    return row!;
  };
  const embedded = (svg: string) =>
    [...svg.matchAll(/<image\b[^>]*?href="data:(image\/[a-z]+);base64,([^"]+)"/g)].map(
      ([, type, base64]) => ({ type, bytes: Buffer.from(base64!, 'base64') }),
    );

  describe('SVGs with embedded pictures', () => {
    it('keeps an embedded PNG, re-encoded without its metadata', async () => {
      const picture = await sharp(await png(120, 80))
        .withExif({ IFD0: { Copyright: 'segredo-do-editor' } })
        .png()
        .toBuffer();
      expect(picture.includes('segredo-do-editor')).toBe(true);
      const dir = v2((e) =>
        e.writeFile(
          'imagens/ex2_grafico_chuva.svg',
          svgWith(
            `<image href="${dataUri('image/png', picture)}" x="0" y="0" width="240" height="160" preserveAspectRatio="xMidYMid meet" transform="translate(0 0)"/>`,
          ),
        ),
      );
      await service().importContent(dir);

      const svg = (await storedImage('ex2_grafico_chuva')).content.toString('utf8');
      expect(svg.match(/<image\b/g)).toHaveLength(1);
      expect(svg).toContain('preserveAspectRatio="xMidYMid meet"');
      const [stored] = embedded(svg);
      expect(stored!.type).toBe('image/png');
      expect(await sharp(stored!.bytes).metadata()).toMatchObject({
        format: 'png',
        width: 120,
        height: 80,
      });
      expect(stored!.bytes.includes('segredo-do-editor')).toBe(false);
    });

    it('keeps every picture of an SVG built from many, xlink:href or href', async () => {
      const pictures = await Promise.all(
        Array.from({ length: 11 }, async (_, index) =>
          index % 2 === 0
            ? dataUri('image/png', await png(20 + index, 10))
            : dataUri(
                'image/jpeg',
                await sharp(await png(20 + index, 10))
                  .jpeg()
                  .toBuffer(),
              ),
        ),
      );
      const body = pictures
        .map(
          (uri, index) =>
            `<image ${index % 3 === 0 ? 'xlink:href' : 'href'}="${uri}" x="${index * 20}" width="20" height="10"/>`,
        )
        .join('');
      const dir = v2((e) =>
        e.writeFile('imagens/ex2_grafico_chuva.svg', svgWith(body, 'width="240" height="20"')),
      );
      await service().importContent(dir);

      const stored = embedded((await storedImage('ex2_grafico_chuva')).content.toString('utf8'));
      expect(stored).toHaveLength(11);
      const widths = await Promise.all(
        stored.map(async ({ bytes }) => (await sharp(bytes).metadata()).width),
      );
      expect(widths).toEqual(Array.from({ length: 11 }, (_, index) => 20 + index));
      expect(stored.map(({ type }) => type)).toEqual(
        Array.from({ length: 11 }, (_, index) => (index % 2 === 0 ? 'image/png' : 'image/jpeg')),
      );
    });

    it('reports what it would remove, naming it and where, and imports nothing', async () => {
      const picture = dataUri('image/png', await png(20, 20));
      const dir = v2((e) => {
        e.writeFile(
          'imagens/ex2_grafico_chuva.svg',
          svgWith('<rect width="10" height="10"/><script>alert(1)</script>'),
        );
        e.writeFile(
          'imagens/ex2_lampada.svg',
          svgWith(
            `<image href="${picture}" width="20" height="20"/><image href="https://x.example/scan.png" width="20" height="20"/><image xlink:href="${dataUri('image/svg+xml', Buffer.from('<svg/>'))}"/>`,
          ),
        );
        e.writeFile(
          'imagens/ex2_resistor.svg',
          svgWith(
            '<text x="1" y="10" onclick="alert(1)">a</text><text x="1" y="20" onclick="alert(2)">b</text>' +
              '<foreignObject><div onclick="x">html</div></foreignObject>' +
              '<rect width="10" height="10" style="fill:url(https://x.example/a.png)"/>' +
              '<use href="https://x.example/s.svg#a"/><a href="https://x.example"><text>link</text></a>',
          ),
        );
      });
      const before = await database.db.select().from(images);
      const problems = await problemsOf(dir);
      const at = (file: string, message: string): Problem => ({
        file: `imagens/${file}`,
        path: '$',
        message,
      });
      expect(problems).toEqual([
        at('ex2_grafico_chuva.svg', 'o SVG contém <script>, que não é permitido'),
        at(
          'ex2_lampada.svg',
          'a <image> nº 2 do SVG aponta para um endereço externo (https://x.example/scan.png): incorpore a imagem como data:image/png;base64',
        ),
        at(
          'ex2_lampada.svg',
          'a <image> nº 3 do SVG contém data:image/svg+xml, que não é aceito: incorpore PNG, JPEG, WebP ou GIF',
        ),
        at(
          'ex2_resistor.svg',
          'o SVG contém o atributo onclick em <text>, que não é permitido (2 vezes)',
        ),
        at('ex2_resistor.svg', 'o SVG contém <foreignObject>, que não é permitido'),
        at(
          'ex2_resistor.svg',
          'o atributo style de <rect> carrega um recurso externo (fill:url(https://x.example/a.png))',
        ),
        at(
          'ex2_resistor.svg',
          'o <use> do SVG aponta para fora do arquivo (https://x.example/s.svg#a): só são aceitas referências internas, como href="#id"',
        ),
        at('ex2_resistor.svg', 'o SVG contém <a>, que não é permitido'),
      ]);
      expect(await database.db.select().from(images)).toEqual(before);
    });

    it('checks embedded pictures as rasters: real format, size, readable data', async () => {
      const gif = await sharp(await png(20, 20))
        .gif()
        .toBuffer();
      // Stored without compression: 1400 × 1400 × 3 bytes, over 5 MB.
      const large = await sharp({
        create: { width: 1400, height: 1400, channels: 3, background: '#888' },
      })
        .png({ compressionLevel: 0 })
        .toBuffer();
      expect(large.length).toBeGreaterThan(5 * 1024 * 1024);
      const broken = Buffer.concat([(await png(20, 20)).subarray(0, 30), Buffer.alloc(40)]);
      const dir = v2((e) => {
        e.writeFile(
          'imagens/ex2_lampada.svg',
          svgWith(
            `<image href="${dataUri('image/png', gif)}"/><image href="${dataUri('image/png', bmp(10, 10))}"/><image href="${dataUri('image/png', broken)}"/>`,
          ),
        );
        e.writeFile(
          'imagens/ex2_resistor.svg',
          svgWith(`<image href="${dataUri('image/png', large)}"/>`),
        );
      });
      expect(await problemsOf(dir)).toEqual([
        {
          file: 'imagens/ex2_lampada.svg',
          path: '$',
          message:
            'a <image> nº 1 do SVG declara image/png, mas o conteúdo é GIF: escreva data:image/gif;base64',
        },
        {
          file: 'imagens/ex2_lampada.svg',
          path: '$',
          message:
            'a <image> nº 2 do SVG declara image/png, mas o conteúdo é BMP: converta para PNG, JPEG ou WebP',
        },
        {
          file: 'imagens/ex2_lampada.svg',
          path: '$',
          message: 'a <image> nº 3 do SVG não pôde ser lida: dados corrompidos ou não é PNG',
        },
        {
          file: 'imagens/ex2_resistor.svg',
          path: '$',
          message: expect.stringMatching(
            /^a <image> nº 1 do SVG tem 5,\d MB; o máximo por imagem incorporada é 5 MB$/,
          ) as string,
        },
      ]);
    });
  });

  describe('rasters', () => {
    it('may shrink to 60% of their pixel width, never wider than the page copy', async () => {
      const wide = (width: number) =>
        sharp({ create: { width, height: 200, channels: 3, background: '#cc6633' } })
          .jpeg()
          .toBuffer();
      const small = await png(480, 320);
      const medium = await wide(1014);
      const large = await wide(2000);
      const dir = v2((e) => {
        e.writeFile('imagens/ex2_bequer.png', small);
        replaceImage(e, 'ex2_reta_a', 'ex2_reta_a.jpg', medium);
        replaceImage(e, 'ex2_reta_b', 'ex2_reta_b.jpg', large);
      });
      await service().importContent(dir);

      expect(await storedImage('ex2_bequer')).toMatchObject({ width: 480, minWidth: 288 });
      // 60% of 1014 is 609, under the 720 px an A4 page needs.
      expect(await storedImage('ex2_reta_a')).toMatchObject({ width: 1014, minWidth: 609 });
      // 60% of 2000 is 1200: a scan that wide is a page or more, readable from 720 px.
      expect(await storedImage('ex2_reta_b')).toMatchObject({ width: 1600, minWidth: 720 });
    });
  });

  describe('figure size attributes', () => {
    it('keeps valid largura_minima and altura', async () => {
      const dir = v2((e) => {
        question(e, '1').questao = question(e, '1').questao.replace(
          '<figura imagem="ex2_grafico_chuva"',
          '<figura largura_minima="0" imagem="ex2_grafico_chuva"',
        );
        question(e, '4').questao = question(e, '4').questao.replace(
          'tipo="linha"',
          'tipo="linha" altura="1.2" largura_minima="32"',
        );
      });
      await service().importContent(dir);
      const statement = async (number: number) => {
        const [row] = await database.db
          .select()
          .from(questions)
          .where(eq(questions.id, `exemplo_2024_formato2_prova_${number}`));
        return row!.statementHtml;
      };
      expect(await statement(1)).toContain('largura_minima="0"');
      expect(await statement(4)).toMatch(/altura="1\.2"/);
      expect(await statement(4)).toMatch(/largura_minima="32"/);
    });

    it('reports invalid values with what was received and the allowed range', async () => {
      const dir = v2((e) => {
        question(e, '1').questao = question(e, '1').questao.replace(
          '<figura imagem="ex2_grafico_chuva"',
          '<figura largura_minima="5000" altura="2" imagem="ex2_grafico_chuva"',
        );
        question(e, '4').questao = question(e, '4').questao.replace(
          'tipo="linha"',
          'tipo="linha" altura="1,2" largura_minima="32px"',
        );
      });
      const path = (number: string) => `$.questoes.${number}.questao`;
      expect(await problemsOf(dir)).toEqual([
        {
          file: EXAM_FILE,
          path: path('1'),
          message:
            'a figura "ex2_grafico_chuva" tem largura_minima="5000": use um número inteiro de pixels de 0 a 4000 (0 deixa a figura encolher livremente)',
        },
        {
          file: EXAM_FILE,
          path: path('1'),
          message:
            'a figura "ex2_grafico_chuva" tem altura, que só vale para figuras com tipo="linha"',
        },
        {
          file: EXAM_FILE,
          path: path('4'),
          message:
            'a figura "ex2_lampada" tem largura_minima="32px": use um número inteiro de pixels de 0 a 4000 (0 deixa a figura encolher livremente)',
        },
        {
          file: EXAM_FILE,
          path: path('4'),
          message:
            'a figura "ex2_lampada" tem altura="1,2": use um número de 0.5 a 3, com ponto, como "1.2" (a altura em relação à letra do texto)',
        },
      ]);
    });
  });

  describe('control characters', () => {
    it('names C0 and C1 controls with an excerpt, in statements and alternatives', async () => {
      const dir = v2((e) => {
        question(e, '1').questao =
          '<p>Considere o enunciado da prova de \u0082matemática aplicada ao cálculo de juros.</p>';
        question(e, '2').questao = '<p>Um\u0007 sino.</p>';
        question(e, '2').Alternativas = ['A) 75', 'B) sete\u0085 e meio', 'C) 750', 'D) 0'];
        question(e, '7').Alternativas = [
          'A) −1',
          'B) zero\u001B, pois 2 · 1/2 − 1 = 1 − 1, que dá exatamente zero',
          'C) 1',
          'D) 2',
        ];
      });
      const problems = await problemsOf(dir);
      expect(problems).toEqual([
        {
          file: EXAM_FILE,
          path: '$.questoes.1.questao',
          message:
            'contém o caractere de controle U+0082 em "…unciado da prova de ⟨U+0082⟩matemática aplicada …"',
        },
        {
          file: EXAM_FILE,
          path: '$.questoes.2.questao',
          message: 'contém o caractere de controle U+0007 em "<p>Um⟨U+0007⟩ sino.</p>"',
        },
        {
          file: EXAM_FILE,
          path: '$.questoes.2.Alternativas[1]',
          message: 'a alternativa B contém o caractere de controle U+0085 em "sete⟨U+0085⟩ e meio"',
        },
        {
          file: EXAM_FILE,
          path: '$.questoes.7.Alternativas[1]',
          message:
            'a alternativa B contém o caractere de controle U+001B em "zero⟨U+001B⟩, pois 2 · 1/2 − 1 =…"',
        },
      ]);
    });
  });

  describe('files whose extension lies', () => {
    it('names the real type in one line, and still says corrupt when it is', async () => {
      const gif = await sharp(await png(30, 20))
        .gif()
        .toBuffer();
      const jpeg = await sharp(await png(30, 20))
        .jpeg()
        .toBuffer();
      const corrupt = Buffer.concat([(await png(30, 20)).subarray(0, 40), Buffer.alloc(60, 7)]);
      const dir = v2((e) => {
        replaceImage(e, 'ex2_reta_a', 'ex2_reta_a.png', bmp(30, 20));
        replaceImage(e, 'ex2_reta_b', 'ex2_reta_b.png', gif);
        replaceImage(e, 'ex2_reta_c', 'ex2_reta_c.webp', jpeg);
        replaceImage(e, 'ex2_reta_d', 'ex2_reta_d.png', corrupt);
        e.writeFile('imagens/ex2_bequer.png', Buffer.from(svgWith('<rect width="9"/>')));
      });
      const image = (name: string, message: string): Problem => ({
        file: `imagens/${name}`,
        path: '$',
        message,
      });
      expect(await problemsOf(dir)).toEqual([
        image('ex2_bequer.png', 'o conteúdo é SVG, mas a extensão diz PNG: renomeie para .svg'),
        image(
          'ex2_reta_a.png',
          'o conteúdo é BMP, mas a extensão diz PNG: converta para PNG, JPEG ou WebP',
        ),
        image('ex2_reta_b.png', 'o conteúdo é GIF, mas a extensão diz PNG: renomeie para .gif'),
        image('ex2_reta_c.webp', 'o conteúdo é JPEG, mas a extensão diz WebP: renomeie para .jpg'),
        image('ex2_reta_d.png', 'não foi possível ler a imagem: arquivo corrompido ou não é PNG'),
      ]);
    });
  });
});
