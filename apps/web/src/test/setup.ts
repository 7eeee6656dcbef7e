import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { fakeMatchMedia, resetMediaEnvironment } from './match-media';

// Waiting is what findBy* and waitFor do; on a busy machine a screen may take longer than 1 s.
configure({ asyncUtilTimeout: 5_000 });

beforeEach(() => {
  window.matchMedia = fakeMatchMedia;
  // jsdom does not implement scrolling.
  window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
  Element.prototype.scrollIntoView = vi.fn();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  resetMediaEnvironment();
  window.localStorage.clear();
  window.sessionStorage.clear();
  document.documentElement.className = '';
  document.documentElement.removeAttribute('style');
});
