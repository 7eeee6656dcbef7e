/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import {
  cleanupOutdatedCaches,
  matchPrecache,
  precacheAndRoute,
  type PrecacheEntry,
} from 'workbox-precaching';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (PrecacheEntry | string)[] };

// The built files (scripts, styles, fonts, icons and the page), listed by the build with their
// revisions: a phone that opened the app once has all it needs to open it again without signal.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// A new version takes over at once: its files are already cached, and pages load the new ones.
void self.skipWaiting();
clientsClaim();

// Pages come from the server while it answers (it adds each page's preloads); without a
// connection, the cached page. The API is never answered from a cache (figures aside, below):
// what the server judges (answers, quotas, payments) needs the server.
registerRoute(
  new NavigationRoute(
    async ({ request }) => {
      try {
        return await fetch(request);
      } catch (error) {
        const page = await matchPrecache('/index.html');
        if (page) return page;
        throw error;
      }
    },
    { denylist: [/^\/api(\/|$)/, /^\/dev(\/|$)/, /^\/metrics(\/|$)/] },
  ),
);

// Figures are the one exception: an address names one version of an image, which never changes, so
// the copy on the device is the image (docs/product-rules.md, "Offline use"). The day's review asks
// for its questions' figures as it is kept, so they show without a connection.
registerRoute(
  ({ url, request }) => request.method === 'GET' && url.pathname.startsWith('/api/images/'),
  new CacheFirst({
    cacheName: 'figuras',
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 500, maxAgeSeconds: 30 * 24 * 60 * 60 }),
    ],
  }),
);
