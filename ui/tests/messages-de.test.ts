// Errors, form checks and update failures in German: every kind, exact problem, network cause,
// category refusal and update failure the UI words comes out German (not the English, with no
// English catalog sentence left in it and every placeholder filled), a few key sentences exactly,
// and an error on screen re-worded at once when the language changes.
import { render, screen } from '@testing-library/svelte';
import { tick } from 'svelte';
import { afterEach, describe, expect, test, vi } from 'vitest';
import ErrorText from '../src/lib/components/ErrorText.svelte';
import { commandError } from '../src/lib/command-error';
import { errorsEn } from '../src/lib/i18n/error.en';
import { setLanguage } from '../src/lib/i18n/index.svelte';
import { networkEn } from '../src/lib/i18n/network.en';
import { updatesEn } from '../src/lib/i18n/update.en';
import { validationEn } from '../src/lib/i18n/validation.en';
import { int64Problem } from '../src/lib/int64';
import {
  CATEGORY_PROBLEMS,
  describeCategoryRefusal,
  describeError,
  ERROR_KINDS,
  NETWORK_CAUSES,
  PROBLEMS,
} from '../src/lib/messages';
import { describeUpdateFailure, UPDATE_FAILURES, updateWords } from '../src/lib/update-words';
import {
  baseUrlProblem,
  categoryProblem,
  limitProblem,
  maxEntriesProblem,
  nameProblem,
  retentionDaysProblem,
  typedCount,
} from '../src/lib/validation';
import type { CategoryProblem } from '../src/lib/bindings/CategoryProblem';
import type { NetworkProblem } from '../src/lib/bindings/NetworkProblem';
import type { ErrorKind, Problem, WithProblem } from '../src/lib/command-error';
import type { CommandError } from '../src/lib/types';
import { KIND_OF } from './problem-kinds';

// A zone far from UTC, so a time shown in UTC cannot pass for local.
vi.stubEnv('TZ', 'Europe/Berlin');

/** 14:05:47 local time, 32 seconds after NOW. */
const RETRY_AT = new Date(2026, 10, 23, 14, 5, 47);
const NOW = RETRY_AT.getTime() - 32_000;

/** A payload of `kind` naming no exact problem (the type asks for one: the words do without). */
const noProblem = (kind: WithProblem['kind']) => ({ kind }) as CommandError;

/** One error per kind, with the facts that make each say the most (no exact problem). */
const BY_KIND = {
  unauthorized: commandError('unauthorized', { status: 401 }),
  notFound: commandError('notFound', { status: 404 }),
  gone: commandError('gone', { status: 410 }),
  badRequest: commandError('badRequest', { status: 400, field: 'name' }),
  rateLimited: commandError('rateLimited', { status: 429, retryAt: RETRY_AT.toISOString(), waitReason: 'rateLimited' }),
  server: commandError('server', { status: 500 }),
  unexpectedResponse: commandError('unexpectedResponse', { status: 418 }),
  decode: commandError('decode', { status: 200 }),
  timeout: commandError('timeout'),
  network: commandError('network', { cause: 'refused' }),
  outcomeUnknown: commandError('outcomeUnknown'),
  invalidInput: commandError('invalidInput', { field: 'limit', given: '101' }),
  configuration: noProblem('configuration'),
  responseTooLarge: commandError('responseTooLarge', { sizeLimit: { value: 8, unit: 'mib' } }),
  keychain: noProblem('keychain'),
  alreadyAdded: commandError('alreadyAdded', {
    environment: 'staging',
    name: 'Rex',
    earlier: { at: RETRY_AT.toISOString(), source: { kind: 'form' }, petId: null },
  }),
  createInFlight: commandError('createInFlight'),
  file: noProblem('file'),
  cancelled: commandError('cancelled'),
  activityUnavailable: commandError('activityUnavailable'),
  waitKept: commandError('waitKept', { problem: 'waitClearedRecently', retryAt: RETRY_AT.toISOString() }),
  import: noProblem('import'),
  category: noProblem('category'),
  sandboxNotStarted: commandError('sandboxNotStarted'),
  outbox: commandError('outbox', { problem: 'outboxFull', limit: 500 }),
  sharedStore: commandError('sharedStore', { problem: 'storeSignIn', user: 'desk' }),
} satisfies Record<ErrorKind, CommandError>;

