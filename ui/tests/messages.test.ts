// Every error kind, and every exact problem, in the words a person reads: realistic payloads
// (a 401 with the sandbox's long advice, a proxy's HTML 502, a refused connection, a 429 with its
// time...), each checked for what must never reach the screen.
//
import { render, screen } from '@testing-library/svelte';
import { afterEach, describe, expect, test, vi } from 'vitest';
import ErrorText from '../src/lib/components/ErrorText.svelte';
import { commandError } from '../src/demo/fake';
import { formatWhen } from '../src/lib/format';
import { describeError, ERROR_KINDS, PROBLEMS } from '../src/lib/messages';
import type { ErrorKind, Problem } from '../src/lib/command-error';
import type { CommandError } from '../src/lib/types';
import { KIND_OF } from './problem-kinds';

// A zone far from UTC, so a time shown in UTC cannot pass for local (Node reads TZ when it
// changes). Before any date below is made.
vi.stubEnv('TZ', 'America/New_York');

// The sandbox's 401 and a proxy's HTML 502, as the backend sends them: the server's words made
// one plain sentence (petstore-client's `server_words`, tested there with these bodies), and
// whether a gateway answered.
const SANDBOX_401_WORDS = 'The API key is not valid for this server.';
const NGINX_502_WORDS = '502 Bad Gateway.';
/** 14:05:47 local time, 32 seconds after NOW. */
const RETRY_AT = new Date(2026, 10, 23, 14, 5, 47);
const NOW = RETRY_AT.getTime() - 32_000;

/** One realistic error per kind, as the backend sends it. */
const BY_KIND = {
  unauthorized: commandError('unauthorized', {
    status: 401,
    code: 'invalid_api_key',
    serverMessage: SANDBOX_401_WORDS,
  }),
  notFound: commandError('notFound', { status: 404, code: 'pet_not_found', serverMessage: 'No pet has the id 99999.' }),
  // "Gone" only restates the code: the backend sends no words for it.
  gone: commandError('gone', { status: 410, code: 'gone' }),
  badRequest: commandError('badRequest', {
    status: 400,
    code: 'invalid_field',
    serverMessage: 'categoryId must be 1 or more; got 0.',
    field: 'categoryId',
  }),
  rateLimited: commandError('rateLimited', {
    status: 429,
    retryAt: RETRY_AT.toISOString(),
    waitReason: 'rateLimited',
    code: 'rate_limited',
    serverMessage: 'Too many requests.',
  }),
  server: commandError('server', { status: 500, code: 'internal_server_error' }),
  unexpectedResponse: commandError('unexpectedResponse', { status: 502, gateway: true, serverMessage: NGINX_502_WORDS }),
  decode: commandError('decode', { status: 200, jsonPath: 'pets[3].id' }),
  timeout: commandError('timeout'),
  network: commandError('network', { cause: 'refused' }),
  outcomeUnknown: commandError('outcomeUnknown', { reason: { code: 'connectionLost' } }),
  invalidInput: commandError('invalidInput', { field: 'limit', given: '101' }),
  configuration: commandError('configuration', { problem: 'missingBaseUrl', environment: 'production', field: 'productionUrl' }),
  responseTooLarge: commandError('responseTooLarge', { sizeLimit: { value: 8, unit: 'mib' } }),
  keychain: commandError('keychain', { problem: 'keychainUnavailable', field: 'key' }),
  alreadyAdded: commandError('alreadyAdded', {
    environment: 'staging',
    name: 'Rex',
    earlier: { at: RETRY_AT.toISOString(), source: { kind: 'form' }, petId: null },
  }),
  createInFlight: commandError('createInFlight', { environment: 'staging' }),
  cancelled: commandError('cancelled', { environment: 'staging' }),
  file: commandError('file', { problem: 'fileNotWritten', path: '/home/sam/pets.csv', reason: { code: 'io', io: 'diskFull' } }),
  activityUnavailable: commandError('activityUnavailable'),
  waitKept: commandError('waitKept', { problem: 'waitClearedRecently', retryAt: RETRY_AT.toISOString() }),
  import: commandError('import', { problem: 'importRunning' }),
  category: commandError('category', {
    problem: 'categoryListInvalid',
    path: '/home/sam/categories.csv',
    reason: { code: 'missingColumn', column: 'categoryId', found: ['name'] },
  }),
  sandboxNotStarted: commandError('sandboxNotStarted'),
  outbox: commandError('outbox', { problem: 'outboxFull', limit: 500 }),
  sharedStore: commandError('sharedStore', { problem: 'storeSignIn', user: 'desk' }),
} satisfies Record<ErrorKind, CommandError>;

