import { describe, expect, it } from 'vitest';
import { seededRandom } from '@/lib/seeded-random';
import { isAlreadyClean, parsedAndSanitized, sanitizeStatementHtml } from './sanitize';
import { parsedPlainText, plainText } from '@/lib/plain-text';

// Pieces of markup, clean and not, put together at random: the shortcuts must agree with
// sanitize-html wherever they are taken.
const PIECES = [
  'Questão ',
  'média ',
  'ação',
  ' ',
  '\n',
  '\t',
  '\r\n',
  '"aspas"',
  "d'água",
  '>',
  '<',
  '&',
  '&amp;',
  '&nbsp;',
  '&#39;',
  '\u0000',
  '<p>',
  '</p>',
  '<strong>',
  '</strong>',
  '<b>',
  '</b>',
  '<em>',
  '</em>',
  '<i>',
  '</i>',
  '<u>',
  '</u>',
  '<sub>',
  '</sub>',
  '<sup>',
  '</sup>',
  '<br />',
  '<br>',
  '<br/>',
  '</br>',
  '<ul>',
  '</ul>',
  '<li>',
  '</li>',
  '<table>',
  '<td colspan="2">',
  '</td>',
  '<P>',
  '<strong class="x">',
  '<script>',
  '</script>',
  '<figura imagem="fig1" alt="Mapa"></figura>',
  '<img src="x.png">',
  '<!-- nota -->',
  '<span>',
  '</span>',
  '<blockquote>',
  '</blockquote>',
];

function markup(next: () => number) {
  const length = 1 + Math.floor(next() * 12);
  let html = '';
  for (let i = 0; i < length; i += 1) html += PIECES[Math.floor(next() * PIECES.length)];
  return html;
}

/** Markup the shortcut takes: paragraphs of text with nested inline tags. */
function cleanMarkup(next: () => number) {
  const words = ['Questão', 'média', 'ação', '"aspas"', "d'água", 'x²', '—'];
  const inline = ['strong', 'b', 'em', 'i', 'u', 'sub', 'sup'];
  const text = (depth: number): string => {
    let out = '';
    const parts = 1 + Math.floor(next() * 4);
    for (let i = 0; i < parts; i += 1) {
      const roll = next();
      if (roll < 0.2 && depth < 3) {
        const tag = inline[Math.floor(next() * inline.length)]!;
        out += `<${tag}>${text(depth + 1)}</${tag}>`;
      } else if (roll < 0.3) out += '<br />';
      else out += `${words[Math.floor(next() * words.length)]}${next() < 0.5 ? ' ' : '\n'}`;
    }
    return out;
  };
  const paragraphs = Math.floor(next() * 3);
  if (paragraphs === 0) return ` ${text(0)} `;
  return Array.from({ length: paragraphs }, () => `<p>${text(0)}</p>`).join('\n');
}

describe('sanitizeStatementHtml', () => {
  it('gives what sanitize-html gives, in both formats, for markup taken by the shortcut', () => {
    const next = seededRandom(7);
    let taken = 0;
    for (let i = 0; i < 4000; i += 1) {
      const html = i % 2 === 0 ? markup(next) : cleanMarkup(next);
      if (!isAlreadyClean(html)) continue;
      taken += 1;
      for (const version of [1, 2] as const)
        expect(sanitizeStatementHtml(html, version), html).toEqual(
          parsedAndSanitized(html, version),
        );
    }
    expect(taken).toBeGreaterThan(2000);
  });

  it('leaves any other markup to sanitize-html', () => {
    for (const html of [
      '<p>a<p>b</p>',
      '<p><strong>a</p></strong>',
      '<strong>a',
      'a</em>',
      '<p>x &amp; y</p>',
      'a > b',
      '<br>',
      '<P>a</P>',
      '<span>a</span>',
      '<p><p>a</p></p>',
      '<strong><p>a</p></strong>',
      '<figura imagem="mapa" alt="Mapa"></figura>',
    ])
      expect(isAlreadyClean(html), html).toBe(false);
    expect(sanitizeStatementHtml('<p>a<p>b</p>').html).toBe('<p>a</p><p>b</p>');
  });

  it('still finds figure markers and images', () => {
    const sanitized = sanitizeStatementHtml(
      '<p>Veja</p><figura imagem="mapa" alt="Mapa"></figura><img src="x">',
      2,
    );
    expect(sanitized.figures.map((figure) => figure.assetId)).toEqual(['mapa']);
    expect(sanitized.images).toBe(1);
  });
});

describe('plainText', () => {
  it('gives what sanitize-html gives for any text', () => {
    const next = seededRandom(11);
    for (let i = 0; i < 4000; i += 1) {
      const html = markup(next);
      expect(plainText(html), html).toBe(parsedPlainText(html));
    }
    expect(plainText('  média > moda ')).toBe('média > moda');
  });
});