/** More of each kind: every input field, every wait, with and without a server status. */
const MORE: CommandError[] = [
  ...(['limit', 'status', 'name', 'categoryId', 'id', 'key', 'retentionDays', 'maxEntries', 'next', 'since'] as const).map(
    (field) => commandError('invalidInput', { field, given: 'x' }),
  ),
  ...(['name', 'categoryId', 'status', 'limit', 'id', 'key', null] as const).map((field) => commandError('badRequest', { field })),
  commandError('rateLimited', { waitReason: 'quotaExhausted', retryAt: RETRY_AT.toISOString() }),
  commandError('rateLimited', { waitReason: 'backoff' }),
  commandError('rateLimited', { retryAt: new Date(NOW - 1000).toISOString() }),
  commandError('server', { status: 503, gateway: true }),
  commandError('unexpectedResponse'),
  commandError('responseTooLarge'),
  commandError('responseTooLarge', { sizeLimit: { value: 1000, unit: 'bytes' } }),
  commandError('outcomeUnknown', { reason: { code: 'connectionLost' } }),
  { ...commandError('teapot' as ErrorKind) },
];

/**
 * Each problem twice: with every fact the backend can send, and with none (as a payload: the type
 * asks for some of them, the words do without).
 */
function withProblem(problem: Problem, full: boolean): CommandError {
  const detail = full ? '/home/sam/pets.csv' : null;
  return {
    kind: KIND_OF[problem],
    problem,
    environment: full ? 'staging' : null,
    field: full ? 'key' : null,
    address: detail,
    path: detail,
    reason: full ? { code: 'settingsSyntax', line: 4, column: 1 } : null,
    line: full ? 4 : null,
    column: full ? 1 : null,
    sizeLimit: full ? { value: 2560, unit: 'bytes' } : null,
    // A fact every such problem has (the outbox's most).
    limit: 500,
  } as CommandError;
}

function refusal(problem: CategoryProblem, full: boolean) {
  return {
    problem,
    // The id as given is always sent; only an id that is not a number may be empty.
    id: problem === 'idNotPositive' ? '0' : full || problem !== 'idNotANumber' ? '7' : '',
    name: 'Dogs',
    line: null,
    chars: full ? 1200 : null,
    otherId: full ? '3' : null,
    otherName: full ? 'Dogs' : null,
  };
}

// Every refusal of a network setting (checked against the generated type: a new one fails here).
const NETWORK_PROBLEMS = Object.keys({
  noProxyAddress: 1,
  passwordInAddress: 1,
  notAnAddress: 1,
  notHttp: 1,
  addressHasPath: 1,
  badBypassEntry: 1,
  certificateTooLarge: 1,
  noCertificate: 1,
  certificateUnreadable: 1,
  notAnAuthority: 1,
  certificateExpired: 1,
  certificateNotYetValid: 1,
  fileUnreadable: 1,
} satisfies Record<NetworkProblem, 1>) as NetworkProblem[];

/** Every error the tests word, in every environment (and none). */
function everyError(): { label: string; error: CommandError; environment: 'production' | 'staging' | 'sandbox' | null }[] {
  const errors: { label: string; error: CommandError }[] = [
    ...ERROR_KINDS.map((kind) => ({ label: kind, error: BY_KIND[kind] })),
    ...MORE.map((error, i) => ({ label: `${error.kind} #${i}`, error })),
    ...PROBLEMS.flatMap((problem) => [
      { label: `problem ${problem}`, error: withProblem(problem, true) },
      { label: `problem ${problem} (no facts)`, error: withProblem(problem, false) },
    ]),
    ...NETWORK_CAUSES.map((cause) => ({ label: `cause ${cause}`, error: commandError('network', { cause }) })),
    ...NETWORK_PROBLEMS.map((problem) => ({
      label: `network setting ${problem}`,
      error: commandError('configuration', {
        problem: 'networkSettings',
        network: { problem, given: 'proxy corp', subject: 'CN=Corp Root', date: '2031-01-01T00:00:00Z', io: 'permissionDenied' },
      }),
    })),
    ...CATEGORY_PROBLEMS.map((problem) => ({
      label: `refused ${problem}`,
      error: commandError('category', { problem: 'categoryRefused', refusal: refusal(problem, true) }),
    })),
  ];
  return errors.flatMap(({ label, error }) =>
    (['production', 'staging', 'sandbox', null] as const).map((environment) => ({
      label: `${label} in ${environment}`,
      error,
      environment,
    })),
  );
}

