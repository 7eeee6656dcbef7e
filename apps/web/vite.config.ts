import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react(), tailwindcss()],
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
          ],
        },
      },
    },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
  },
});
