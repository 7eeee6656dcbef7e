/** The longest wait for the browser to report the first screen's paint (it does not always). */
const FIRST_SCREEN_WAIT_MS = 1_500;
/** The longest wait for an idle moment (and the wait where the browser cannot say, as Safari). */
const IDLE_TIMEOUT_MS = 500;

let firstScreenShown: Promise<void> = Promise.resolve();

/**
 * Called as the app's first render starts. Until the browser reports the largest paint that
 * render makes (a largest-contentful-paint entry from then on), afterPaintAndIdle holds back what
 * it is given, so a page's own content reaches the screen before anything the page can do without.
 * A frame callback alone is not enough: it runs before the frame is shown, and on a phone the
 * page's largest paint may be shown a frame or more later. No report comes where the browser does
 * not make them (Safari), after the user's first input, or when nothing larger than the loading
 * screen is painted: the wait then ends after FIRST_SCREEN_WAIT_MS.
 */
export function watchFirstScreen(): void {
  const supported =
    typeof PerformanceObserver !== 'undefined' &&
    PerformanceObserver.supportedEntryTypes.includes('largest-contentful-paint');
  if (!supported) return;
  const renderStart = performance.now();
  firstScreenShown = new Promise((resolve) => {
    const observer = new PerformanceObserver((list) => {
      if (list.getEntries().some((entry) => entry.startTime >= renderStart)) done();
    });
    const timer = window.setTimeout(done, FIRST_SCREEN_WAIT_MS);
    function done() {
      observer.disconnect();
      window.clearTimeout(timer);
      resolve();
    }
    observer.observe({ type: 'largest-contentful-paint', buffered: true });
  });
}

/**
 * Runs `callback` once the first screen has been shown, the current frame painted and the browser
 * had an idle moment: for requests and work that what is on screen does not wait on. Returns a
 * function that cancels it.
 */
export function afterPaintAndIdle(callback: () => void): () => void {
  let cancel = () => {};
  let cancelled = false;
  void firstScreenShown.then(() => {
    if (cancelled) return;
    // A frame callback runs just before the paint; what it schedules, after.
    const frame = requestAnimationFrame(() => {
      const requestIdle = window.requestIdleCallback as Window['requestIdleCallback'] | undefined;
      if (requestIdle) {
        const handle = requestIdle(callback, { timeout: IDLE_TIMEOUT_MS });
        cancel = () => window.cancelIdleCallback(handle);
      } else {
        const timer = window.setTimeout(callback, IDLE_TIMEOUT_MS);
        cancel = () => window.clearTimeout(timer);
      }
    });
    cancel = () => cancelAnimationFrame(frame);
  });
  return () => {
    cancelled = true;
    cancel();
  };
}
