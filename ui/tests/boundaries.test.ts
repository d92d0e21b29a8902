import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, test } from 'vitest';

const SRC = join(__dirname, '..', 'src');

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : [path];
  });
}

describe('module boundaries', () => {
  test('only lib/backend.ts imports @tauri-apps/api (the demo fake is dev-only)', () => {
    const offenders = files(SRC)
      .map((path) => relative(SRC, path))
      .filter((path) => path !== join('lib', 'backend.ts') && !path.startsWith('demo'))
      .filter((path) => readFileSync(join(SRC, path), 'utf8').includes('@tauri-apps/api'));
    expect(offenders).toEqual([]);
  });

  test('the app never reaches the network or external fonts itself', () => {
    const app = files(SRC).filter((p) => !relative(SRC, p).startsWith('demo'));
    for (const path of app) {
      const text = readFileSync(path, 'utf8');
      expect(text, path).not.toMatch(/\bfetch\(|XMLHttpRequest|WebSocket|@import url|https?:\/\/fonts\./);
    }
  });
});