/**
 * The English catalog's own words, as runs of at least three words between placeholders: none
 * may be left in a German sentence.
 */
const ENGLISH_RUNS = [
  ...Object.values(errorsEn),
  ...Object.values(validationEn),
  ...Object.values(updatesEn),
  ...Object.values(networkEn),
]
  .flatMap((text) => text.split(/\{\w+\}/))
  .map((run) => run.trim())
  // Words, not an example address (http://proxy.example.com:8080 is the same in every language).
  .filter((run) => /\s/.test(run) && (run.match(/\p{L}+/gu) ?? []).length >= 3);

function checkGerman(german: string, english: string, label: string) {
  expect(german, label).not.toBe(english);
  expect(german, label).not.toMatch(/\{\w+\}/);
  expect(german, label).not.toMatch(/undefined|null|\s{2}|\(\)/);
  for (const run of ENGLISH_RUNS) expect(german, `${label}: "${run}" left in English`).not.toContain(run);
}

/** The same call in English and in German. */
async function bothLanguages<T>(make: () => T): Promise<{ en: T; de: T }> {
  await setLanguage('en');
  const en = make();
  await setLanguage('de');
  return { en, de: make() };
}

describe('errors in German', () => {
  afterEach(() => setLanguage('en'));

  test('the payloads cover every kind, problem, cause and refusal the UI words', () => {
    expect(Object.keys(BY_KIND).sort()).toEqual([...ERROR_KINDS].sort());
    expect(NETWORK_CAUSES.length).toBeGreaterThanOrEqual(13);
    expect(CATEGORY_PROBLEMS.length).toBeGreaterThanOrEqual(8);
    expect(ENGLISH_RUNS.length).toBeGreaterThan(150);
  });

  test('the check for English left over catches it', () => {
    expect(() => checkGerman('Der Dienst: Try again in a moment.', 'x', 'probe')).toThrow();
    expect(() => checkGerman('Für {env} fehlt etwas.', 'x', 'probe')).toThrow();
  });

  test('every error is worded in German, with its placeholders filled and no English sentence left', async () => {
    for (const { label, error, environment } of everyError()) {
      const { en, de } = await bothLanguages(() => describeError(error, { environment, now: NOW }));
      checkGerman(de.what, en.what, `${label}: what`);
      checkGerman(de.next, en.next, `${label}: next`);
      checkGerman(de.text, en.text, label);
      expect(de.text, label).toMatch(/[.!?]$/);
    }
  }, 120_000);

  test('every category refusal, with and without its facts, in German', async () => {
    for (const problem of CATEGORY_PROBLEMS) {
      for (const full of [true, false]) {
        const { en, de } = await bothLanguages(() => describeCategoryRefusal(refusal(problem, full)));
        checkGerman(de.what, en.what, `${problem} what`);
        checkGerman(de.next, en.next, `${problem} next`);
      }
    }
  });

  test('the server’s own words are quoted the German way', async () => {
    await setLanguage('de');
    const message = describeError(
      commandError('badRequest', { status: 400, field: 'categoryId', serverMessage: 'categoryId must be 1 or more; got 0.' }),
    );
    expect(message.text).toBe(
      'Der Dienst hat die Anfrage als ungültig abgelehnt. Der Dienst meldete: „categoryId must be 1 or more; got 0.“ ' +
        'Korrigieren Sie die Kategorie und versuchen Sie es noch einmal.',
    );
  });

  test('a rate limit names the time with a German countdown', async () => {
    await setLanguage('de');
    expect(new Date(0).getTimezoneOffset(), 'the test runs away from UTC').not.toBe(0);
    const soon = describeError(BY_KIND.rateLimited, { now: NOW });
    expect(soon.what).toBe('Der Dienst hat darum gebeten, weniger Anfragen zu senden.');
    expect(soon.next).toBe('Versuchen Sie es um 14:05:47 (in 0:32) noch einmal.');
    const later = describeError(BY_KIND.rateLimited, { now: RETRY_AT.getTime() - (2 * 3600 + 30 * 60) * 1000 });
    expect(later.next).toBe('Versuchen Sie es um 14:05:47 (in 2 Std. 30 Min.) noch einmal.');
    const quota = describeError({ ...BY_KIND.rateLimited, waitReason: 'quotaExhausted' }, { now: NOW });
    expect(quota.what).toBe('Das Anfragen-Kontingent für diesen API-Schlüssel ist aufgebraucht.');
    expect(describeError(BY_KIND.rateLimited, { now: RETRY_AT.getTime() + 1000 }).next).toBe(
      'Sie können es jetzt noch einmal versuchen.',
    );
  });

  test('an unknown certificate authority and a proxy asking for a password (407), exactly', async () => {
    await setLanguage('de');
    const authority = describeError(commandError('network', { cause: 'unknownAuthority' }), { environment: 'production' });
    expect(authority.text).toBe(
      'Das Zertifikat des Dienstes stammt von einer Zertifizierungsstelle, der dieser Computer nicht vertraut. ' +
        'Möglicherweise prüft ein Firmen-Proxy den Datenverkehr. ' +
        'Fragen Sie die IT nach dem Zertifikat Ihrer Firma und fügen Sie es unter ' +
        'Einstellungen → Netzwerk → Firmenzertifikat vertrauen … hinzu.',
    );
    const proxy = describeError(commandError('network', { cause: 'proxyAuthRequired' }), { environment: 'staging' });
    expect(proxy.text).toBe(
      'Der Proxy verlangt einen Benutzernamen und ein Passwort. ' +
        'Geben Sie den Benutzernamen und das Passwort des Proxys unter Einstellungen → Netzwerk ein.',
    );
  });

  test('a PAC computer is told in German to enter the proxy under Manual', async () => {
    await setLanguage('de');
    const pac = describeError(commandError('network', { cause: 'refused', autoConfig: { url: 'http://wpad/proxy.pac' } }));
    expect(pac.next).toBe(
      'Dieser Computer findet seinen Proxy über ein Skript zur automatischen Konfiguration (http://wpad/proxy.pac), ' +
        'das die App nicht lesen kann: Fragen Sie die IT nach der Adresse des Proxys, wählen Sie dann unter ' +
        'Einstellungen → Netzwerk „Manuell“ und geben Sie sie ein.',
    );
    expect(describeError(commandError('network', { autoConfig: { url: null } })).next).toContain('(WPAD)');
  });

  test('environments, sizes and lines are put in German', async () => {
    await setLanguage('de');
    expect(describeError(commandError('unauthorized'), { environment: 'production' }).text).toBe(
      'Die Umgebung Produktion hat den API-Schlüssel abgelehnt. Prüfen Sie den API-Schlüssel für Produktion in den Einstellungen.',
    );
    expect(describeError(commandError('responseTooLarge', { sizeLimit: { value: 1500, unit: 'bytes' } })).what).toBe(
      'Die Antwort des Dienstes war zu groß zum Lesen (mehr als 1.500 Byte).',
    );
    expect(describeError(withProblem('settingsUnreadable', true)).what).toBe(
      'Die Einstellungsdatei /home/sam/pets.csv kann nicht gelesen werden (Zeile 4, Spalte 1): sie ist kein gültiges JSON (achten Sie auf ein überzähliges Zeichen, ein Komma am Ende oder ein fehlendes Anführungszeichen).',
    );
    expect(describeError(commandError('invalidInput', { field: 'status', given: 'lost' })).what).toBe(
      'Der Status muss „Verfügbar“, „Reserviert“ oder „Verkauft“ sein (Sie haben „lost“ eingegeben).',
    );
    expect(describeError(commandError('invalidInput', { field: 'limit', given: '101' })).what).toBe(
      'Zeilen pro Seite muss eine ganze Zahl von 1 bis 100 sein (Sie haben „101“ eingegeben).',
    );
  });
});

