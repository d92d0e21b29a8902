import { describe, expect, test } from 'vitest';
import { formatClockSeconds, formatCount, formatCountdown, formatDate, formatWhen } from '../src/lib/format';
import { compareInt64, int64Problem } from '../src/lib/int64';
import { detectOs, markOs } from '../src/lib/platform';
import { shortcutAction } from '../src/lib/shortcuts';
import { baseUrlProblem, limitProblem, movesToAnotherServer } from '../src/lib/validation';
import { toCommandError } from '../src/lib/backend';
import { commandError } from '../src/demo/fake';
import type { ErrorOf } from '../src/lib/command-error';

describe('int64', () => {
  test('accepts the whole int64 range as text and nothing beyond', () => {
    expect(int64Problem('9223372036854775807')).toBeNull();
    expect(int64Problem('-9223372036854775808')).toBeNull();
    expect(int64Problem('9223372036854775808')).toMatch(/too large/);
    // Below the minimum is too small, not "too large".
    expect(int64Problem('-9223372036854775809')).toMatch(/too small/);
    expect(int64Problem('1e3')).toMatch(/digits only/);
    expect(int64Problem(' 1')).toMatch(/digits only/);
  });

  test('compares values beyond 2^53 exactly', () => {
    expect(compareInt64('9007199254740993', '9007199254740992')).toBe(1);
    expect(compareInt64('10', '9')).toBe(1);
    expect(compareInt64('-1', '0')).toBe(-1);
    expect(compareInt64('abc', '1')).toBe(1);
  });
});

describe('validation', () => {
  test('base address', () => {
    expect(baseUrlProblem('')).toBeNull();
    expect(baseUrlProblem('https://pets.example.com/v1')).toBeNull();
    expect(baseUrlProblem('https://pets.example.com/v1/')).toBeNull();
    expect(baseUrlProblem('http://localhost:8080/v1')).toBeNull();
    expect(baseUrlProblem('http://[::1]:8080/v1')).toBeNull();
    expect(baseUrlProblem('http://10.0.0.1/v1')).toMatch(/https/);
    expect(baseUrlProblem('pets.example.com/v1')).toMatch(/full address/);
    expect(baseUrlProblem('https://pets.example.com/v2')).toMatch(/\/v1/);
    expect(baseUrlProblem('https://u:p@pets.example.com/v1')).toMatch(/user name/);
  });

  test('limit', () => {
    expect(limitProblem('1')).toBeNull();
    expect(limitProblem('100')).toBeNull();
    expect(limitProblem('0')).not.toBeNull();
    expect(limitProblem('101')).not.toBeNull();
    expect(limitProblem('2.5')).not.toBeNull();
  });
});

describe('format', () => {
  test('countdown', () => {
    expect(formatCountdown(65_000)).toBe('1:05');
    expect(formatCountdown(400)).toBe('0:01');
    expect(formatCountdown(-5)).toBe('0:00');
    expect(formatCountdown(3 * 3600_000 + 12 * 60_000)).toBe('3 h 12 min');
  });

  test('a named moment is local time with what is left, never UTC', () => {
    const at = new Date(2026, 10, 23, 14, 5, 47); // local time
    const iso = at.toISOString();
    expect(formatClockSeconds(iso)).toBe('14:05:47');
    expect(formatWhen(iso, at.getTime() - 32_000)).toBe('14:05:47 (in 0:32)');
    expect(formatWhen(iso, at.getTime() + 1_000)).toBe('14:05:47');
    expect(formatWhen('soon', 0)).toBe('soon');
  });

  test('the sunset date in the spec’s words, from either date format', () => {
    expect(formatDate('2030-12-05')).toBe('5 December 2030');
    expect(formatDate('Thu, 05 Dec 2030 00:00:00 GMT')).toBe('5 December 2030');
    expect(formatDate('soon')).toBe('soon');
    // The same as Intl's en-GB long date, on every day of a leap year.
    const intl = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
    for (let day = 0; day < 366; day++) {
      const at = Date.UTC(2028, 0, 1 + day, 23, 30);
      expect(formatDate(new Date(at).toISOString())).toBe(intl.format(at));
    }
  });
});

