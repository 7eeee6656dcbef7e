import type { Figure } from '@gabarita/shared';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { INLINE_HEIGHT_VAR } from './figure-image';
import { RichHtml } from './rich-html';

function renderHtml(html: string): HTMLElement {
  const { container } = render(<RichHtml html={html} />);
  return container.firstElementChild as HTMLElement;
}

describe('RichHtml', () => {
  it('keeps the allow-listed formatting', () => {
    const root = renderHtml(
      '<p>Um <strong>forte</strong>, um <em>ênfase</em> e H<sub>2</sub>O.</p><ul><li>item</li></ul>',
    );
    expect(root.querySelector('p strong')).toHaveTextContent('forte');
    expect(root.querySelector('p em')).toHaveTextContent('ênfase');
    expect(root.querySelector('sub')).toHaveTextContent('2');
    expect(root.querySelector('ul li')).toHaveTextContent('item');
  });

  it('drops code, styles and embedded documents with everything in them', () => {
    const root = renderHtml(
      '<style>p { color: red }</style><p>Antes<script>alert("x")</script> depois.</p>' +
        '<template><p>modelo</p></template><noscript>sem script</noscript>' +
        '<iframe src="https://exemplo.com">quadro</iframe><textarea>campo</textarea>' +
        '<svg><text>desenho</text><script>alert(1)</script></svg>' +
        '<math><semantics><mi>x</mi><annotation encoding="TeX">\\alpha</annotation></semantics></math>',
    );
    expect(root.textContent).toBe('Antes depois.x');
    for (const tag of ['style', 'script', 'template', 'noscript', 'iframe', 'textarea', 'svg'])
      expect(root.querySelector(tag)).toBeNull();
  });

  it('keeps the text of other elements, but not the elements, their attributes or comments', () => {
    const root = renderHtml(
      '<p>Veja <a href="javascript:alert(1)" onclick="x()">o link</a><!-- nota --> e ' +
        '<img src="x" onerror="alert(1)" alt="imagem"><font color="red">a cor</font>.</p>' +
        '<p class="x" style="color:red" onmouseover="x()">fim</p>',
    );
    expect(root.textContent).toBe('Veja o link e a cor.fim');
    expect(root.querySelector('a, img, font')).toBeNull();
    const paragraphs = root.querySelectorAll('p');
    expect(paragraphs).toHaveLength(2);
    for (const paragraph of paragraphs) expect(paragraph.attributes).toHaveLength(0);
  });

  it('keeps a cell attribute only with an allowed value', () => {
    const root = renderHtml(
      '<table><tbody><tr><td colspan="2" rowspan="x">a</td><td rowspan="3" id="c">b</td></tr></tbody></table>',
    );
    const [first, second] = root.querySelectorAll('td');
    expect(first).toHaveAttribute('colspan', '2');
    expect(first).not.toHaveAttribute('rowspan');
    expect(second).toHaveAttribute('rowspan', '3');
    expect(second).not.toHaveAttribute('id');
  });

  describe('figure markers', () => {
    const figures: Figure[] = [
      {
        assetId: 'tabela',
        url: '/api/images/tabela?v=1',
        zoomUrl: null,
        width: 1014,
        height: 70,
        minWidth: 608,
      },
      {
        assetId: 'simbolo',
        url: '/api/images/simbolo?v=1',
        zoomUrl: null,
        width: 17,
        height: 33,
        minWidth: null,
      },
    ];
    const button = (name: string) =>
      screen.getByRole('button', { name: `Ampliar figura: ${name}` });

    it('draws a figure no narrower than largura_minima, 0 letting it shrink', () => {
      render(
        <RichHtml
          figures={figures}
          html={
            '<figura imagem="tabela" alt="padrão"></figura>' +
            '<figura imagem="tabela" alt="larga" largura_minima="800"></figura>' +
            '<figura imagem="tabela" alt="livre" largura_minima="0"></figura>' +
            '<figura imagem="tabela" alt="inválida" largura_minima="800px"></figura>'
          }
        />,
      );
      expect(button('padrão').style.minWidth).toBe('608px');
      expect(button('larga').style.minWidth).toBe('800px');
      expect(button('livre').style.minWidth).toBe('');
      expect(button('inválida').style.minWidth).toBe('608px');
    });

    it('gives an inline figure the height altura declares, in em', () => {
      render(
        <RichHtml
          figures={figures}
          html={
            '<p>A <figura imagem="simbolo" alt="alta" tipo="linha" altura="2.5"></figura>, ' +
            'a <figura imagem="simbolo" alt="comum" tipo="linha"></figura> e ' +
            'a <figura imagem="simbolo" alt="inválida" tipo="linha" altura="9"></figura>.</p>'
          }
        />,
      );
      const height = (name: string) => button(name).style.getPropertyValue(INLINE_HEIGHT_VAR);
      expect(height('alta')).toBe('2.5em');
      expect(height('comum')).toBe('clamp(0.7em, 33px, 2.5em)');
      expect(height('inválida')).toBe('clamp(0.7em, 33px, 2.5em)');
    });
  });
});
