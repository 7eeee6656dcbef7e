import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type Listener = (list: { getEntries: () => { startTime: number }[] }) => void;

/** Stands in for the browser's largest-contentful-paint reports. */
class FakePaintObserver {
  static supportedEntryTypes = ['largest-contentful-paint'];
  static current: FakePaintObserver | undefined;
  disconnected = false;
  constructor(private readonly listener: Listener) {
    FakePaintObserver.current = this;
  }
  observe() {}
  disconnect() {
    this.disconnected = true;
  }
  report(startTime: number) {
    this.listener({ getEntries: () => [{ startTime }] });
  }
}

async function loadModule() {
  vi.resetModules();
  return import('./first-screen');
}

describe('afterPaintAndIdle', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) =>
      setTimeout(() => callback(0), 16),
    );
    vi.stubGlobal('requestIdleCallback', (callback: () => void) => setTimeout(callback, 1));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs after a frame and an idle moment when the first screen is not being watched', async () => {
    const { afterPaintAndIdle } = await loadModule();
    const callback = vi.fn();
    afterPaintAndIdle(callback);
    await vi.advanceTimersByTimeAsync(20);
    expect(callback).toHaveBeenCalledOnce();
  });

  it('waits for the largest paint reported after the first render started', async () => {
    vi.stubGlobal('PerformanceObserver', FakePaintObserver);
    await vi.advanceTimersByTimeAsync(100);
    const { afterPaintAndIdle, watchFirstScreen } = await loadModule();
    watchFirstScreen();
    const callback = vi.fn();
    afterPaintAndIdle(callback);
    // The loading screen's paint, before the render: not the one waited for.
    FakePaintObserver.current!.report(50);
    await vi.advanceTimersByTimeAsync(200);
    expect(callback).not.toHaveBeenCalled();
    FakePaintObserver.current!.report(260);
    await vi.advanceTimersByTimeAsync(20);
    expect(callback).toHaveBeenCalledOnce();
    expect(FakePaintObserver.current!.disconnected).toBe(true);
  });

  it('stops waiting when no report comes', async () => {
    vi.stubGlobal('PerformanceObserver', FakePaintObserver);
    const { afterPaintAndIdle, watchFirstScreen } = await loadModule();
    watchFirstScreen();
    const callback = vi.fn();
    afterPaintAndIdle(callback);
    await vi.advanceTimersByTimeAsync(1_400);
    expect(callback).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(200);
    expect(callback).toHaveBeenCalledOnce();
  });

  it('does nothing once cancelled', async () => {
    vi.stubGlobal('PerformanceObserver', FakePaintObserver);
    const { afterPaintAndIdle, watchFirstScreen } = await loadModule();
    watchFirstScreen();
    const callback = vi.fn();
    const cancel = afterPaintAndIdle(callback);
    FakePaintObserver.current!.report(performance.now() + 1);
    cancel();
    await vi.advanceTimersByTimeAsync(2_000);
    expect(callback).not.toHaveBeenCalled();
  });
});
