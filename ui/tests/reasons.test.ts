// The codes the Rust side sends instead of sentences (Reason, an import row's problem, an
// import's estimate), worded in English and German.
import { afterEach, describe, expect, test } from 'vitest';
import { setLanguage } from '../src/lib/i18n/index.svelte';
import {
  REASON_CODES,
  ROW_PROBLEM_CODES,
  describeReason,
  describeRowProblem,
} from '../src/lib/reasons';
import type { Reason, RowProblemCode } from '../src/lib/types';

type Of<C extends Reason['code']> = Extract<Reason, { code: C }>;

/** One sample of every code (the type makes `npm run check` fail until a new code has one). */
const SAMPLES: { [C in Reason['code']]: Of<C> } = {
  io: { code: 'io', io: 'notFound' },
  settingsSyntax: { code: 'settingsSyntax', line: 3, column: 7 },
  settingsEndOfFile: { code: 'settingsEndOfFile', line: 1, column: 13 },
  settingsWrongValue: { code: 'settingsWrongValue', line: 2, column: 5 },
  settingsTooLarge: { code: 'settingsTooLarge', limit: { value: 1, unit: 'mib' } },
  addressNotAnAddress: { code: 'addressNotAnAddress' },
  addressScheme: { code: 'addressScheme' },
  addressNoHost: { code: 'addressNoHost' },
  addressCredentials: { code: 'addressCredentials' },
  addressQuery: { code: 'addressQuery' },
  addressPath: { code: 'addressPath' },
  addressSandboxFixed: { code: 'addressSandboxFixed' },
  noAnswerInTime: { code: 'noAnswerInTime' },
  connectionLost: { code: 'connectionLost' },
  answerTooLarge: { code: 'answerTooLarge', status: 201, limit: { value: 8, unit: 'mib' } },
  redirected: { code: 'redirected', status: 302 },
  serverError: { code: 'serverError', status: 503 },
  notAPet: { code: 'notAPet', status: 201 },
  importTooLarge: {
    code: 'importTooLarge',
    size: { value: 52_428_841, unit: 'bytes' },
    limit: { value: 16, unit: 'mib' },
    rows: 100_000,
  },
  importTooManyRows: { code: 'importTooManyRows', limit: 100000 },
  notUtf8: { code: 'notUtf8', line: 12 },
  importEmpty: { code: 'importEmpty' },
  missingColumn: { code: 'missingColumn', column: 'name', found: ['nom', 'categorie'] },
  duplicateColumn: { code: 'duplicateColumn', column: 'categoryId', first: 'category', second: 'category_id' },
  malformedCsv: { code: 'malformedCsv', line: 40 },
  listTooLarge: { code: 'listTooLarge', size: { value: 2, unit: 'mib' }, limit: { value: 1, unit: 'mib' } },
  listTooLong: { code: 'listTooLong', limit: 10000 },
  listEmpty: { code: 'listEmpty' },
  journalFile: { code: 'journalFile', path: '/home/sam/.local/share/imports/ab.journal', io: 'diskFull' },
  journalDamaged: { code: 'journalDamaged', path: '/home/sam/.local/share/imports/ab.journal', line: 17 },
};

const ROWS: { [C in RowProblemCode['code']]: Extract<RowProblemCode, { code: C }> } = {
  nameEmpty: { code: 'nameEmpty' },
  nameTooLong: { code: 'nameTooLong', chars: 1001, max: 1000 },
  categoryIdEmpty: { code: 'categoryIdEmpty' },
  categoryIdNotANumber: { code: 'categoryIdNotANumber', given: 'three' },
  categoryIdNotPositive: { code: 'categoryIdNotPositive', given: '-4' },
  statusUnknown: { code: 'statusUnknown', given: 'lost' },
};


afterEach(() => setLanguage('en'));

function wordsOfEveryCode(): Map<string, string> {
  const words = new Map<string, string>();
  for (const code of REASON_CODES) words.set(code, describeReason(SAMPLES[code]));
  for (const code of ROW_PROBLEM_CODES) words.set(`row.${code}`, describeRowProblem(ROWS[code]));
  return words;
}

describe('reasons', () => {
  test('every code has words in English and German, with every placeholder filled', async () => {
    expect(REASON_CODES.sort()).toEqual(Object.keys(SAMPLES).sort());
    expect(ROW_PROBLEM_CODES.sort()).toEqual(Object.keys(ROWS).sort());
    const english = wordsOfEveryCode();
    await setLanguage('de');
    const german = wordsOfEveryCode();
    for (const [code, text] of english) {
      const deutsch = german.get(code) ?? '';
      for (const words of [text, deutsch]) {
        expect(words.trim(), code).not.toBe('');
        expect(words, code).not.toMatch(/[{}]/);
        expect(words, code).not.toContain('undefined');
      }
      expect(deutsch, `${code} is translated`).not.toBe(text);
    }
  });

  test('English reasons are clauses that follow a colon, with their arguments', () => {
    expect(describeReason(SAMPLES.io)).toBe('it is not there');
    expect(describeReason({ code: 'io', io: 'diskFull' })).toBe('the disk is full');
    expect(describeReason(SAMPLES.answerTooLarge)).toBe(
      'the service answered HTTP 201, but with more than 8 MiB that were not read',
    );
    expect(describeReason(SAMPLES.missingColumn)).toBe(
      'the header row has no "name" column (found: "nom", "categorie"): add it, or rename the column that holds it',
    );
    expect(describeReason({ code: 'missingColumn', column: 'name', found: [] })).toContain('(found: no columns)');
    expect(describeReason(SAMPLES.importTooManyRows)).toContain('more than 100,000 rows');
    expect(describeReason(SAMPLES.journalFile)).toContain('(the disk is full)');
  });

  test('German reasons: formal, with the arguments in place', async () => {
    await setLanguage('de');
    expect(describeReason({ code: 'io', io: 'diskFull' })).toBe('der Datenträger ist voll');
    expect(describeReason(SAMPLES.missingColumn)).toBe(
      'die Kopfzeile hat keine Spalte „name“ (gefunden: "nom", "categorie"): Fügen Sie sie hinzu, oder benennen Sie die Spalte um, die sie enthält',
    );
    expect(describeReason(SAMPLES.importTooManyRows)).toContain('mehr als 100.000 Zeilen');
    expect(describeReason(SAMPLES.malformedCsv)).toBe('Zeile 40 kann nicht als CSV gelesen werden: Prüfen Sie ihre Anführungszeichen');
    expect(describeReason(SAMPLES.journalFile)).toContain('(der Datenträger ist voll)');
  });

  test('an import row’s problem is a sentence in the language on screen', async () => {
    expect(describeRowProblem(ROWS.nameTooLong)).toBe('The name is 1,001 characters long: shorten it to at most 1,000 characters.');
    expect(describeRowProblem(ROWS.statusUnknown)).toContain('“lost”');
    await setLanguage('de');
    expect(describeRowProblem(ROWS.nameTooLong)).toBe('Der Name ist 1.001 Zeichen lang: Kürzen Sie ihn auf höchstens 1.000 Zeichen.');
    expect(describeRowProblem(ROWS.categoryIdNotANumber)).toContain('„three“');
  });
});
