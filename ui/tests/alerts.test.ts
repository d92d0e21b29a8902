// Quota alerts as banners: low (a status), used up and 429 (alerts), one at a time per
// environment, dismissible, with the way to the quota panel.
import { fireEvent, screen, waitFor, within } from '@testing-library/svelte';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { alertText } from '../src/lib/activity-words';
import { formatClock, formatClockSeconds } from '../src/lib/format';
import type { QuotaAlert } from '../src/lib/types';
import { startApp } from './helpers';

const AT = '2026-11-20T13:04:12.000Z';
const RESET = '2026-11-20T13:05:00.000Z';

function alert(more: Partial<QuotaAlert> = {}): QuotaAlert {
  return { environment: 'staging', level: 'low', window: 'minute', remaining: 8, limit: 60, resetAt: RESET, at: AT, ...more };
}

const banners = () => screen.queryAllByTestId('quota-alert');

describe('quota alerts', () => {
  // At the alerts' own time: a banner whose renewal has passed is no longer shown.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'], now: Date.parse(AT) });
  });

  test('the words: low, used up, and a 429, in local time', () => {
    expect(alertText(alert())).toBe(`Staging: 8 of 60 requests left this minute, renews at ${formatClockSeconds(RESET)}.`);
    expect(alertText(alert({ level: 'exhausted', remaining: 0 }))).toBe(
      `Staging: no requests left this minute. Requests wait until it renews at ${formatClockSeconds(RESET)}.`,
    );
    expect(alertText(alert({ level: 'rateLimited', remaining: null }))).toBe(
      `Staging answered 429 Too Many Requests at ${formatClockSeconds(AT)}. Requests to Staging wait until ${formatClockSeconds(RESET)}.`,
    );
    // A day window as the headers told it; one they did not tell, judged by how far the reset
    // is; and no reset at all.
    expect(alertText(alert({ environment: 'production', window: 'day', remaining: 1_500, limit: 10_000, resetAt: RESET }))).toBe(
      `Production: 1,500 of 10,000 requests left today, renews at ${formatClockSeconds(RESET)}.`,
    );
    expect(alertText(alert({ window: 'unknown', resetAt: '2026-11-21T00:00:00.000Z' }))).toBe(
      `Staging: 8 of 60 requests left today, renews at ${formatClock('2026-11-21T00:00:00.000Z')}.`,
    );
    expect(alertText(alert({ level: 'exhausted', window: 'unknown', resetAt: null }))).toBe(
      'Staging: no requests left for now. Requests wait until it renews.',
    );
  });

  test('one rule for a banner’s times: with seconds less than an hour away, to the minute further', () => {
    const now = Date.parse(AT);
    const at = (ms: number) => new Date(now + ms).toISOString();
    const hhmm = (iso: string) => /^\d\d:\d\d$/.test(alertText(alert({ level: 'exhausted', resetAt: iso }), now).match(/at ([\d:]+)\.$/)?.[1] ?? '');
    const hhmmss = (iso: string) => /^\d\d:\d\d:\d\d$/.test(alertText(alert({ level: 'exhausted', resetAt: iso }), now).match(/at ([\d:]+)\.$/)?.[1] ?? '');
    expect(hhmmss(at(19_000))).toBe(true);
    expect(hhmmss(at(3_599_000))).toBe(true);
    expect(hhmm(at(3_600_000))).toBe(true);
    expect(hhmm(at(5 * 3_600_000))).toBe(true);
    // The moment of a 429 a minute ago reads as the Activity table has it: "17:25:19".
    expect(alertText(alert({ level: 'rateLimited', at: at(-60_000), resetAt: at(19_000) }), now)).toBe(
      `Staging answered 429 Too Many Requests at ${formatClockSeconds(at(-60_000))}. Requests to Staging wait until ${formatClockSeconds(at(19_000))}.`,
    );
    // An hour or more ago: to the minute.
    expect(alertText(alert({ level: 'rateLimited', at: at(-2 * 3_600_000), resetAt: null }), now)).toBe(
      `Staging answered 429 Too Many Requests at ${formatClock(at(-2 * 3_600_000))}. Requests to Staging wait as long as it asked.`,
    );
  });

  test('a low quota is a polite status; used up and 429 are alerts', async () => {
    const fake = await startApp();
    await screen.findByText('Biscuit');
    await fake.emit('quota-alert', alert());
    const low = await screen.findByTestId('quota-alert');
    expect(low.getAttribute('role')).toBe('status');
    expect(low.textContent).toContain('Staging: 8 of 60 requests left this minute');

    await fake.emit('quota-alert', alert({ environment: 'sandbox', level: 'rateLimited' }));
    await waitFor(() => expect(banners()).toHaveLength(2));
    const limited = banners().find((b) => b.dataset.environment === 'sandbox') as HTMLElement;
    expect(limited.getAttribute('role')).toBe('alert');
    expect(limited.textContent).toContain('Sandbox answered 429 Too Many Requests');
  });

  test('one at a time per environment: a newer alert replaces the one before', async () => {
    const fake = await startApp();
    await screen.findByText('Biscuit');
    await fake.emit('quota-alert', alert());
    await screen.findByTestId('quota-alert');
    await fake.emit('quota-alert', alert({ level: 'exhausted', remaining: 0 }));
    await waitFor(() => expect(banners()[0].dataset.level).toBe('exhausted'));
    expect(banners()).toHaveLength(1);
    expect(banners()[0].getAttribute('role')).toBe('alert');
  });

  test('dismissible, and it leads to the quota panel of its environment', async () => {
    const fake = await startApp({
      settings: { productionUrl: null, stagingUrl: 'https://staging.pets.example.com/v1' },
      keys: { staging: 'wxyz' },
    });
    await screen.findByText('Biscuit');
    await fake.emit('quota-alert', alert());
    const banner = await screen.findByTestId('quota-alert');
    await fireEvent.click(within(banner).getByRole('button', { name: 'Show the quota' }));
    expect(await screen.findByRole('dialog', { name: 'Quota · Staging' })).toBeTruthy();
    await waitFor(() => expect(fake.callsTo('quota_history')).toEqual([{ environment: 'staging', range: 'hour' }]));
    await fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });

    await fireEvent.click(within(banner).getByRole('button', { name: 'Dismiss the alert about Staging' }));
    await waitFor(() => expect(banners()).toHaveLength(0));
  });
});
