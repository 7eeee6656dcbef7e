import { describe, expect, it } from 'vitest';
import { isWellFormedXml, plainSvgGeometry, sanitizeSvg, svgGeometry } from './svg';

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

describe('isWellFormedXml', () => {
  it('accepts what the sanitizer writes and refuses an attribute it kept broken', () => {
    expect(isWellFormedXml(sanitizeSvg(svg('<text>a & b</text><g><rect/></svg></g>')).svg)).toBe(
      true,
    );
    // A missing quote: the sanitizer keeps `width="10 height="` and an attribute named `10"`.
    const broken = sanitizeSvg(svg('<rect width="10 height="10"/>')).svg;
    expect(isWellFormedXml(broken)).toBe(false);
    expect(isWellFormedXml('<svg><rect></svg>')).toBe(false);
  });
});

describe('plainSvgGeometry', () => {
  /** What the import finds: the sanitizer's problems, its copy's geometry, and whether it parses. */
  const longWay = (source: string) => {
    const sanitized = sanitizeSvg(source);
    return {
      problems: sanitized.problems,
      pictures: sanitized.pictures.length,
      wellFormed: isWellFormedXml(sanitized.svg),
      geometry: svgGeometry(sanitized.svg),
    };
  };

  it('finds what sanitizing finds in a plain SVG: nothing to report, the same size and text', () => {
    const plain = [
      svg(
        '<rect x="1" y="2" width="3" height="4" fill="#4a6fa5"/><text font-size="9">a > b</text>',
      ),
      `<?xml version="1.0" encoding="UTF-8"?>\n<!-- <svg width="1" height="1"> font-size="1" -->\n<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 100" width='400'><style>.a { font-size: 6px }</style><g class="a" style="fill:red"><use href="#b"/><text>x</text></g></svg>`,
      svg('<line x1="0" y1="0" x2="10" y2="10" stroke="#000"/>'),
    ];
    for (const source of plain) {
      const found = longWay(source);
      expect(found).toMatchObject({ problems: [], pictures: 0, wellFormed: true });
      expect(plainSvgGeometry(source)).toEqual(found.geometry);
    }
  });

  it('leaves to the long way what sanitizing reports, removes or writes otherwise', () => {
    const notPlain = [
      svg('<text>a &amp; b</text>'),
      svg('<text>a & b</text>'),
      svg('<rect width="10 height="10"/>'),
      svg('<script>1</script>'),
      svg('<metadata>x</metadata>'),
      svg('<g onclick="x"/>'),
      svg('<image href="data:image/png;base64,AAAA"/>'),
      svg('<use href="https://x.example/a.svg#b"/>'),
      svg('<rect fill="url(https://x.example/a)"/>'),
      svg('<rect src="font-size:1"/>'),
      svg(`<rect title='say "hi"'/>`),
      svg('<rect width=""/>'),
      svg('<style><![CDATA[.a{}]]></style>'),
      svg('<style>@import url(x.css);</style>'),
      `<!DOCTYPE svg><svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>`,
      `<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"><?pi <svg width="9"?></svg>`,
      `<svg xmlns="http://www.w3.org/2000/svg" xmlns:inkscape="x" width="1" height="1" inkscape:label="font-size:1"/>`,
      '<svg><rect></svg>',
    ];
    for (const source of notPlain) expect(plainSvgGeometry(source), source).toBeNull();
  });
});