describe('shortcuts and errors', () => {
  test('shortcuts need exactly the platform modifier', () => {
    const ev = (init: KeyboardEventInit) => new KeyboardEvent('keydown', init);
    expect(shortcutAction(ev({ key: 'n', ctrlKey: true }), false)).toBe('newPet');
    expect(shortcutAction(ev({ key: 'N', metaKey: true }), true)).toBe('newPet');
    expect(shortcutAction(ev({ key: 'r', ctrlKey: true, shiftKey: true }), false)).toBeNull();
    expect(shortcutAction(ev({ key: 'f', ctrlKey: true }), true)).toBeNull();
    expect(shortcutAction(ev({ key: 'f', ctrlKey: true }), false)).toBe('find');
    expect(shortcutAction(ev({ key: 'F', metaKey: true, shiftKey: true }), true)).toBe('focusFilter');
    expect(shortcutAction(ev({ key: 'n', ctrlKey: true, shiftKey: true }), false)).toBeNull();
    expect(shortcutAction(ev({ key: 'x', ctrlKey: true }), false)).toBeNull();
  });

  test('a CommandError passes through; anything else becomes one', () => {
    const e = commandError('timeout');
    expect(toCommandError(e)).toBe(e);
    const bare = toCommandError('boom') as ErrorOf<'unexpectedResponse'>;
    expect(bare.kind).toBe('unexpectedResponse');
    expect(bare.serverMessage, 'Tauri\'s own text is not the service\'s words').toBeNull();
    expect(toCommandError({ kind: 'weird', message: 'x' }).kind).toBe('unexpectedResponse');
  });
});

describe('platform', () => {
  const nav = (platform: string, userAgent = '') => ({ platform, userAgent }) as Navigator;

  test('the OS comes from what the web view reports', () => {
    expect(detectOs(nav('MacIntel'))).toBe('mac');
    expect(detectOs(nav('Linux x86_64', 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/605.1.15'))).toBe('linux');
    expect(detectOs(nav('Win32', 'Mozilla/5.0 (Windows NT 10.0; Win64; x64)'))).toBe('other');
    expect(detectOs(nav('Linux armv8l', 'Mozilla/5.0 (Linux; Android 14)'))).toBe('other');
  });

  test('<html data-os> is set for the stylesheet', () => {
    const root = document.createElement('html');
    markOs(root, nav('Linux x86_64'));
    expect(root.dataset.os).toBe('linux');
  });
});

describe('moving an address to another server', () => {
  test('scheme, host or port differ: another server', () => {
    expect(movesToAnotherServer('https://pets.example.com/v1', 'https://other.example.com/v1')).toBe(true);
    expect(movesToAnotherServer('https://pets.example.com/v1', 'https://pets.example.com:8443/v1')).toBe(true);
    expect(movesToAnotherServer('http://127.0.0.1:4780/v1', 'http://localhost:4780/v1')).toBe(true);
    expect(movesToAnotherServer('http://127.0.0.1:4780/v1', 'https://127.0.0.1:4780/v1')).toBe(true);
  });

  test('the same origin, a first address, a removed one or an unreadable one: not a move', () => {
    expect(movesToAnotherServer('https://pets.example.com/v1', 'https://PETS.example.com:443/api/v1/')).toBe(false);
    expect(movesToAnotherServer(null, 'https://pets.example.com/v1')).toBe(false);
    expect(movesToAnotherServer('', 'https://pets.example.com/v1')).toBe(false);
    expect(movesToAnotherServer('https://pets.example.com/v1', '  ')).toBe(false);
    expect(movesToAnotherServer('https://pets.example.com/v1', 'not an address')).toBe(false);
  });
});


describe('formatCount', () => {
  test('groups thousands as Intl.NumberFormat("en") does, for every whole number tried', () => {
    const intl = new Intl.NumberFormat('en');
    const values = [
      0, -0, 1, 9, 10, 99, 100, 999, 1000, 1001, 1200, 9999, 10000, 99999, 100000, 999999, 1000000, 1234567,
      10000000, 123456789, 1000000000, 2 ** 31 - 1, 2 ** 32, 2 ** 53 - 1, 2 ** 53, 2 ** 53 + 2, 1e21, 1e21 + 2 ** 20,
      Number.MAX_SAFE_INTEGER, Number.MAX_VALUE, -1, -999, -1000, -1234567, -(2 ** 53),
    ];
    // Every power of ten and its neighbours, and a spread of others.
    for (let p = 1; p <= 1e22; p *= 10) values.push(p - 1, p, p + 1, -p);
    for (let n = 0; n < 200_000; n += 997) values.push(n);
    for (const n of values) expect(formatCount(n), String(n)).toBe(intl.format(n));
  });

  test('a few counts: 1,200, 990 / 1,000 and 300', () => {
    expect(formatCount(1200)).toBe('1,200');
    expect(`${formatCount(990)} / ${formatCount(1000)}`).toBe('990 / 1,000');
    expect(formatCount(300)).toBe('300');
  });
});
