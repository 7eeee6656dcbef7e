import type { Figure } from '@gabarita/shared';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  FigureImage,
  figureSizeStyle,
  INLINE_HEIGHT_VAR,
  inlineFigureBreaksOut,
  inlineFigureStyle,
} from './figure-image';

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
  it("sizes a symbol to the line: its own height, between a capital's and 2.5em", () => {
    const style = inlineFigureStyle(figure({ width: 17, height: 33 }));
    expect(heightOf(style)).toBe('clamp(0.7em, 33px, 2.5em)');
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

describe('inlineFigureBreaksOut', () => {
  it('keeps a figure up to 2.5em of the text in the line, and takes a taller one out of it', () => {
    // 16 px text: the line holds up to 40 px.
    expect(inlineFigureBreaksOut(figure({ width: 184, height: 40 }), 16)).toBe(false);
    expect(inlineFigureBreaksOut(figure({ width: 170, height: 58 }), 16)).toBe(true);
    // The 130×94 formula leaves the line at any body text size; larger text holds taller figures.
    expect(inlineFigureBreaksOut(figure({ width: 130, height: 94 }), 18)).toBe(true);
    expect(inlineFigureBreaksOut(figure({ width: 170, height: 58 }), 24)).toBe(false);
  });

  it("keeps the figure in the line when the marker's altura sets its height or its size is unknown", () => {
    expect(inlineFigureBreaksOut(figure({ width: 130, height: 94 }), 16, 1.2)).toBe(false);
    expect(inlineFigureBreaksOut(figure({ width: null, height: null }), 16)).toBe(false);
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
    expect(button.style.getPropertyValue(INLINE_HEIGHT_VAR)).toBe('clamp(0.7em, 33px, 2.5em)');
    expect(button.className).not.toMatch(/(^|\s)p-/);
    expect(screen.getByRole('img', { name: 'semínima' })).toHaveClass('h-full', 'w-auto');
  });

  it('draws an inline figure taller than 2.5em as a small centred block at its own size', () => {
    render(
      <p style={{ fontSize: '16px' }}>
        A velocidade média é{' '}
        <FigureImage
          figure={figure({ width: 130, height: 94, minWidth: null })}
          description="v m igual a delta s sobre delta t"
          inline
        />{' '}
        no intervalo.
      </p>,
    );
    const button = screen.getByRole('button', {
      name: 'Ampliar figura: v m igual a delta s sobre delta t',
    });
    // Its own width, never wider than the column; no height forced on it.
    expect(button.style.width).toBe('130px');
    expect(button.style.maxWidth).toBe('100%');
    expect(button.style.getPropertyValue(INLINE_HEIGHT_VAR)).toBe('');
    expect(button).toHaveClass('block', 'mx-auto');
    expect(button.parentElement).toHaveClass('block');
    expect(button.parentElement).toHaveAttribute('data-inline-figure', 'bloco');
    expect(screen.getByRole('img', { name: /^v m igual/ })).toHaveClass('h-auto', 'w-full');
  });

  it('keeps a tall figure in the line when the text around it is large enough to hold it', () => {
    render(
      <p style={{ fontSize: '40px' }}>
        Grande <FigureImage figure={figure({ width: 130, height: 94 })} description="f" inline />
      </p>,
    );
    const button = screen.getByRole('button', { name: 'Ampliar figura: f' });
    expect(button.style.getPropertyValue(INLINE_HEIGHT_VAR)).toBe('clamp(0.7em, 94px, 2.5em)');
    expect(button.parentElement?.tagName).toBe('P');
  });

  it('gives a raster on its own line its readable width, or the one its marker sets', () => {
    const { rerender } = render(<FigureImage figure={figure()} description="Tabela" />);
    const button = () => screen.getByRole('button', { name: 'Ampliar figura: Tabela' });
    expect(button().style.minWidth).toBe('608px');
    rerender(<FigureImage figure={figure()} description="Tabela" minWidth={0} />);
    expect(button().style.minWidth).toBe('');
  });
});
