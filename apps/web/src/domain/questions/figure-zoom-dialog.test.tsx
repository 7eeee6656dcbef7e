import type { Figure } from '@gabarita/shared';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  fitScale,
  FigureZoomDialog,
  imageRendering,
  MAX_FIT_UPSCALE,
  openingScale,
  VIEWPORT_PADDING,
  zoomLimits,
} from './figure-zoom-dialog';

function figure(overrides: Partial<Figure> = {}): Figure {
  return {
    assetId: 'tabela',
    url: '/api/images/tabela?v=1',
    zoomUrl: null,
    width: 423,
    height: 358,
    minWidth: 254,
    ...overrides,
  };
}

/** jsdom lays nothing out: the dialog's figure viewport is given this size, as a browser would. */
const screenSize = { width: 1248, height: 600 };
function layOutViewport(width: number, height: number) {
  screenSize.width = width;
  screenSize.height = height;
  const isViewport = (element: Element) =>
    element.getAttribute('aria-roledescription') === 'figura ampliável';
  vi.spyOn(Element.prototype, 'clientWidth', 'get').mockImplementation(function (this: Element) {
    return isViewport(this) ? screenSize.width : 0;
  });
  vi.spyOn(Element.prototype, 'clientHeight', 'get').mockImplementation(function (this: Element) {
    return isViewport(this) ? screenSize.height : 0;
  });
}

function openDialog(picture: Figure) {
  render(<FigureZoomDialog figure={picture} description="Tabela de notas" onClose={() => {}} />);
  const dialog = screen.getByRole('dialog', { name: 'Figura ampliada' });
  return {
    dialog,
    image: dialog.querySelector('img')!,
    percent: (text: string) => within(dialog).getByText(text),
  };
}

const px = (value: string) => parseFloat(value);

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('fitScale', () => {
  it('fits the tighter side: a landscape figure in a short window is limited by the height', () => {
    const scale = fitScale({ width: 1232, height: 584 }, { width: 423, height: 358 })!;
    expect(358 * scale).toBeCloseTo(584);
    expect(423 * scale).toBeLessThan(1232);
  });

  it('shrinks a large image below 100%', () => {
    expect(fitScale({ width: 1000, height: 800 }, { width: 2600, height: 1200 })).toBeCloseTo(
      1000 / 2600,
    );
  });

  it('never enlarges past the limit, and enlarges pixel symbols by whole multiples', () => {
    expect(fitScale({ width: 1232, height: 700 }, { width: 300, height: 100 })).toBe(
      MAX_FIT_UPSCALE,
    );
    expect(fitScale({ width: 1232, height: 700 }, { width: 17, height: 33 })).toBe(4);
    expect(fitScale({ width: 60, height: 100 }, { width: 17, height: 33 })).toBe(3);
    expect(fitScale({ width: 1232, height: 700 }, { width: 300, height: 100 }, 2)).toBe(2);
  });

  it('is unknown until both sizes are', () => {
    expect(fitScale({ width: 0, height: 0 }, { width: 423, height: 358 })).toBeNull();
    expect(fitScale({ width: 800, height: 600 }, { width: 0, height: 0 })).toBeNull();
  });
});

describe('openingScale', () => {
  const natural = { width: 1014, height: 70 };
  it('opens no smaller than the page drew the figure', () => {
    // A scan drawn at 53% on the page, which would fit at 26%.
    expect(
      openingScale({ fit: 0.26, natural: { width: 1346, height: 750 }, pageWidth: 713, max: 8 }),
    ).toBeCloseTo(0.53, 2);
  });
  it('opens a figure with text where its smallest text is about 16 px', () => {
    // A table whose text is 12 px at 609 px wide: 16 px at 812 px.
    expect(openingScale({ fit: 0.35, natural, pageWidth: 358, minWidth: 609, max: 8 })).toBeCloseTo(
      812 / 1014,
      3,
    );
  });
  it('keeps the fit when it is larger, and never passes the maximum', () => {
    expect(openingScale({ fit: 2, natural, pageWidth: 358, minWidth: 609, max: 8 })).toBe(2);
    expect(openingScale({ fit: 0.1, natural, minWidth: 20_000, max: 8 })).toBe(8);
    expect(
      openingScale({ fit: 0.5, natural: { width: 0, height: 0 }, pageWidth: 300, max: 8 }),
    ).toBe(0.5);
  });
});

describe('zoomLimits and imageRendering', () => {
  it('zooms out to the fit or 100%, whichever is smaller, and in to 8× or the fit', () => {
    expect(zoomLimits(0.38)).toEqual({ min: 0.38, max: 8 });
    expect(zoomLimits(4)).toEqual({ min: 1, max: 8 });
  });

  it('keeps the pixels of small symbols sharp only when they are enlarged', () => {
    expect(imageRendering({ width: 17, height: 33 }, 4)).toBe('pixelated');
    expect(imageRendering({ width: 17, height: 33 }, 1)).toBe('auto');
    expect(imageRendering({ width: 423, height: 358 }, 2)).toBe('auto');
  });
});

