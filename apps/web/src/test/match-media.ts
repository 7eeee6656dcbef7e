/**
 * jsdom has no matchMedia. This fake answers the queries the app uses (min-width,
 * prefers-color-scheme and prefers-reduced-motion) from a viewport width, system theme and motion
 * setting that tests can change.
 */
const environment = { width: 1280, systemDark: false, reducedMotion: false };
const listeners = new Set<() => void>();

function evaluate(query: string): boolean {
  const minWidth = /\(min-width:\s*(\d+)px\)/.exec(query);
  if (minWidth?.[1]) return environment.width >= Number(minWidth[1]);
  if (query.includes('prefers-color-scheme: dark')) return environment.systemDark;
  if (query.includes('prefers-reduced-motion: reduce')) return environment.reducedMotion;
  return false;
}

export function fakeMatchMedia(query: string): MediaQueryList {
  return {
    media: query,
    get matches() {
      return evaluate(query);
    },
    onchange: null,
    addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
    addListener: (listener: () => void) => listeners.add(listener),
    removeListener: (listener: () => void) => listeners.delete(listener),
    dispatchEvent: () => true,
  } as unknown as MediaQueryList;
}

function notify() {
  for (const listener of [...listeners]) listener();
}

export function setViewportWidth(width: number) {
  environment.width = width;
  notify();
}

export function setSystemDark(dark: boolean) {
  environment.systemDark = dark;
  notify();
}

export function setReducedMotion(reduced: boolean) {
  environment.reducedMotion = reduced;
  notify();
}

export function resetMediaEnvironment() {
  environment.width = 1280;
  environment.systemDark = false;
  environment.reducedMotion = false;
  listeners.clear();
}
