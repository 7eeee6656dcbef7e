import { type ComponentType, lazy, Suspense } from 'react';
import { useIdleAfterPaint } from './use-idle-after-paint';

/**
 * A component the first screen can do without (a notice that shows only now and then): its code is
 * fetched once the first screen has been painted, so it is not part of what the page waits for
 * (docs/performance.md, "Web delivery"). Until then it renders nothing.
 */
export function afterFirstScreen<P extends object>(
  load: () => Promise<ComponentType<P>>,
): ComponentType<P> {
  const Loaded = lazy(async () => ({ default: await load() }));
  return function AfterFirstScreen(props: P) {
    const idle = useIdleAfterPaint();
    if (!idle) return null;
    return (
      <Suspense fallback={null}>
        <Loaded {...props} />
      </Suspense>
    );
  };
}
