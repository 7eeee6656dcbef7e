import { lazy, Suspense } from 'react';
import { useIdleAfterPaint } from '@/lib/use-idle-after-paint';
import { useConsents } from '@/domain/consents/consents';

// Seldom shown (a changed document, a Google account's first visit): its code loads only then.
const ConsentDialog = lazy(async () => ({
  default: (await import('./consent-dialog')).ConsentDialog,
}));

/**
 * Over the signed-in area: when the account has documents to accept in their current version, a
 * dialog asks for them before anything else can be used (docs/product-rules.md, "Personal data and
 * the LGPD"). The question waits until the page has been painted, as other requests the first
 * screen does not need; if it fails, the app stays usable and the next visit asks again.
 */
export function ConsentGate({ onSignOut }: { onSignOut: () => Promise<unknown> }) {
  const idle = useIdleAfterPaint();
  const consents = useConsents(idle);
  const pending = consents.data?.pending ?? [];
  if (pending.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <ConsentDialog pending={pending} onSignOut={onSignOut} />
    </Suspense>
  );
}
