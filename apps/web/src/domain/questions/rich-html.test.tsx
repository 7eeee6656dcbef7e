import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
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
});
