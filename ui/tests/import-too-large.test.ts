// An import file refused only for its size names its real size (or "larger than 16 MiB") and says
// to split it, not to correct it in a spreadsheet (issue 38 §3.4), in English and German.
import { afterEach, describe, expect, test } from 'vitest';
import { commandError } from '../src/lib/command-error';
import { setLanguage } from '../src/lib/i18n/index.svelte';
import { describeError } from '../src/lib/messages';
import type { Reason } from '../src/lib/types';

afterEach(() => setLanguage('en'));

const fifty: Reason = {
  code: 'importTooLarge',
  size: { value: 52_428_841, unit: 'bytes' },
  limit: { value: 16, unit: 'mib' },
  rows: 100_000,
};
const unknown: Reason = { ...fifty, size: null };

const refused = (reason: Reason) =>
  describeError(commandError('import', { problem: 'importFileInvalid', path: 'everything.csv', reason }));

describe('an import file too large', () => {
  test('names its real size and says to split it', () => {
    const words = refused(fifty);
    expect(words.what).toBe(
      '“everything.csv” cannot be imported: the file is 52,428,841 bytes, and an import reads at most 16 MiB.',
    );
    expect(words.next).toBe('Split it into parts of at most 100,000 rows and 16 MiB each, and import them one after the other.');
    expect(words.text).not.toContain('spreadsheet');
    expect(words.text).not.toContain('16,777,217');
  });

  test('is "larger than 16 MiB" when its size is not known', () => {
    expect(refused(unknown).what).toBe(
      '“everything.csv” cannot be imported: the file is larger than 16 MiB, the most an import reads.',
    );
  });

  test('too many rows is split too; other problems are still corrected in the spreadsheet', () => {
    const rows = refused({ code: 'importTooManyRows', limit: 100_000 });
    expect(rows.next).toBe('Split it into parts of at most 100,000 rows each, and import them one after the other.');
    expect(refused({ code: 'malformedCsv', line: 4 }).next).toContain('spreadsheet');
  });

  test('in German', async () => {
    await setLanguage('de');
    const words = refused(fifty);
    expect(words.what).toBe(
      '„everything.csv“ kann nicht importiert werden: die Datei ist 52.428.841 Bytes groß, und ein Import liest höchstens 16 MiB.',
    );
    expect(words.next).toBe(
      'Teilen Sie sie in Teile von höchstens 100.000 Zeilen und 16 MiB auf, und importieren Sie diese nacheinander.',
    );
    expect(refused(unknown).what).toContain('die Datei ist größer als 16 MiB');
  });
});
