/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { svelteTesting } from '@testing-library/svelte/vite';

// `--mode demo` builds demo.html, which installs a mocked backend with demo data for
// screenshots in a plain browser. The production build only ever sees index.html.
export default defineConfig(({ mode }) => ({
  plugins: [svelte(), svelteTesting()],
  clearScreen: false,
  base: './',
  build: {
    target: 'es2022',
    outDir: mode === 'demo' ? '../target/ui-demo' : 'dist',
    emptyOutDir: true,
    rollupOptions: { input: mode === 'demo' ? 'demo.html' : 'index.html' },
  },
  server: { port: 5173, strictPort: true },
  test: {
    environment: 'jsdom',
    include: ['tests/**/*.test.ts'],
    setupFiles: ['tests/setup.ts'],
    // Vitest empties stylesheets by default, `?raw` imports too; the contrast test reads app.css's
    // own text (the themes' variables), so that one file is left as it is.
    css: { include: [/src\/app\.css/] },
  },
}));
