// The catalogs agree: every key English has, German has (and no other), with the same
// placeholders and the same plural shape; and the catalog module fills, pluralises and switches.
import { afterEach, describe, expect, it } from 'vitest';
import { de } from '../src/lib/i18n/de';
import { en } from '../src/lib/i18n/en';
import { language, resolveLanguage, setLanguage, t, tn } from '../src/lib/i18n/index.svelte';
import { formatCount, formatDate, formatDuration, formatWhen } from '../src/lib/format';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
const texts = (value: unknown): string[] =>
  typeof value === 'string' ? [value] : Object.values(value as Record<string, string>);

describe('catalogs', () => {
  afterEach(() => setLanguage('en'));

  it('German has exactly the keys English has', () => {
    expect(Object.keys(de).sort()).toEqual(Object.keys(en).sort());
  });

  it('every German message has the placeholders and shape of its English one', () => {
    for (const [key, english] of Object.entries(en)) {
      const german = (de as Record<string, unknown>)[key];
      expect(typeof german, key).toBe(typeof english);
      const want = [...new Set(texts(english).flatMap(placeholders))].sort();
      const got = [...new Set(texts(german).flatMap(placeholders))].sort();
      // A German singular may spell the count out ("das bisher geladene Haustier"), so a plural's
      // placeholders are compared over both forms together.
      expect(got, key).toEqual(want);
    }
  });

  it('no message is empty, and month lists have twelve names', () => {
    for (const catalog of [en, de]) {
      for (const [key, value] of Object.entries(catalog)) {
        for (const text of texts(value)) expect(text.trim(), key).not.toBe('');
      }
      expect(catalog['format.months'].split(',')).toHaveLength(12);
      expect(catalog['format.monthsShort'].split(',')).toHaveLength(12);
    }
  });

  it('fills placeholders and picks plural forms', () => {
    expect(t('app.switched', { env: 'Staging' })).toBe('Switched to Staging.');
    expect(tn('table.shown', 1, { count: '1' })).toBe('1 pet shown');
    expect(tn('table.shown', 1200, { count: formatCount(1200) })).toBe('1,200 pets shown');
    expect(tn('table.shown', 0)).toBe('0 pets shown');
  });

  it('switches to German at once, with German numbers and dates, and back', async () => {
    await setLanguage('de');
    expect(language()).toBe('de');
    expect(document.documentElement.lang).toBe('de');
    expect(t('common.settings')).toBe('Einstellungen');
    expect(tn('table.shown', 1200, { count: formatCount(1200) })).toBe('1.200 Haustiere angezeigt');
    expect(formatDate('2030-12-05')).toBe('5. Dezember 2030');
    expect(formatDuration(1234)).toBe('1,2 s');
    const now = Date.parse('2030-01-01T10:00:00Z');
    expect(formatWhen('2030-01-01T12:30:00Z', now)).toMatch(/^\d\d:30:00 \(in 2 Std\. 30 Min\.\)$/);
    await setLanguage('en');
    expect(t('common.settings')).toBe('Settings');
    expect(formatDate('2030-12-05')).toBe('5 December 2030');
    expect(document.documentElement.lang).toBe('en');
  });

  it('follows the computer unless a language is chosen', () => {
    expect(resolveLanguage('system', 'de_DE.UTF-8')).toBe('de');
    expect(resolveLanguage(null, 'de-AT')).toBe('de');
    expect(resolveLanguage('system', 'fr_FR.UTF-8')).toBe('en');
    expect(resolveLanguage('system', null)).toBe('en');
    expect(resolveLanguage('en', 'de_DE.UTF-8')).toBe('en');
    expect(resolveLanguage('de', 'en_US')).toBe('de');
  });
});
