/**
 * Registers the service worker of the built app (src/service-worker/sw.ts), after the page has
 * loaded so its downloads never compete with the first screen. Development has none.
 */
export function registerServiceWorker() {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register('/sw.js').catch((error: unknown) => {
      // Without it the app still works online; only the offline copy is missing.
      console.warn('Service worker não registrado:', error);
    });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