describe('FigureZoomDialog', () => {
  it('opens fitted to the space left for the figure, never cut at the bottom', () => {
    layOutViewport(1248, 600);
    const { image, percent } = openDialog(figure());
    const room = 600 - 2 * VIEWPORT_PADDING;
    expect(px(image.style.height)).toBeLessThanOrEqual(room);
    expect(px(image.style.height)).toBeGreaterThan(room - 1);
    expect(px(image.style.width)).toBe(Math.floor(423 * (room / 358)));
    // The percentage is of the image's own size.
    expect(percent(`${Math.round((room / 358) * 100)}%`)).toBeVisible();
  });

  it('re-fits when the window changes, while the reader has not zoomed', () => {
    layOutViewport(1248, 600);
    // No text measured: the fit alone decides.
    const { image } = openDialog(figure({ minWidth: null }));
    act(() => {
      screenSize.height = 300;
      window.dispatchEvent(new Event('resize'));
    });
    expect(px(image.style.height)).toBeLessThanOrEqual(300 - 2 * VIEWPORT_PADDING);
  });

  it('opens a figure with text where its smallest text is about 16 px, even past the window', () => {
    layOutViewport(390, 300);
    // 12 px text at 254 px wide: 16 px at 339 px, larger than the 284 px tall fit allows.
    const { image } = openDialog(figure());
    expect(px(image.style.width)).toBe(Math.floor((254 * 16) / 12));
  });

  it('shows a large image at its natural size on "1" and "Tamanho real"', async () => {
    layOutViewport(1000, 700);
    const user = userEvent.setup();
    const { dialog, image, percent } = openDialog(
      figure({ width: 2600, height: 1200, minWidth: null }),
    );
    expect(percent('38%')).toBeVisible();
    await user.keyboard('1');
    expect(image.style.width).toBe('2600px');
    expect(image.style.height).toBe('1200px');
    expect(percent('100%')).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Tamanho real' })).toBeDisabled();

    await user.click(within(dialog).getByRole('button', { name: 'Ajustar à tela' }));
    expect(percent('38%')).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Tamanho real' }));
    expect(image.style.width).toBe('2600px');
  });

  it('measures 100% on the original when the zoom loads one larger than the page version', () => {
    layOutViewport(1000, 700);
    const { image, percent } = openDialog(
      figure({ width: 1600, height: 800, zoomUrl: '/api/images/tabela/original?v=1' }),
    );
    Object.defineProperty(image, 'naturalWidth', { value: 3200 });
    Object.defineProperty(image, 'naturalHeight', { value: 1600 });
    fireEvent.load(image);
    // Still fitted to the screen, now said of the original's pixels.
    expect(px(image.style.width)).toBe(Math.floor(3200 * ((1000 - 16) / 3200)));
    expect(percent(`${Math.round(((1000 - 16) / 3200) * 100)}%`)).toBeVisible();
  });

  it('enlarges a small symbol at most 4×, with sharp pixels', () => {
    layOutViewport(1248, 600);
    const { image, percent } = openDialog(figure({ width: 17, height: 33, minWidth: null }));
    expect(image.style.width).toBe('68px');
    expect(image.style.height).toBe('132px');
    expect(image.style.imageRendering).toBe('pixelated');
    expect(percent('400%')).toBeVisible();
  });

  it('zooms with + and -, fits with 0, shows the real size with 1, and says so politely', async () => {
    layOutViewport(1016, 600);
    const user = userEvent.setup();
    const { dialog, image, percent } = openDialog(
      figure({ width: 1000, height: 500, minWidth: null }),
    );
    const viewport = within(dialog).getByRole('group', { name: /Tabela de notas/ });
    expect(viewport).toHaveFocus();
    expect(percent('100%')).toBeVisible(); // 1000 px of room for a 1000 px image
    expect(within(dialog).getByRole('button', { name: 'Diminuir zoom' })).toBeDisabled();

    await user.keyboard('+');
    expect(percent('150%')).toBeVisible();
    expect(image.style.width).toBe('1500px');
    await user.keyboard('+');
    expect(percent('225%')).toBeVisible();
    await user.keyboard('-');
    expect(percent('150%')).toBeVisible();
    await user.keyboard('0');
    expect(percent('100%')).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Ajustar à tela' })).toBeDisabled();
    await user.keyboard('++1');
    expect(percent('100%')).toBeVisible();
    expect(image.style.width).toBe('1000px');

    // The live region speaks once the value settles.
    const status = within(dialog).getByRole('status');
    await waitFor(() => expect(status).toHaveTextContent('Zoom em 100%'));
  });

  it('moves a zoomed figure with the arrow keys', async () => {
    layOutViewport(1248, 600);
    const user = userEvent.setup();
    const { dialog } = openDialog(figure());
    const viewport = within(dialog).getByRole('group', { name: /Tabela de notas/ });
    await user.keyboard('{ArrowRight}{ArrowDown}{ArrowDown}');
    expect(viewport.scrollLeft).toBe(48);
    expect(viewport.scrollTop).toBe(96);
  });
});
