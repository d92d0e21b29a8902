import { describe, expect, test } from 'vitest';

// Every source file's text, through Vite itself (no Node APIs needed in the tests).
const sources = import.meta.glob<string>('../src/**/*.{ts,svelte,css}', {
  query: '?raw',
  import: 'default',
  eager: true,
});
const app = Object.entries(sources).filter(([path]) => !path.startsWith('../src/demo/'));

/** The app's modules a file imports (static, dynamic, re-exported), as paths from ui/ without extension. */
function importsOf(path: string, text: string): string[] {
  const specifiers = [...text.matchAll(/(?:\bfrom|\bimport)\s*\(?\s*['"]([^'"]+)['"]/g)].map((m) => m[1]);
  return specifiers
    .filter((specifier) => specifier.startsWith('.'))
    .map((specifier) => new URL(specifier, new URL(path, 'file:///ui/tests/')).pathname.replace(/\.(ts|js)$/, ''));
}

const BACKEND = '/ui/src/lib/backend';

describe('module boundaries', () => {
  test('the glob sees the app', () => {
    expect(Object.keys(sources)).toContain('../src/lib/backend.ts');
    expect(app.length).toBeGreaterThan(15);
  });

  test('only lib/backend.ts imports @tauri-apps/api (the demo fake is dev-only)', () => {
    const offenders = app
      .filter(([path, text]) => path !== '../src/lib/backend.ts' && text.includes('@tauri-apps/api'))
      .map(([path]) => path);
    expect(offenders).toEqual([]);
  });

  test('only the state modules (lib/state/) import lib/backend.ts: components and App go through them', () => {
    // The generated bindings are backend.ts's own (its types and, generated, its calls).
    const may = (path: string) => path.startsWith('../src/lib/state/') || path.startsWith('../src/lib/bindings/');
    const importers = app.filter(([path, text]) => importsOf(path, text).includes(BACKEND)).map(([path]) => path);
    expect(importers).toContain('../src/lib/state/pets.svelte.ts');
    expect(importers.filter((path) => !may(path))).toEqual([]);
  });

  test('the app never reaches the network or external fonts itself', () => {
    for (const [path, text] of app) {
      expect(text, path).not.toMatch(/\bfetch\(|XMLHttpRequest|WebSocket|@import url|https?:\/\/fonts\./);
    }
  });

  test('lib/backend.ts calls every command of the generated CommandName list', () => {
    const names = [...(sources['../src/lib/bindings/CommandName.ts'] ?? '').matchAll(/\| "(\w+)"/g)].map((m) => m[1]);
    expect(names).toContain('list_pets');
    const backend = sources['../src/lib/backend.ts'] ?? '';
    const uncalled = names.filter((name) => !backend.includes(`('${name}'`));
    expect(uncalled).toEqual([]);
  });
});
