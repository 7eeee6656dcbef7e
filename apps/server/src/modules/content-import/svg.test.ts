import { describe, expect, it } from 'vitest';
import { sanitizeSvg } from './svg';

const svg = (body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="10" height="10">${body}</svg>`;

describe('sanitizeSvg', () => {
  it('takes embedded pictures out, leaving a placeholder and their other attributes', () => {
    const {
      svg: clean,
      problems,
      pictures,
    } = sanitizeSvg(
      svg(
        '<image xlink:href="data:image/JPEG;base64,/9j/AAAA" x="1" y="2" width="3" height="4" preserveAspectRatio="none" transform="rotate(90)"/>',
      ),
    );
    expect(problems).toEqual([]);
    expect(pictures).toEqual([
      {
        number: 1,
        contentType: 'image/jpeg',
        base64: '/9j/AAAA',
        placeholder: expect.stringMatching(/^#embedded-/) as string,
      },
    ]);
    expect(clean).toContain(
      `<image xlink:href="${pictures[0]!.placeholder}" x="1" y="2" width="3" height="4" preserveAspectRatio="none" transform="rotate(90)"></image>`,
    );
  });

  it("removes editors' bookkeeping without a report", () => {
    const { svg: clean, problems } = sanitizeSvg(
      `<?xml version="1.0"?><!-- Inkscape --><svg xmlns="http://www.w3.org/2000/svg" xmlns:inkscape="x" xmlns:sodipodi="y" width="10" height="10" inkscape:version="1"><sodipodi:namedview><inkscape:grid/></sodipodi:namedview><metadata><title>rdf</title>Camada</metadata><rect sodipodi:type="x" width="1"/></svg>`,
    );
    expect(problems).toEqual([]);
    expect(clean).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="1"></rect></svg>',
    );
  });

  it('reports each removal once, and nothing inside what is removed whole', () => {
    const { problems } = sanitizeSvg(
      svg(
        '<script>1</script><script>2</script><foreignObject><div onclick="x"><script/></div></foreignObject><g onmouseover="x"/><image href="/a.png"/><use xmlns:l="http://www.w3.org/1999/xlink" l:href="https://x.example/a.svg#b"/>',
      ),
    );
    expect(problems).toEqual([
      'o SVG contém <script>, que não é permitido (2 vezes)',
      'o SVG contém <foreignObject>, que não é permitido',
      'o SVG contém o atributo onmouseover em <g>, que não é permitido',
      'a <image> nº 1 do SVG aponta para um endereço externo (/a.png): incorpore a imagem como data:image/png;base64',
      'o <use> do SVG aponta para fora do arquivo (https://x.example/a.svg#b): só são aceitas referências internas, como href="#id"',
    ]);
  });
});