/**
 * The same facts for every problem, as a payload: each reads those it has, and goes without one
 * its type asks for but this gives none of (a category or network refusal, a retry time).
 */
function withProblem(problem: Problem): CommandError {
  const detail = problem === 'insecureBaseUrl' ? 'http://staging.example.com/v1' : '/home/sam/.config/dev.petstore.admin/settings.json';
  return {
    kind: KIND_OF[problem],
    problem,
    environment: 'staging',
    address: detail,
    path: detail,
    reason: problem === 'invalidBaseUrl' ? { code: 'addressPath' } : { code: 'settingsSyntax', line: 4, column: 1 },
    line: problem === 'settingsUnreadable' ? 4 : null,
    column: problem === 'settingsUnreadable' ? 1 : null,
    sizeLimit: problem === 'keyTooLong' ? { value: 2560, unit: 'bytes' } : null,
    limit: 500,
  } as CommandError;
}

/** Sentences, for the check that none is said twice. */
function sentences(text: string): string[] {
  return text
    .split(/(?<=[.!?…]”?)\s+/)
    .map((s) => s.toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim())
    .filter((s) => s !== '');
}

function checkPlain(text: string, label: string) {
  expect(text, label).not.toContain('<');
  expect(text, label).not.toMatch(/os error/i);
  expect(text, label).not.toMatch(/reqwest|hyper|Error \{|::|serde|zbus/);
  expect(text, label).not.toMatch(/PETSTORE_|productionUrl|stagingUrl|pageSize/);
  expect(text, label).not.toMatch(/\bUTC\b|\d{4}-\d{2}-\d{2}T/);
  expect(text, label).not.toMatch(/undefined|null|\s{2}|\(\)|\.\./);
  expect(text, label).toMatch(/[.!?]$/);
  const said = sentences(text);
  expect(new Set(said).size, `${label}: a sentence said twice in "${text}"`).toBe(said.length);
  expect(text.length, label).toBeLessThan(400);
}

describe('every error, in words', () => {
  test('the table of payloads covers every kind the UI words', () => {
    expect(Object.keys(BY_KIND).sort()).toEqual([...ERROR_KINDS].sort());
  });

  for (const kind of ERROR_KINDS) {
    test(`${kind}: plain, one next step, no repeats`, () => {
      for (const environment of ['production', 'staging', 'sandbox'] as const) {
        const message = describeError(BY_KIND[kind], { environment, now: NOW });
        checkPlain(message.text, `${kind} in ${environment}`);
        expect(message.next, kind).toMatch(/[.!?]$/);
      }
    });
  }

  for (const problem of PROBLEMS) {
    test(`problem ${problem}: plain, one next step, no repeats`, () => {
      checkPlain(describeError(withProblem(problem), { now: NOW }).text, problem);
    });
  }

  test('a 401 gives the server’s first sentence once and one next step; the sandbox hint only for the Sandbox', () => {
    const staging = describeError(BY_KIND.unauthorized, { environment: 'staging' });
    expect(staging.text).toBe(
      'Staging refused the API key. The service said: “The API key is not valid for this server.” ' +
        'Check the API key for Staging in Settings.',
    );
    expect(staging.text.match(/Check/g)).toHaveLength(1);
    expect(staging.text).not.toMatch(/sandbox|demo key/i);
    const sandbox = describeError(BY_KIND.unauthorized, { environment: 'sandbox' });
    expect(sandbox.next).toContain('demo key');
  });

  test('a proxy’s HTML 502 is reduced to its title, with gateway advice and nothing about the address', () => {
    const message = describeError(BY_KIND.unexpectedResponse, { environment: 'staging' });
    expect(message.what).toBe('The service, or a proxy in front of it, is having trouble.');
    expect(message.server).toBe('502 Bad Gateway.');
    expect(message.next).toBe('Try again in a minute.');
    expect(message.text).not.toMatch(/address|nginx|<h1>/);
    const json503 = describeError(
      commandError('server', { status: 503, code: 'service_unavailable', gateway: true }),
    );
    expect(json503.text).toBe('The service, or a proxy in front of it, is having trouble. Try again in a minute.');
  });

  test('an unreachable server names the cause in words, never the OS text', () => {
    const causes = ['refused', 'dns', 'reset', 'tls', 'unreachable', 'other'] as const;
    const texts = causes.map((cause) => describeError(commandError('network', { cause }), { environment: 'staging' }).text);
    expect(new Set(texts).size).toBe(causes.length);
    expect(texts[0]).toBe(
      'Could not connect to the service: nothing answered at its address. ' +
        'Check the network connection and the address for Staging in Settings, then try again.',
    );
    for (const text of texts) checkPlain(text, text);
  });

  test('a proxy or certificate failure says which setting to change, in plain words', () => {
    const causes = [
      'proxyUnreachable',
      'proxyAuthRequired',
      'proxyAuthRefused',
      'proxyRefused',
      'unknownAuthority',
      'certificateExpired',
      'certificateName',
    ] as const;
    const messages = causes.map((cause) => describeError(commandError('network', { cause }), { environment: 'production' }));
    expect(new Set(messages.map((m) => m.text)).size).toBe(causes.length);
    for (const message of messages) {
      checkPlain(message.text, message.text);
      expect(message.text).not.toMatch(/rustls|reqwest|hyper|tunnel|407|temporary/i);
      expect(message.next).not.toContain('Try again in a moment');
    }
    const unknown = messages[causes.indexOf('unknownAuthority')];
    expect(unknown.what).toContain('A company proxy may be inspecting traffic');
    expect(unknown.next).toBe(
      'Ask IT for the company’s certificate and add it under Settings → Network (Trust a company certificate…).',
    );
    expect(messages[causes.indexOf('proxyAuthRequired')].next).toContain('Settings → Network');
    const setting = describeError(
      commandError('configuration', {
        problem: 'networkSettings',
        network: { problem: 'passwordInAddress', given: null, subject: null, date: null, io: null },
      }),
    );
    expect(setting.what).toContain('which keeps it in the keychain');
    const certificate = describeError(
      commandError('configuration', {
        problem: 'networkSettings',
        certificate: '/home/sam/.config/petstore/corp-root.pem',
        network: { problem: 'fileUnreadable', given: null, subject: null, date: null, io: 'notFound' },
      }),
    );
    expect(certificate.what).toBe(
      'The company certificate /home/sam/.config/petstore/corp-root.pem cannot be used. ' +
        'The file could not be read (it is not there). Choose it again, or remove it from the list.',
    );
    expect(setting.next).toBe('Change them under Settings → Network.');
  });

  test('a failed connection on a PAC or WPAD computer says to enter the proxy under Manual, naming the script', () => {
    const pac = describeError(
      commandError('network', { cause: 'refused', autoConfig: { url: 'http://wpad.corp.example/proxy.pac' } }),
      { environment: 'production' },
    );
    expect(pac.next).toBe(
      'This computer finds its proxy with an automatic configuration script (http://wpad.corp.example/proxy.pac), ' +
        'which the app cannot read: ask IT for the proxy’s address, then choose Manual under Settings → Network and enter it.',
    );
    const wpad = describeError(commandError('network', { cause: 'dns', autoConfig: { url: null } }));
    expect(wpad.next).toContain('automatically on the network (WPAD)');
    expect(wpad.what).toBe(describeError(commandError('network', { cause: 'dns' })).what);
    // Without auto-configuration the usual step stays.
    expect(describeError(commandError('network', { cause: 'dns' })).next).not.toContain('Manual');
  });

  test('a rate limit names the time in local time with a countdown, then says it has passed', () => {
    const message = describeError(BY_KIND.rateLimited, { now: NOW });
    expect(new Date(0).getTimezoneOffset(), 'the test runs away from UTC').not.toBe(0);
    expect(message.next).toBe('Try again at 14:05:47 (in 0:32).');
    expect(message.next).toBe(`Try again at ${formatWhen(RETRY_AT.toISOString(), NOW)}.`);
    expect(message.text).not.toContain(RETRY_AT.toISOString().slice(11, 19));
    const quota = describeError({ ...BY_KIND.rateLimited, waitReason: 'quotaExhausted' }, { now: NOW });
    expect(quota.what).toBe('The request quota for this API key is used up.');
    expect(describeError(BY_KIND.rateLimited, { now: RETRY_AT.getTime() + 1000 }).next).toBe('You can try again now.');
  });

  test('a wait not cleared says why and when, in local time with a countdown', () => {
    const recently = describeError(BY_KIND.waitKept, { now: NOW });
    expect(recently.what).toContain('cleared less than a minute ago');
    expect(recently.next).toBe(`You can clear it again at ${formatWhen(RETRY_AT.toISOString(), NOW)}.`);
    const service = describeError(
      commandError('waitKept', { problem: 'serviceWait', retryAt: RETRY_AT.toISOString(), waitReason: 'rateLimited' }),
      { now: NOW },
    );
    expect(service.what).toContain('the service itself asked this app to wait');
    expect(service.next).toBe('Requests go out again by themselves at 14:05:47 (in 0:32).');
    expect(describeError(BY_KIND.waitKept, { now: RETRY_AT.getTime() + 1000 }).next).toBe('You can try again now.');
    expect(describeError({ kind: 'waitKept' } as CommandError, { now: NOW }).what).toBe('The wait was not cleared, to spare the API key.');
  });

  test('a 400 keeps the server’s words and points to the field', () => {
    expect(describeError(BY_KIND.badRequest).text).toBe(
      'The service refused the request as invalid. The service said: “categoryId must be 1 or more; got 0.” ' +
        'Correct the category and try again.',
    );
  });

  test('server words that only restate the status, or our own sentence, are not repeated', () => {
    expect(describeError(BY_KIND.gone).server).toBeNull();
    expect(describeError(BY_KIND.server).server).toBeNull();
    const echo = { ...commandError('timeout'), serverMessage: 'The service did not answer in time.' };
    expect(describeError(echo).server).toBeNull();
  });

  test('the other payloads read as a clerk would want them', () => {
    expect(describeError(BY_KIND.outcomeUnknown).text).toBe(
      'The connection was lost before the answer arrived, so it is not known whether the pet was added. ' +
        'List the pets to check before trying again, so it is not added twice.',
    );
    expect(describeError(BY_KIND.responseTooLarge).what).toBe('The service’s answer was too large to read (more than 8 MiB).');
    expect(describeError(BY_KIND.keychain).next).toContain('for this session only');
    expect(describeError(BY_KIND.createInFlight).what).toBe('A pet is already being added to Staging.');
    expect(describeError(BY_KIND.invalidInput).what).toBe('Rows per page must be a whole number from 1 to 100 (you gave “101”).');
    expect(describeError(BY_KIND.configuration).text).toBe('Production has no address yet. Add it in Settings.');
    expect(describeError(withProblem('settingsUnreadable')).what).toContain('at line 4, column 1: it is not valid JSON (look for a stray character, a trailing comma or a missing quote).');
  });
});

describe('ErrorText', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  test('counts down live in local time; a screen reader hears the message once', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'], now: NOW });
    render(ErrorText, { error: BY_KIND.rateLimited });
    const shown = () => screen.getByTestId('error-text').querySelector('[aria-hidden="true"]')?.textContent ?? '';
    expect(shown()).toContain('Try again at 14:05:47 (in 0:32).');
    const spoken = screen.getByTestId('error-text').querySelector('.sr-only')?.textContent;
    await vi.advanceTimersByTimeAsync(5_000);
    expect(shown()).toContain('Try again at 14:05:47 (in 0:27).');
    expect(screen.getByTestId('error-text').querySelector('.sr-only')?.textContent).toBe(spoken);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(shown()).toContain('You can try again now.');
  });

  test('an error without a time renders its words once, single-spaced', () => {
    render(ErrorText, { error: BY_KIND.unauthorized, environment: 'staging' });
    const text = screen.getByTestId('error-text').textContent ?? '';
    expect(text).toBe(describeError(BY_KIND.unauthorized, { environment: 'staging' }).text);
  });
});
