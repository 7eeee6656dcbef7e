import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  server: {
    proxy: {
      '/api': 'http://127.0.0.1:3000',
      // The PIX sandbox's 'Simular pagamento' page, served by the server in development.
      '/dev': 'http://127.0.0.1:3000',
    },
  },
  build: {
    outDir: 'dist',
    // Read by scripts/route-js-size.mjs; the server does not serve dot folders.
    manifest: true,
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
  },
});