describe('form checks and updates in German', () => {
  afterEach(() => setLanguage('en'));

  test('a pet’s name, exactly', async () => {
    const long = 'x'.repeat(1005);
    const { en, de } = await bothLanguages(() => [nameProblem('  '), nameProblem(long)]);
    expect(en).toEqual([
      'Enter a name.',
      'This name is too long: shorten it to at most 1,000 characters (remove 5).',
    ]);
    expect(de).toEqual([
      'Geben Sie einen Namen ein.',
      'Dieser Name ist zu lang: Kürzen Sie ihn auf höchstens 1.000 Zeichen (entfernen Sie 5).',
    ]);
  });

  test('every form check is German, with its placeholders filled', async () => {
    const checks: [string, () => string | null][] = [
      ['category empty', () => categoryProblem('')],
      ['category digits', () => categoryProblem('3a')],
      ['category zero', () => categoryProblem('0')],
      ['category too large', () => categoryProblem('9223372036854775808')],
      ['limit', () => limitProblem('101')],
      ['url not full', () => baseUrlProblem('pets')],
      ['url http', () => baseUrlProblem('http://pets.example.com/v1')],
      ['url user', () => baseUrlProblem('https://sam:pw@pets.example.com/v1')],
      ['url query', () => baseUrlProblem('https://pets.example.com/v1?a=1')],
      ['url v1', () => baseUrlProblem('https://pets.example.com/')],
      ['days enter', () => retentionDaysProblem('ten')],
      ['days range', () => retentionDaysProblem('0')],
      ['entries enter', () => maxEntriesProblem('many')],
      ['entries range', () => maxEntriesProblem('10')],
      ['id empty', () => int64Problem('')],
      ['id digits', () => int64Problem('1.5')],
      ['id too large', () => int64Problem('99999999999999999999')],
    ];
    for (const [label, check] of checks) {
      const { en, de } = await bothLanguages(check);
      expect(en, label).not.toBeNull();
      checkGerman(de as string, en as string, label);
    }
    await setLanguage('de');
    expect(maxEntriesProblem('10')).toBe('Verwenden Sie eine Anzahl von Einträgen von 1.000 bis 500.000.');
  });

  test('a count is read with the thousands separator of the language on screen', async () => {
    expect(typedCount('200,000')).toBe(200_000);
    expect(maxEntriesProblem('200,000')).toBeNull();
    await setLanguage('de');
    expect(typedCount('200.000')).toBe(200_000);
    expect(maxEntriesProblem('200.000')).toBeNull();
  });

  test('every update failure and the update words are German', async () => {
    for (const failure of UPDATE_FAILURES) {
      const { en, de } = await bothLanguages(() => describeUpdateFailure(failure));
      checkGerman(de, en, failure);
    }
    // A check stopped by the proxy or an unknown certificate names it, with the setting to change.
    const proxy = await bothLanguages(() => describeUpdateFailure('unreachable', 'proxyAuthRequired'));
    expect(proxy.en).toBe(
      'The update address could not be reached. The proxy asks for a user name and password. ' +
        'Enter the proxy’s user name and password under Settings → Network.',
    );
    checkGerman(proxy.de, proxy.en, 'proxyAuthRequired');
    expect((await bothLanguages(() => describeUpdateFailure('unreachable', 'unknownAuthority'))).de).toContain(
      'Firmenzertifikat vertrauen',
    );
    // A cause no setting fixes keeps the general words.
    expect(describeUpdateFailure('unreachable', 'dns')).toBe(describeUpdateFailure('unreachable'));
    const { en, de } = await bothLanguages(() => [
      updateWords.offerTitle,
      updateWords.offerVersion('2.1.0', '2.0.3'),
      updateWords.upToDate('2.0.3'),
      updateWords.checkNow,
    ]);
    de.forEach((text, i) => checkGerman(text, en[i], text));
    expect(de[1]).toBe('Version 2.1.0 kann installiert werden. Sie haben 2.0.3.');
  });
});

describe('ErrorText follows the language', () => {
  afterEach(() => setLanguage('en'));

  test('an error on screen is re-worded at once when the language changes', async () => {
    const error = { ...commandError('network', { cause: 'proxyAuthRequired' }), serverMessage: 'Proxy Authentication Required.' };
    render(ErrorText, { error, environment: 'staging' });
    const shown = () => screen.getByTestId('error-text').textContent ?? '';
    expect(shown()).toContain('The proxy asks for a user name and password.');
    await setLanguage('de');
    await tick();
    expect(shown()).toBe(describeError(error, { environment: 'staging' }).text);
    expect(shown()).toContain('Der Proxy verlangt einen Benutzernamen und ein Passwort.');
    expect(shown()).toContain('Der Dienst meldete: „Proxy Authentication Required.“');
    await setLanguage('en');
    await tick();
    expect(shown()).toContain('The proxy asks for a user name and password.');
  });
});
