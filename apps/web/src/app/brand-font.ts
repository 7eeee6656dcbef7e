import interUrl from '@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url';
import { readStored, writeStored } from '@/lib/browser-storage';
import { afterPaintAndIdle } from '@/lib/first-screen';
import { STORAGE_KEYS } from '@/lib/storage-keys';

/** Inter's Latin subset: Portuguese needs nothing else; other characters use the next font. */
const LATIN_RANGE =
  'U+0000-00FF, U+0131, U+0152-0153, U+02BB-02BC, U+02C6, U+02DA, U+02DC, U+0304, U+0308, U+0329, ' +
  'U+2000-206F, U+20AC, U+2122, U+2191, U+2193, U+2212, U+2215, U+FEFF, U+FFFD';

function interFace(): FontFace {
  return new FontFace('Inter Variable', `url(${interUrl}) format('woff2-variations')`, {
    weight: '100 900',
    style: 'normal',
    display: 'swap',
    unicodeRange: LATIN_RANGE,
  });
}

/**
 * Inter (48 kB) is the app's typeface, but no page needs it to be read: until it arrives, text is
 * set in 'Inter Fallback' (fonts.css), a local Arial-like font scaled to Inter's width and height,
 * so the swap barely moves anything. On a first visit it is asked for once the first screen has
 * been shown, instead of sharing a slow connection with the scripts that screen waits on. Once it
 * has loaded (cached for a year, like every hashed asset) it is declared at start, so later visits
 * render in Inter from the start.
 */
export function startBrandFont(): void {
  if (typeof FontFace === 'undefined') return;
  const face = interFace();
  if (readStored(STORAGE_KEYS.brandFontCached) === 'sim') {
    document.fonts.add(face);
    return;
  }
  afterPaintAndIdle(() => {
    face.load().then(
      () => {
        document.fonts.add(face);
        writeStored(STORAGE_KEYS.brandFontCached, 'sim');
      },
      () => {
        // Offline or refused: the text stays in the fallback font.
      },
    );
  });
}
