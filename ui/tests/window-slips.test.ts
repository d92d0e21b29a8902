// Issue 38's window slips: German puts a space before every "…" (the dots stand for words left
// out, as Duden has it: "Import …", "Wird geladen …"); the switch's tag for an environment not set
// up reads "nicht eingerichtet"; every environment has its tag (Staging too), kept down to the
// window's minimum width; the import preview's status box is as wide as its words.
import { screen } from '@testing-library/svelte';
import { afterEach, describe, expect, test } from 'vitest';
import { environmentTag } from '../src/lib/environment';
import { de } from '../src/lib/i18n/de';
import { setLanguage } from '../src/lib/i18n/index.svelte';
import type { EnvironmentInfo } from '../src/lib/types';
import { startApp } from './helpers';

const sources = import.meta.glob<string>('../src/**/*.svelte', { query: '?raw', import: 'default', eager: true });
const styleOf = (file: string) => /<style>([\s\S]*)<\/style>/.exec(sources[`../src/${file}`] ?? '')?.[1] ?? '';

afterEach(() => setLanguage('en'));

/** Every text of a catalog with its key, plural forms included. */
function texts(catalog: Record<string, unknown>): [string, string][] {
  return Object.entries(catalog).flatMap(([key, value]) =>
    typeof value === 'string' ? [[key, value] as [string, string]] : Object.entries(value as Record<string, string>).map(([form, text]) => [`${key}.${form}`, text] as [string, string]),
  );
}

describe('German', () => {
  test('every "…" has a space before it, none sits on the word', () => {
    const ellipses = texts(de).filter(([, text]) => text.includes('…'));
    expect(ellipses.length).toBeGreaterThan(30);
    const onTheWord = ellipses.filter(([, text]) => /[^\s„“(]…/.test(text));
    expect(onTheWord).toEqual([]);
    // The two the issue saw side by side.
    expect(de['toolbar.import']).toBe('Import …');
    expect(de['network.trust']).toBe('Firmenzertifikat vertrauen …');
  });

  test('an environment not set up is "nicht eingerichtet", Staging is "Testdaten"', async () => {
    await setLanguage('de');
    const env = (more: Partial<EnvironmentInfo>): EnvironmentInfo => ({
      id: 'staging', production: false, localDemo: false, configured: true, baseUrl: 'https://staging.example.com/v1',
      addressSource: 'settings', ...more,
    } as EnvironmentInfo);
    expect(environmentTag(env({ id: 'production', production: true, configured: false, baseUrl: null }))).toBe('nicht eingerichtet');
    expect(environmentTag(env({ id: 'production', production: true }))).toBe('Live-Daten');
    expect(environmentTag(env({}))).toBe('Testdaten');
    expect(environmentTag(env({ id: 'sandbox', localDemo: true }))).toBe('Demodaten');
  });
});

describe('the environment switch', () => {
  test('a configured Staging has its tag, and every option shows one', async () => {
    await startApp({
      settings: { productionUrl: null, stagingUrl: 'https://staging.example.com/v1' },
      keys: { staging: 'wxyz' },
    });
    expect(await screen.findByRole('radio', { name: 'Staging test data' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Production not set up' })).toBeTruthy();
    const tags = [...document.querySelectorAll('.switch .tag')].map((tag) => tag.textContent);
    expect(tags).toEqual(['not set up', 'test data', 'local demo data']);
  });

  test('no width hides the tags: down to the minimum width (720 px) "not set up" stays', () => {
    const css = styleOf('lib/components/EnvironmentSwitch.svelte');
    expect(css).not.toMatch(/\.tag\s*\{[^}]*(clip|display:\s*none|visibility:\s*hidden)/);
    expect(sources['../src/lib/components/EnvironmentSwitch.svelte']).toMatch(/<span class="tag">\{tag\}<\/span>/);
  });
});

describe('the import preview', () => {
  test('the status box is as wide as "“adopted” (from the file)" in both languages, and wider for longer words', async () => {
    const rule = /\.preview \.fix-status \.input\s*\{([^}]*)\}/.exec(styleOf('lib/components/ImportDialog.svelte'))?.[1] ?? '';
    expect(rule).toMatch(/width:\s*auto/);
    const minRem = Number(/min-width:\s*([\d.]+)rem/.exec(rule)?.[1]);
    const { importEn } = await import('../src/lib/i18n/import.en');
    const { importDe } = await import('../src/lib/i18n/import.de');
    for (const text of [importEn['import.statusFromFile'], importDe['import.statusFromFile']]) {
      const shown = text.replace('{text}', 'adopted');
      // 12.5 px text at most 0.56 em a character, 8 px of padding each side and the arrow's 20 px.
      expect(minRem * 16, shown).toBeGreaterThanOrEqual(Math.ceil(shown.length * 0.56 * 12.5 + 36));
    }
  });
});
