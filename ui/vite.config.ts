/// <reference types="vitest/config" />
import { defineConfig, type Plugin } from 'vite';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { svelteTesting } from '@testing-library/svelte/vite';

/**
 * `--mode demo` (dev server and build): index.html starts src/demo/demo-main.ts instead of the app's
 * main.ts, which installs a mocked backend with demo data for screenshots in a plain browser, and
 * says so in its title. The production build never sees the demo.
 */
const DEMO_PAGE: [from: string, to: string][] = [
  ['<title>Petstore Admin</title>', '<title>Petstore Admin (demo)</title>'],
  ['<script type="module" src="/src/main.ts">', '<script type="module" src="/src/demo/demo-main.ts">'],
];

function demoPage(): Plugin {
  return {
    name: 'petstore-demo-page',
    transformIndexHtml: {
      order: 'pre', // before Vite reads the page's entry script
      handler: (html) =>
        DEMO_PAGE.reduce((page, [from, to]) => {
          if (!page.includes(from)) throw new Error(`demo page: index.html no longer has ${from}`);
          return page.replace(from, to);
        }, html),
    },
  };
}

export default defineConfig(({ mode }) => ({
  plugins: [svelte(), svelteTesting(), mode === 'demo' && demoPage()],
  clearScreen: false,
  base: './',
  build: {
    target: 'es2022',
    outDir: mode === 'demo' ? '../target/ui-demo' : 'dist',
    emptyOutDir: true,
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
