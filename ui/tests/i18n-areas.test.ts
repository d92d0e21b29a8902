// The catalog's areas in files of their own (`<area>.en.ts` / `<area>.de.ts`, spread into en.ts
// and de.ts): each key starts with its area's prefix, and no key is defined twice (a spread key
// that en.ts or another area also has would be overwritten without a word).
import { describe, expect, it } from 'vitest';
import { de } from '../src/lib/i18n/de';
import { en } from '../src/lib/i18n/en';

const AREAS = import.meta.glob<Record<string, unknown>>('../src/lib/i18n/*.{en,de}.ts', { eager: true });
const RAW = import.meta.glob<string>(['../src/lib/i18n/en.ts', '../src/lib/i18n/de.ts'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

/** Each area file's one exported catalog, by file name ("activity.en.ts"). */
const areas = Object.entries(AREAS).map(([path, module]) => {
  const file = path.split('/').pop() as string;
  const exported = Object.values(module).filter((v) => v && typeof v === 'object');
  return { file, area: file.split('.')[0], lang: file.split('.')[1], keys: Object.keys(exported[0] ?? {}) };
});

/** The keys written out in en.ts or de.ts itself (not spread in). */
const ownKeys = (source: string) => [...source.matchAll(/^ {2}'([\w.]+)':/gm)].map((m) => m[1]);

describe('catalog areas', () => {
  it('finds the area files, each with its German twin', () => {
    expect(areas.length).toBeGreaterThanOrEqual(2);
    const names = (lang: string) => areas.filter((a) => a.lang === lang).map((a) => a.area).sort();
    expect(names('de')).toEqual(names('en'));
  });

  for (const { file, area, keys } of areas) {
    it(`${file}: every key starts with "${area}."`, () => {
      expect(keys.length).toBeGreaterThan(0);
      expect(keys.filter((k) => !k.startsWith(`${area}.`))).toEqual([]);
    });
  }

  for (const [lang, catalog, source] of [
    ['en', en, RAW['../src/lib/i18n/en.ts']],
    ['de', de, RAW['../src/lib/i18n/de.ts']],
  ] as const) {
    it(`${lang}: no key is both in an area and elsewhere`, () => {
      const all = [...ownKeys(source), ...areas.filter((a) => a.lang === lang).flatMap((a) => a.keys)];
      const twice = all.filter((k, i) => all.indexOf(k) !== i);
      expect(twice).toEqual([]);
      expect(all.length).toBe(Object.keys(catalog).length);
    });
  }
});
