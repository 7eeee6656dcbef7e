import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    // Installable app: the manifest, and a service worker that keeps the built files for use
    // without a connection (src/service-worker/sw.ts; registered by src/app/service-worker.ts).
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/service-worker',
      filename: 'sw.ts',
      injectRegister: false,
      manifest: {
        id: '/',
        name: 'Gabarita - Sua Plataforma de Estudos',
        short_name: 'Gabarita',
        description:
          'Resolva questões de concursos públicos anteriores, confira o gabarito e revise o que errou, também sem conexão.',
        lang: 'pt-BR',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        theme_color: '#0f766e',
        background_color: '#ffffff',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          {
            src: '/icons/maskable-512.png',
            sizes: '512x512',
            type: 'image/png',
            purpose: 'maskable',
          },
        ],
      },
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,woff2,png}'],
        // The page's theme script is inlined in index.html (scripts/inline-first-paint.mjs).
        globIgnores: ['theme-init.js'],
        // The charts' chunk is the largest; it is still what the performance pages need offline.
        maximumFileSizeToCacheInBytes: 1024 * 1024,
      },
    }),
  ],
  resolve: {
    // `@/x` is src/x, as tsconfig.json's `paths` says.
    alias: [{ find: /^@\//, replacement: `${fileURLToPath(new URL('./src', import.meta.url))}/` }],
  },
  server: {
    proxy: {
      '/api': 'http://127.0.0.1:3000',
      // The PIX sandbox's 'Simular pagamento' page, served by the server in development.
      '/dev': 'http://127.0.0.1:3000',
    },
  },
  build: {
    outDir: 'dist',
    // Read by scripts/route-preloads.mjs and route-js-size.mjs; the server serves no dot folders.
    manifest: true,
    // No list of each lazy chunk's imports in the entry (about 3 kB of gzip on every page): the
    // first load gets its page's files as modulepreload links from the server
    // (scripts/route-preloads.mjs), and the service worker keeps every file after that, so a later
    // page's imports come from the device (docs/performance.md, "Web delivery").
    modulePreload: false,
    // The app has one stylesheet, written into index.html (scripts/inline-first-paint.mjs). Split
    // per chunk, it would also be listed as a dependency of the lazy pages, which would then load
    // the file again.
    cssCodeSplit: false,
    rolldownOptions: {
      output: {
        // Libraries every page needs, in chunks of their own: a deploy that changes only the app's
        // code leaves them cached. The shared schemas stay with the pages that use them
        // (packages/shared lists its only file with side effects, so unused ones are left out).
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
              priority: 3,
            },
            {
              name: 'data',
              test: /node_modules[\\/](@tanstack|zod)[\\/]/,
              priority: 2,
            },
            {
              // What the entry imports statically, in one chunk with it: split into the dozen
              // small chunks the pages share, it cost 2 kB more of gzip (docs/performance.md,
              // "Web delivery").
              name: 'app',
              tags: ['$initial'],
              priority: 1,
            },
          ],
        },
      },
    },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    // Pages with charts render for 3–5 s in jsdom on a busy shared machine, past the 5 s default.
    testTimeout: 15_000,
    setupFiles: ['./src/test/setup.ts'],
  },
});
