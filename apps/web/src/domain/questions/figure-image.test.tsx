import type { Figure } from '@gabarita/shared';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FigureImage, figureSizeStyle, INLINE_HEIGHT_VAR, inlineFigureStyle } from './figure-image';

function figure(overrides: Partial<Figure> = {}): Figure {
  return {
    assetId: 'tabela',
    url: '/api/images/tabela?v=1',
    zoomUrl: null,
    width: 1014,
    height: 70,
    // A raster's readable width: about 60% of its pixels.
    minWidth: 608,
    ...overrides,
  };
}

const heightOf = (style: object) => (style as Record<string, string>)[INLINE_HEIGHT_VAR];

describe('figureSizeStyle', () => {
  it('draws a raster no narrower than its readable width, or than largura_minima; 0 may shrink', () => {
    expect(figureSizeStyle(figure())).toEqual({ width: '100%', minWidth: 608, maxWidth: 1014 });
    expect(figureSizeStyle(figure(), 320)).toMatchObject({ minWidth: 320, maxWidth: 1014 });
    expect(figureSizeStyle(figure(), 1200)).toMatchObject({ minWidth: 1200, maxWidth: 1200 });
    expect(figureSizeStyle(figure(), 0).minWidth).toBeUndefined();
  });
});

describe('inlineFigureStyle', () => {
  it("sizes a symbol to the line: its own height, between a capital's and 1.5em", () => {
    const style = inlineFigureStyle(figure({ width: 17, height: 33 }));
    expect(heightOf(style)).toBe('clamp(0.7em, 33px, 1.5em)');
    expect(style.height).toBe(`var(${INLINE_HEIGHT_VAR})`);
    // As wide as its proportions make it at that height, never its pixel width.
    expect(style.width).toBe(`calc(var(${INLINE_HEIGHT_VAR}) * 0.5152)`);
    // Centred on the capitals: as tall as a capital, it would sit on the baseline.
    expect(style.verticalAlign).toBe(`calc(0.35em - var(${INLINE_HEIGHT_VAR}) / 2)`);
  });

  it("takes the marker's altura exactly", () => {
    expect(heightOf(inlineFigureStyle(figure({ width: 17, height: 33 }), 2.5))).toBe('2.5em');
  });

  it('gives an image of unknown size the height of the text', () => {
    expect(heightOf(inlineFigureStyle(figure({ width: null, height: null })))).toBe('1em');
  });
});

describe('FigureImage', () => {
  it('draws an inline figure at the height of the line, its button adding nothing around it', () => {
    render(
      <p>
        A nota{' '}
        <FigureImage figure={figure({ width: 17, height: 33 })} description="semínima" inline />{' '}
        vale um tempo.
      </p>,
    );
    const button = screen.getByRole('button', { name: 'Ampliar figura: semínima' });
    expect(button.style.getPropertyValue(INLINE_HEIGHT_VAR)).toBe('clamp(0.7em, 33px, 1.5em)');
    expect(button.className).not.toMatch(/(^|\s)p-/);
    expect(screen.getByRole('img', { name: 'semínima' })).toHaveClass('h-full', 'w-auto');
  });

  it('gives a raster on its own line its readable width, or the one its marker sets', () => {
    const { rerender } = render(<FigureImage figure={figure()} description="Tabela" />);
    const button = () => screen.getByRole('button', { name: 'Ampliar figura: Tabela' });
    expect(button().style.minWidth).toBe('608px');
    rerender(<FigureImage figure={figure()} description="Tabela" minWidth={0} />);
    expect(button().style.minWidth).toBe('');
  });
});
